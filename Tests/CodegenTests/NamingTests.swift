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

    @Test("an initialism before lower case is a word capitalised like one, as Box's generator names it")
    func initialisms() {
        #expect(Naming.typeName("SignRequestSignerInputDateEUValidation") == "SignRequestSignerInputDateEuValidation")
        #expect(Naming.typeName("SignRequestSignerInputSSNValidation") == "SignRequestSignerInputSsnValidation")
        #expect(Naming.typeName("SignRequestSignerInputZIP4Validation") == "SignRequestSignerInputZip4Validation")
        #expect(Naming.typeName("OAuth2Error") == "OAuth2Error")
        #expect(Naming.lowerCamelCase("securityClassification-6VMVochwUWo") == "securityClassification6VmVochwUWo")
    }

    @Test("a taken name gets the first free alternative or a number")
    func registry() {
        var registry = NameRegistry(reserved: ["AccessToken"])
        #expect(registry.claim("AccessToken", alternatives: ["AccessTokenModel"]) == "AccessTokenModel")
        #expect(registry.claim("accesstoken") == "accesstoken2")
        #expect(registry.claim("Folder") == "Folder")
        #expect(registry.claim("Folder") == "Folder2")
    }

    @Test("the one-pass ASCII camel case agrees with the word-by-word rules on any ASCII text")
    func asciiCamelCaseFollowsTheRules() {
        let alphabet = Array("aAbBzZ09_-. $xYURLId".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59)
            var bytes: [UInt8] = []
            for position in 0..<length {
                let draw = (state >> UInt64(position * 2 % 58)) ^ UInt64(position &* 2_654_435_761)
                bytes.append(alphabet[Int(draw % UInt64(alphabet.count))])
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(Naming.asciiCamelCase(text, lowerFirst: true) == Naming.lowerCamelCaseByWords(text), "\(text)")
            #expect(Naming.asciiCamelCase(text, lowerFirst: false) == Naming.upperCamelCaseByWords(text), "\(text)")
        }
    }

    @Test("non-ASCII text is left to the word-by-word rules")
    func nonASCIITextUsesTheRules() {
        #expect(Naming.asciiCamelCase("café_au_lait", lowerFirst: true) == nil)
        #expect(Naming.lowerCamelCase("ÉTÉ_chaud") == Naming.lowerCamelCaseByWords("ÉTÉ_chaud"))
    }
}
