import BoxLikeJSON
import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// What the admin logs tell of content changes: the version, its size and the app it went
/// through, as Box's `additional_details` do.
@Suite("Content events in the admin logs")
struct EndToEndContentEventDetailsTests {
    @Test func anUploadAndAVersionNameTheirVersionSizeAndApp() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let start = try await admin.adminLogPosition()
            let file = try await admin.makeFile("report.txt", text: "12345", in: try await admin.makeFolder().id)
            let version = try await admin.uploadVersion(of: file.id, text: "1234567")

            let uploads = try await admin.adminLogEvents(since: start, types: ["UPLOAD"]).filter { (try? $0.sourceMember("item_id")) == file.id }

            #expect(uploads.count == 2)
            #expect(uploads.map { $0.additionalDetails?["size"] } == [5, 7])
            #expect(uploads.map { $0.additionalDetails?["version_id"]?.stringValue } == [file.fileVersion?.id, version.fileVersion?.id])
            let app = server.configuration.app(clientId: nil)
            #expect(uploads.allSatisfy { $0.additionalDetails?["service_id"]?.stringValue == app?.id })
            #expect(uploads.allSatisfy { $0.additionalDetails?["service_name"]?.stringValue == app?.name })
        }
    }

    @Test func aDownloadNamesTheVersionItFetched() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("report.txt", text: "12345", in: try await admin.makeFolder().id)
            let start = try await admin.adminLogPosition()

            _ = try await admin.downloads.downloadFile(fileId: file.id).collect(upTo: 1024)

            let download = try #require(try await admin.adminLogEvents(since: start, types: ["DOWNLOAD"]).first)
            #expect(download.additionalDetails?["version_id"]?.stringValue == file.fileVersion?.id)
            #expect(download.additionalDetails?["size"] == 5)
        }
    }
}
