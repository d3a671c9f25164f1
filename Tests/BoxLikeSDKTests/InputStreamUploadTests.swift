import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Box's `uploadBigFile(file: InputStream, ...)`: a chunked upload read once from a stream.
@Suite("Chunked upload from an InputStream")
struct InputStreamUploadTests {
    @Test func aStreamIsUploadedInPartsAndStoredWhole() async throws {
        try await withServer({ configuration in
            configuration.uploadPartSize = 256 * 1024
            configuration.minimumChunkedUploadSize = 512 * 1024
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let source = try makeTemporaryFile(size: 256 * 1024 * 3 + 500)
            let bytes = try Data(contentsOf: source)
            let stream = try #require(InputStream(url: source))

            let file = try await client.chunkedUploads.uploadBigFile(
                file: stream, fileName: "streamed.bin", fileSize: Int64(bytes.count), parentFolderId: "0")

            #expect(file.size == Int64(bytes.count))
            #expect(try await server.fileContent(fileId: file.id).bytes == Array(bytes))
            let parts = await server.requestLog.entries(method: "PUT", path: .glob("/api/2.0/files/upload_sessions/*"))
            #expect(parts.count == 4)
        }
    }
}
