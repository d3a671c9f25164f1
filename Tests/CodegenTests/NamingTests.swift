@testable import CodegenKit
import Testing

@Suite("Naming")
struct NamingTests {
    @Test("wire names become camel-case identifiers")
    func camelCase() {
        #expect(Naming.identifier("folder_id") == "folderId")
        #expect(Naming.identifier("$parent") == "parent")
        #expect(Naming.identifier("previewer uploader") == "previewerUploader")
        #expect(Naming.identifier("FILE.UPLOADED") == "fileUploaded")
        #expect(Naming.identifier("urn:ietf:params:oauth:grant-type:token-exchange")
            == "urnIetfParamsOauthGrantTypeTokenExchange")
        #expect(Naming.identifier("getFolderById") == "getFolderById")
        #expect(Naming.identifier("If-None-Match") == "ifNoneMatch")
        #expect(Naming.identifier("URLPath") == "urlPath")
    }

    @Test("keywords are back-quoted and unusable names get a suffix")
    func keywords() {
        #expect(Naming.identifier("default") == "`default`")
        #expect(Naming.identifier("class") == "`class`")
        #expect(Naming.identifier("self") == "selfValue")
        #expect(Naming.identifier("Type") == "type")
        #expect(Naming.identifier("1st") == "_1st")
        #expect(Naming.identifier("", fallback: "empty") == "empty")
    }

    @Test("component names become type names")
    func typeNames() {
        #expect(Naming.typeName("User--Full") == "UserFull")
        #expect(Naming.typeName("File--Mini") == "FileMini")
        #expect(Naming.typeName("client_error") == "ClientError")
        #expect(Naming.typeName("PostOAuth2Token") == "PostOAuth2Token")
        #expect(Naming.typeName("2fa") == "_2fa")
    }

    @Test("a taken name gets the first free alternative or a number")
    func registry() {
        var registry = NameRegistry(reserved: ["AccessToken"])
        #expect(registry.claim("AccessToken", alternatives: ["AccessTokenModel"]) == "AccessTokenModel")
        #expect(registry.claim("accesstoken") == "accesstoken2")
        #expect(registry.claim("Folder") == "Folder")
        #expect(registry.claim("Folder") == "Folder2")
    }
}
