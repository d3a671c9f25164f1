import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Box's `uploadWithPreflightCheck`: the API is asked first, and a refusal sends nothing.
@Suite("Upload with a preflight check")
struct UploadWithPreflightCheckTests {
    func body(_ name: String, in folderId: String, _ text: String) -> UploadWithPreflightCheckRequestBody {
        UploadWithPreflightCheckRequestBody(
            attributes: UploadWithPreflightCheckRequestBodyAttributesField(
                name: name, parent: UploadWithPreflightCheckRequestBodyAttributesParentField(id: folderId),
                size: Int64(text.utf8.count)),
            file: .bytes(Array(text.utf8)))
    }

    @Test func theAPIIsAskedFirstThenTheFileIsUploaded() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()

            let files = try await client.uploads.uploadWithPreflightCheck(requestBody: body("notes.txt", in: folder.id, "hello"))

            #expect(files.entries?.first?.name == "notes.txt")
            #expect(try await server.fileContent(fileId: try #require(files.entries?.first?.id)).bytes == Array("hello".utf8))
            let calls = await server.requestLog.entries(path: .glob("**/files/content")).map { "\($0.method) \($0.path)" }
            #expect(calls == ["OPTIONS /2.0/files/content", "POST /api/2.0/files/content"])
        }
    }

    @Test func aNameInUseIsRefusedByThePreflightAndNothingIsSent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            _ = try await client.makeFile("taken.txt", text: "first", in: folder.id)

            let error = await #expect(throws: BoxAPIError.self) {
                _ = try await client.uploads.uploadWithPreflightCheck(requestBody: body("taken.txt", in: folder.id, "second"))
            }

            #expect(error?.status == 409)
            #expect(await server.requestLog.entries(method: "POST", path: .glob("**/files/content")).count == 1)
        }
    }

    @Test func anInputStreamIsReadAsBoxsSDKTakesIt() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let requestBody = try UploadWithPreflightCheckRequestBody(
                attributes: UploadWithPreflightCheckRequestBodyAttributesField(
                    name: "stream.txt", parent: UploadWithPreflightCheckRequestBodyAttributesParentField(id: folder.id), size: 6),
                file: InputStream(data: Data("stream".utf8)))

            let files = try await client.uploads.uploadWithPreflightCheck(requestBody: requestBody)

            #expect(try await server.fileContent(fileId: try #require(files.entries?.first?.id)).bytes == Array("stream".utf8))
        }
    }
}
