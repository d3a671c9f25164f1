import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.fileWatermarks`, as Box's documentation uses it.
@Suite("Drop-in: file watermarks")
struct FileWatermarksTests {
    @Test func aWatermarkIsAppliedReadAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "confidential.txt")

            let createdWatermark = try await client.fileWatermarks.updateFileWatermark(
                fileId: file.id,
                requestBody: UpdateFileWatermarkRequestBody(
                    watermark: UpdateFileWatermarkRequestBodyWatermarkField(imprint: UpdateFileWatermarkRequestBodyWatermarkImprintField.default_)))
            #expect(createdWatermark.watermark?.createdAt != nil)
            let watermark = try await client.fileWatermarks.getFileWatermark(fileId: file.id)
            #expect(watermark.watermark?.createdAt == createdWatermark.watermark?.createdAt)

            try await client.fileWatermarks.deleteFileWatermark(fileId: file.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.fileWatermarks.getFileWatermark(fileId: file.id) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
