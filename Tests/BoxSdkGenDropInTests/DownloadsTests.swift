import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.downloads`, as Box's documentation uses it.
@Suite("Drop-in: downloads")
struct DownloadsTests {
    @Test func aFileIsDownloadedToADestination() async throws {
        try await withLocalBox { box in
            let client = box.client
            let fileBuffer = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let uploadedFiles = try await client.uploads.uploadFile(requestBody: UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(name: "data.bin", parent: UploadFileRequestBodyAttributesParentField(id: "0")),
                file: InputStream(data: fileBuffer)))
            let uploadedFile = try #require(uploadedFiles.entries?.first)
            let destinationPath = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: destinationPath) }

            _ = try await client.downloads.downloadFile(fileId: uploadedFile.id, downloadDestinationUrl: destinationPath)

            #expect(try Data(contentsOf: destinationPath) == fileBuffer)
        }
    }

    @Test func aFilesDownloadUrlIsGiven() async throws {
        try await withLocalBox { box in
            let client = box.client
            let uploadedFile = try await uploadText(client, name: "linked.txt", text: "by link")

            let downloadUrl = try await client.downloads.getDownloadFileUrl(fileId: uploadedFile.id)

            #expect(downloadUrl.hasPrefix("http"))
            #expect(URL(string: downloadUrl) != nil)
        }
    }
}
