import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.zipDownloads`, as Box's documentation uses it.
@Suite("Drop-in: zip downloads")
struct ZipDownloadsTests {
    @Test func aZipOfFilesAndAFolderIsCreatedDownloadedAndItsStatusRead() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file1 = try await uploadText(client, name: "one.txt", text: "one")
            let file2 = try await uploadText(client, name: "two.txt", text: "two")
            let folder1 = try await createFolder(client, name: "Three")
            _ = try await uploadText(client, name: "three.txt", text: "three", parentId: folder1.id)

            let zipDownload = try await client.zipDownloads.createZipDownload(requestBody: ZipDownloadRequest(
                items: [
                    ZipDownloadRequestItemsField(type: ZipDownloadRequestItemsTypeField.file, id: file1.id),
                    ZipDownloadRequestItemsField(type: ZipDownloadRequestItemsTypeField.file, id: file2.id),
                    ZipDownloadRequestItemsField(type: ZipDownloadRequestItemsTypeField.folder, id: folder1.id),
                ],
                downloadFileName: "zip"))
            let downloadUrl = try #require(zipDownload.downloadUrl)
            let statusUrl = try #require(zipDownload.statusUrl)

            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("dropin-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: destination) }
            _ = try await client.zipDownloads.getZipDownloadContent(downloadUrl: downloadUrl, downloadDestinationUrl: destination)
            let bytes = try Data(contentsOf: destination)
            #expect(bytes.prefix(2) == Data("PK".utf8))

            let zipDownloadStatus = try await client.zipDownloads.getZipDownloadStatus(statusUrl: statusUrl)
            #expect(zipDownloadStatus.totalFileCount == 3)
            #expect(zipDownloadStatus.state == .succeeded)
        }
    }

    @Test func aZipIsDownloadedInOneCall() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file1 = try await uploadText(client, name: "a.txt", text: "alpha")
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("dropin-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: destination) }

            _ = try await client.zipDownloads.downloadZip(
                requestBody: ZipDownloadRequest(items: [ZipDownloadRequestItemsField(type: .file, id: file1.id)], downloadFileName: "zip"),
                downloadDestinationUrl: destination)

            #expect(try Data(contentsOf: destination).prefix(2) == Data("PK".utf8))
        }
    }
}
