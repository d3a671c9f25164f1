import BoxLikeSDK
import BoxLikeServer
import Crypto
import Foundation
import Testing

/// An upload session driven through the URLs it lists in `session_endpoints`, as Box's Swift
/// SDK does, with a part read from a Foundation `InputStream`.
@Suite("Upload sessions by URL")
struct ChunkedUploadsByUrlTests {
    @Test func aSessionIsUploadedListedAndCommittedThroughItsEndpointURLs() async throws {
        try await withServer({ configuration in
            configuration.uploadPartSize = 256 * 1024
            configuration.minimumChunkedUploadSize = 256 * 1024
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let content = (0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let size = Int64(content.count)
            let session = try await client.chunkedUploads.createFileUploadSession(requestBody:
                CreateFileUploadSessionRequestBody(folderId: "0", fileSize: size, fileName: "by-url.bin"))
            let endpoints = try #require(session.sessionEndpoints)
            let digest = ContentDigest(bytes: Array(Insecure.SHA1.hash(data: content))).digestHeader

            #expect(try await client.chunkedUploads.getFileUploadSessionByUrl(url: try #require(endpoints.status)).id == session.id)
            let uploaded = try await client.chunkedUploads.uploadFilePartByUrl(
                url: try #require(endpoints.uploadPart), requestBody: InputStream(data: Data(content)),
                headers: UploadFilePartByUrlHeaders(digest: digest, contentRange: "bytes 0-\(size - 1)/\(size)"))
            let listed = try await client.chunkedUploads.getFileUploadSessionPartsByUrl(url: try #require(endpoints.listParts))
            #expect(listed.entries?.map(\.partId) == [uploaded.part.partId])
            let files = try await client.chunkedUploads.createFileUploadSessionCommitByUrl(
                url: try #require(endpoints.commit), requestBody: CreateFileUploadSessionCommitByUrlRequestBody(parts: [uploaded.part]),
                headers: CreateFileUploadSessionCommitByUrlHeaders(digest: digest))

            let file = try #require(files.entries?.first)
            #expect(try await server.fileContent(fileId: file.id).bytes == content)
        }
    }

    @Test func anAbortedSessionIsGoneThroughItsURL() async throws {
        try await withServer({ configuration in
            configuration.uploadPartSize = 256 * 1024
            configuration.minimumChunkedUploadSize = 256 * 1024
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let session = try await client.chunkedUploads.createFileUploadSession(requestBody:
                CreateFileUploadSessionRequestBody(folderId: "0", fileSize: 512 * 1024, fileName: "abandoned.bin"))
            let endpoints = try #require(session.sessionEndpoints)

            try await client.chunkedUploads.deleteFileUploadSessionByUrl(url: try #require(endpoints.abort))

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.chunkedUploads.getFileUploadSessionByUrl(url: try #require(endpoints.status))
            }
            #expect(error?.status == 404)
        }
    }

    @Test func aURLThatNamesNoUploadSessionIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let error = await #expect(throws: BoxSDKError.self) {
                try await client.chunkedUploads.getFileUploadSessionByUrl(url: "https://upload.box.com/api/2.0/files/content")
            }
            #expect(error?.kind == .invalidArgument)
        }
    }
}
