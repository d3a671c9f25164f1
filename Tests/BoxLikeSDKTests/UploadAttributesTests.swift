import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// An upload's `attributes` part is a typed value, as in Box's Swift SDK, sent as JSON.
@Suite("Upload attributes")
struct UploadAttributesTests {
    @Test func aNewFileGetsTheNameFolderAndContentTimesItsAttributesGive() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("typed")
            let created = Date(timeIntervalSince1970: 1_600_000_000)
            let modified = Date(timeIntervalSince1970: 1_700_000_000)

            let files = try await client.uploads.uploadFile(requestBody: UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(
                    name: "typed.txt", parent: UploadFileRequestBodyAttributesParentField(id: folder.id),
                    contentCreatedAt: created, contentModifiedAt: modified),
                file: .bytes(Array("typed".utf8))))

            let file = try #require(files.entries?.first)
            #expect(file.name == "typed.txt")
            #expect(file.parent?.id == folder.id)
            #expect(file.contentCreatedAt == created)
            #expect(file.contentModifiedAt == modified)
        }
    }

    @Test func aNewVersionIsRenamedByItsAttributes() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("draft.txt", text: "one", in: try await client.makeFolder().id)

            let files = try await client.uploads.uploadFileVersion(fileId: file.id, requestBody: UploadFileVersionRequestBody(
                attributes: UploadFileVersionRequestBodyAttributesField(name: "final.txt"), file: .bytes(Array("two".utf8))))

            #expect(files.entries?.first?.name == "final.txt")
            #expect(try await server.fileContent(fileId: file.id).bytes == Array("two".utf8))
        }
    }
}
