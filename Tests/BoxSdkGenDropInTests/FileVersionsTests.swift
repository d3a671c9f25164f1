import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.fileVersions`, as Box's documentation uses it.
@Suite("Drop-in: file versions")
struct FileVersionsTests {
    /// Uploads new content for `fileId`, as Box's documentation uploads a version.
    private func uploadNewVersion(_ client: BoxClient, fileId: String, name: String, text: String) async throws -> FileFull {
        let files = try await client.uploads.uploadFileVersion(
            fileId: fileId,
            requestBody: UploadFileVersionRequestBody(
                attributes: UploadFileVersionRequestBodyAttributesField(name: name), file: InputStream(data: Data(text.utf8))))
        return try #require(files.entries?.first)
    }

    @Test func anEarlierVersionIsListedReadAndPromoted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "draft.txt", text: "first")
            let current = try await uploadNewVersion(client, fileId: file.id, name: "draft.txt", text: "second")

            let fileVersions = try await client.fileVersions.getFileVersions(fileId: file.id)
            #expect(fileVersions.totalCount == 1)
            let olderVersion = try #require(fileVersions.entries?.first)

            let fileVersion = try await client.fileVersions.getFileVersionById(
                fileId: file.id, fileVersionId: olderVersion.id,
                queryParams: GetFileVersionByIdQueryParams(fields: ["version_number", "sha1"]))
            #expect(fileVersion.id == olderVersion.id)
            #expect(fileVersion.versionNumber == "1")

            let promoted = try await client.fileVersions.promoteFileVersion(
                fileId: file.id,
                requestBody: PromoteFileVersionRequestBody(id: olderVersion.id, type: PromoteFileVersionRequestBodyTypeField.fileVersion))
            #expect(promoted.id != olderVersion.id)
            #expect(promoted.versionNumber == "3")
            let read = try await client.files.getFileById(fileId: file.id)
            #expect(read.fileVersion?.id == promoted.id)
            #expect(read.fileVersion?.id != current.fileVersion?.id)
        }
    }

    @Test func aVersionIsTrashedAndRestored() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "report.txt", text: "v1")
            _ = try await uploadNewVersion(client, fileId: file.id, name: "report.txt", text: "v2")
            let olderVersion = try #require(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.first)

            try await client.fileVersions.deleteFileVersionById(fileId: file.id, fileVersionId: olderVersion.id)
            let trashed = try await client.fileVersions.getFileVersionById(fileId: file.id, fileVersionId: olderVersion.id)
            #expect(trashed.trashedAt != nil)

            let restored = try await client.fileVersions.updateFileVersionById(
                fileId: file.id, fileVersionId: olderVersion.id, requestBody: UpdateFileVersionByIdRequestBody(trashedAt: .null))
            #expect(restored.trashedAt == nil)
            #expect(restored.restoredAt != nil)
        }
    }
}
