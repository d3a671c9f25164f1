import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.fileMetadata`, as Box's documentation uses it.
@Suite("Drop-in: file metadata")
struct FileMetadataTests {
    @Test func globalPropertiesAreAppliedReadUpdatedAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "tagged.txt")
            let fileMetadata = try await client.fileMetadata.getFileMetadata(fileId: file.id)
            #expect(fileMetadata.entries?.count == 0)

            let createdMetadata = try await client.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: CreateFileMetadataByIdScope.global, templateKey: "properties", requestBody: ["abc": "xyz"])
            #expect(createdMetadata.template == "properties")
            #expect(createdMetadata.scope == "global")
            #expect(createdMetadata.version == 0)

            let receivedMetadata = try await client.fileMetadata.getFileMetadataById(
                fileId: file.id, scope: GetFileMetadataByIdScope.global, templateKey: "properties")
            #expect(receivedMetadata.template == "properties")
            #expect(try #require(receivedMetadata.extraData)["abc"] == "xyz")

            let newValue = "bar"
            let updatedMetadata = try await client.fileMetadata.updateFileMetadataById(
                fileId: file.id, scope: UpdateFileMetadataByIdScope.global, templateKey: "properties",
                requestBody: [UpdateFileMetadataByIdRequestBody(op: UpdateFileMetadataByIdRequestBodyOpField.replace, path: "/abc", value: .string(newValue))])
            #expect(updatedMetadata.version == 1)
            #expect(try await client.fileMetadata.getFileMetadata(fileId: file.id).entries?.count == 1)
            let receivedUpdatedMetadata = try await client.fileMetadata.getFileMetadataById(
                fileId: file.id, scope: GetFileMetadataByIdScope.global, templateKey: "properties")
            #expect(try #require(receivedUpdatedMetadata.extraData)["abc"] == "bar")

            try await client.fileMetadata.deleteFileMetadataById(fileId: file.id, scope: DeleteFileMetadataByIdScope.global, templateKey: "properties")
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.fileMetadata.getFileMetadataById(fileId: file.id, scope: GetFileMetadataByIdScope.global, templateKey: "properties")
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
