import BoxLikeNetworkTestSupport
import BoxLikeSDK
import BoxLikeServer
import Foundation
import Synchronization
import Testing

/// Zip downloads and chunked uploads of new versions.
@Suite("Zip downloads and chunked version uploads against the server")
struct EndToEndZipAndVersionUploadTests {
    /// Runs `unzip` with arguments and returns its exit status and output.
    func unzip(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await ChildProcess.run(try RequiredProgram.locate("unzip"), arguments)
    }

    /// The id a zip download's `download_url` names.
    func zipId(_ download: ZipDownload) throws -> String {
        let url = try #require(download.downloadUrl.flatMap(URL.init(string:)))
        return url.deletingLastPathComponent().lastPathComponent
    }

    @Test func filesAndFoldersDownloadAsOneValidZip() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("report")
            _ = try await client.makeFile("summary.txt", text: "the summary", in: folder.id)
            let sub = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "figures", parent: CreateFolderRequestBodyParentField(id: folder.id)))
            _ = try await client.makeFile("q1.csv", text: "a,b\n1,2\n", in: sub.id)
            let loose = try await client.makeFile("notes.txt", text: "loose notes", in: try await client.makeFolder().id)

            let download = try await client.zipDownloads.createZipDownload(requestBody: ZipDownloadRequest(
                items: [.init(type: .folder, id: folder.id), .init(type: .file, id: loose.id)], downloadFileName: "bundle"))
            let bytes = try await client.zipDownloads.getZipDownloadContent(zipDownloadId: try zipId(download)).collect(upTo: 1 << 20)
            let archive = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString).zip")
            try Data(bytes).write(to: archive)
            defer { try? FileManager.default.removeItem(at: archive) }

            let tested = try await unzip(["-t", archive.path])
            #expect(tested.status == 0, "\(tested.output)")
            let listed = try await unzip(["-l", archive.path]).output
            for path in ["\(folder.name ?? "")/summary.txt", "\(folder.name ?? "")/figures/q1.csv", "notes.txt"] {
                #expect(listed.contains(path), "\(path) missing from \(listed)")
            }
            let extracted = try await unzip(["-p", archive.path, "\(folder.name ?? "")/figures/q1.csv"]).output
            #expect(extracted == "a,b\n1,2\n")
            let status = try await client.zipDownloads.getZipDownloadStatus(zipDownloadId: try zipId(download))
            #expect(status.state?.rawValue == "succeeded")
            #expect(status.totalFileCount == 3)
            #expect(status.downloadedFileCount == 3)
        }
    }

    @Test func clashingNamesAreRenamedAndReported() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let first = try await client.makeFile("report.pdf", text: "one", in: try await client.makeFolder().id)
            let second = try await client.makeFile("report.pdf", text: "two", in: try await client.makeFolder().id)

            let download = try await client.zipDownloads.createZipDownload(requestBody: ZipDownloadRequest(
                items: [.init(type: .file, id: first.id), .init(type: .file, id: second.id)]))

            let renamed = download.nameConflicts?.flatMap { $0 }.filter { $0.originalName != $0.downloadName }
            #expect(renamed?.map(\.downloadName) == ["report (1).pdf"])
            #expect(renamed?.first?.id == second.id)
        }
    }

    @Test func anArchiveDownloadsOnceOnly() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("a.txt", text: "a", in: try await client.makeFolder().id)
            let download = try await client.zipDownloads.createZipDownload(requestBody: ZipDownloadRequest(
                items: [.init(type: .file, id: file.id)]))
            _ = try await client.zipDownloads.getZipDownloadContent(zipDownloadId: try zipId(download)).collect(upTo: 1 << 20)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.zipDownloads.getZipDownloadContent(zipDownloadId: try self.zipId(download)).collect(upTo: 1 << 20)
            }

            #expect(error?.status == 404)
        }
    }

    @Test func anItemTheUserCannotSeeIsNotZipped() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (other, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await admin.makeFile("private.txt", text: "p", in: try await admin.makeFolder().id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await other.zipDownloads.createZipDownload(requestBody: ZipDownloadRequest(items: [.init(type: .file, id: file.id)]))
            }

            #expect(error?.status == 404)
        }
    }

    @Test func aNewVersionUploadsInPartsThroughASession() async throws {
        try await withServer({ configuration in
            configuration.uploadPartSize = 256 * 1024
            configuration.minimumChunkedUploadSize = 512 * 1024
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let original = try await client.makeFile("video.bin", text: "first cut", in: try await client.makeFolder().id)
            let source = try makeTemporaryFile(size: 256 * 1024 * 3 + 17, seed: 7)
            let size = Int64(try Data(contentsOf: source).count)

            let updated = try await client.chunkedUploads.uploadBigFileVersion(
                fileId: original.id, file: source, fileSize: size, newName: "video-v2.bin", options: ChunkedUploadOptions(concurrency: 2))

            #expect(updated.id == original.id)
            #expect(updated.name == "video-v2.bin")
            #expect(updated.size == size)
            #expect(try await server.fileContent(fileId: original.id).bytes == Array(try Data(contentsOf: source)))
            let versions = try await client.fileVersions.getFileVersions(fileId: original.id)
            #expect(versions.entries?.count == 1)
        }
    }

    @Test func aVersionCommittedWithTheCurrentEtagIsAccepted() async throws {
        try await withServer(smallSessions) { server in
            let (client, _) = try await server.developerTokenClient()
            let original = try await client.makeFile("video.bin", text: "first cut", in: try await client.makeFolder().id)
            let size: Int64 = 256 * 1024 * 2 + 5
            let source = try makeTemporaryFile(size: Int(size), seed: 3)

            let updated = try await client.chunkedUploads.uploadBigFileVersion(
                fileId: original.id, file: source, fileSize: size, ifMatch: original.etag)

            #expect(updated.size == size)
            let commit = try #require(await server.requestLog.entries(method: "POST", path: .glob("**/commit")).last)
            #expect(commit.headers["if-match"] == original.etag)
        }
    }

    @Test func aVersionCommittedAfterTheFileChangedIsRefusedAndItsSessionKept() async throws {
        try await withServer(smallSessions) { server in
            let (client, _) = try await server.developerTokenClient()
            let original = try await client.makeFile("video.bin", text: "first cut", in: try await client.makeFolder().id)
            // Someone else changes the file after we read its etag.
            _ = try await client.files.updateFileById(fileId: original.id, requestBody: UpdateFileByIdRequestBody(description: "edited"))
            let size: Int64 = 256 * 1024 * 2 + 5
            let source = try makeTemporaryFile(size: Int(size), seed: 4)
            let sessionId = Mutex<String?>(nil)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.chunkedUploads.uploadBigFileVersion(
                    fileId: original.id, file: source, fileSize: size, ifMatch: original.etag,
                    options: ChunkedUploadOptions(onSessionCreated: { id in sessionId.withLock { $0 = id } }))
            }

            #expect(error?.status == 412)
            #expect(try await server.fileContent(fileId: original.id).bytes == Array("first cut".utf8), "no new version")
            let id = try #require(sessionId.withLock { $0 })
            let kept = try await client.chunkedUploads.getFileUploadSessionById(uploadSessionId: id)
            #expect(kept.numPartsProcessed == 3, "the parts are still there")
            let resumed = try await client.chunkedUploads.resumeBigFileUpload(uploadSessionId: id, file: source)
            #expect(resumed.size == size, "committed without uploading the parts again")
            #expect(await server.requestLog.entries(method: "PUT", path: .glob("**/upload_sessions/*")).count == 3)
        }
    }

    @Test func aDeletedUploadSessionIsGone() async throws {
        try await withServer(smallSessions) { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let session = try await client.chunkedUploads.createFileUploadSession(requestBody: CreateFileUploadSessionRequestBody(
                folderId: folder.id, fileSize: 1024 * 1024, fileName: "abandoned.bin"))

            try await client.chunkedUploads.deleteFileUploadSessionById(uploadSessionId: session.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.chunkedUploads.getFileUploadSessionById(uploadSessionId: session.id)
            }
            #expect(error?.status == 404)
            #expect(await server.requestLog.entries(method: "DELETE", path: .glob("**/upload_sessions/\(session.id)")).last?.status == 204)
        }
    }

    /// Sessions with 256 KiB parts, open to files from 512 KiB.
    private func smallSessions(_ configuration: inout BoxLikeServerConfiguration) {
        configuration.uploadPartSize = 256 * 1024
        configuration.minimumChunkedUploadSize = 512 * 1024
    }
}
