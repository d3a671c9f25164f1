import BoxLikeSDK
import BoxLikeServer
import Crypto
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// A download's SHA-1 is the API's word, never the download location's: a location that
/// serves other bytes and announces their SHA-1 is caught.
@Suite("Download checksums")
struct DownloadChecksumSourceTests {
    /// Forwards to the server, but answers every download location (`/dl/...`) with other
    /// bytes and a SHA-1 that matches them, as a location vouching for itself would.
    struct TamperingLocation: ClientTransport {
        let base: any ClientTransport
        static let bytes = Array("not the file you uploaded".utf8)

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
            -> (HTTPResponse, HTTPBody?) {
            let (response, responseBody) = try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
            guard request.path?.hasPrefix("/dl/") == true else { return (response, responseBody) }
            if let responseBody { _ = try await [UInt8](collecting: responseBody, upTo: 1 << 24) }
            let digest = Array(Insecure.SHA1.hash(data: Self.bytes))
            var tampered = HTTPResponse(status: .ok)
            tampered.headerFields[.contentLength] = String(Self.bytes.count)
            tampered.headerFields[.contentType] = "application/octet-stream"
            if let sha1 = HTTPField.Name("X-BoxLike-SHA1"), let digestName = HTTPField.Name("Digest") {
                tampered.headerFields[sha1] = digest.map { String(format: "%02x", $0) }.joined()
                tampered.headerFields[digestName] = "sha=" + Data(digest).base64EncodedString()
            }
            return (tampered, HTTPBody(Self.bytes))
        }
    }

    @Test func aDownloadLocationVouchingForOtherBytesFailsTheChecksum() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient(transport: TamperingLocation(base: server.inProcessTransport))
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("tampered-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: destination) }

            let error = await #expect(throws: BoxSDKError.self) {
                try await client.downloads.downloadFile(fileId: server.seed.adminUser.fileId, to: destination)
            }

            #expect(error?.kind == .integrity)
            #expect(!FileManager.default.fileExists(atPath: destination.path))
        }
    }
}
