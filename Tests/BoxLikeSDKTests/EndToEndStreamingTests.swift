import BoxLikeSDK
import BoxLikeServer
import Crypto
import Foundation
import Synchronization
import Testing

@Suite("Streaming uploads, downloads and chunked uploads")
struct EndToEndStreamingTests {
    @Test func aFileUploadsStreamedWithProgressAndDownloadsVerified() async throws {
        try await withServer { server in
            let (client, token) = try await server.developerTokenClient()
            let source = try makeTemporaryFile(size: 1024 * 1024 + 17)
            let reports = Mutex<[TransferProgress]>([])
            let progress = ProgressReporter(minimumStep: 256 * 1024) { report in reports.withLock { $0.append(report) } }
            let files = try await client.uploads.uploadFile(from: source, name: "big.bin", parentFolderId: "0",
                                                            progress: progress)
            let file = try #require(files.entries?.first)
            let expected = try Data(contentsOf: source)
            #expect(file.size == Int64(expected.count))
            let seen = reports.withLock { $0 }
            #expect(seen.first?.completedBytes == 0)
            #expect(seen.last?.completedBytes == Int64(expected.count))
            #expect(seen.last?.totalBytes == Int64(expected.count))

            let destination = source.deletingLastPathComponent().appendingPathComponent("down.bin")
            let downloaded = try await client.downloads.downloadFile(fileId: file.id, to: destination)
            #expect(downloaded.size == Int64(expected.count))
            #expect(try Data(contentsOf: destination) == expected)
            #expect(downloaded.sha1.hex == file.sha1)

            // The redirect target never sees the bearer token.
            let contentRequests = await server.requestLog.all.filter { !$0.path.hasPrefix("/2.0") && !$0.path.hasPrefix("/api/2.0") && $0.method == "GET" }
            #expect(!contentRequests.isEmpty)
            #expect(contentRequests.allSatisfy { !$0.usedToken(token) && $0.headers["authorization"] == nil })
        }
    }

    @Test func aVerifiedDownloadSaysTheServersSHA1Matched() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let destination = try makeTemporaryFile(size: 1).deletingLastPathComponent().appendingPathComponent("checked.txt")

            let downloaded = try await client.downloads.downloadFile(fileId: server.seed.adminUser.fileId, to: destination)
            let unchecked = try await client.downloads.downloadFile(fileId: server.seed.adminUser.fileId, to: destination,
                                                                    verifyChecksum: false)

            #expect(downloaded.checksum == .matched)
            #expect(unchecked.checksum == .notRequested)
        }
    }

    @Test func aDownloadTheServerAnnouncesNoSHA1ForSaysItWasNotChecked() async throws {
        try await withServer({ $0.announcesContentDigests = false }) { server in
            let (client, _) = try await server.developerTokenClient()
            let destination = try makeTemporaryFile(size: 1).deletingLastPathComponent().appendingPathComponent("unchecked.txt")

            let downloaded = try await client.downloads.downloadFile(fileId: server.seed.adminUser.fileId, to: destination)

            #expect(downloaded.checksum == .notAnnounced)
            #expect(try String(contentsOf: destination, encoding: .utf8) == server.seed.adminUser.fileContent)
            let file = try await client.files.getFileById(fileId: server.seed.adminUser.fileId)
            #expect(downloaded.sha1.hex == file.sha1)
        }
    }

    @Test func aStreamedDownloadYieldsTheBytesInChunks() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let fileId = server.seed.adminUser.fileId
            var collected: [UInt8] = []
            for try await chunk in try await client.downloads.downloadFile(fileId: fileId, progress: nil) {
                collected.append(contentsOf: chunk)
            }
            #expect(String(decoding: collected, as: UTF8.self) == server.seed.adminUser.fileContent)
        }
    }

    @Test func aRangeDownloadReturnsThePart() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let fileId = server.seed.adminUser.fileId
            let bytes = try await client.downloads.downloadFile(fileId: fileId, range: "bytes=0-3", progress: nil)
                .collect(upTo: 100)
            #expect(bytes == Array(server.seed.adminUser.fileContent.utf8.prefix(4)))
        }
    }

    @Test func anAsyncSequenceUploadsWithoutAFile() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let chunks = AsyncStream<[UInt8]> { continuation in
                for index in 0..<10 { continuation.yield([UInt8](repeating: UInt8(index), count: 1000)) }
                continuation.finish()
            }
            let files = try await client.uploads.uploadFile(ByteSource(chunks, length: 10_000), name: "seq.bin",
                                                            parentFolderId: "0")
            let file = try #require(files.entries?.first)
            let stored = try await server.fileContent(fileId: file.id)
            #expect(stored.bytes.count == 10_000 && stored.bytes[9_999] == 9)
        }
    }

    @Test func aChunkedUploadRetriesAFailedPartAndCommits() async throws {
        try await withServer({ configuration in
            configuration.uploadPartSize = 256 * 1024
            configuration.minimumChunkedUploadSize = 512 * 1024
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let source = try makeTemporaryFile(size: 256 * 1024 * 5 + 1000)
            let size = Int64(try Data(contentsOf: source).count)
            _ = await server.faults.inject(.status(500), method: "PUT", path: .glob("/api/2.0/files/upload_sessions/*"), count: 1)
            let file = try await client.chunkedUploads.uploadBigFile(file: source, fileName: "chunked.bin", fileSize: size,
                                                                      parentFolderId: "0",
                                                                      options: ChunkedUploadOptions(concurrency: 3))
            #expect(file.size == size)
            let stored = try await server.fileContent(fileId: file.id)
            #expect(stored.bytes == Array(try Data(contentsOf: source)))
            let partPuts = await server.requestLog.entries(method: "PUT", path: .glob("/api/2.0/files/upload_sessions/*"))
            #expect(partPuts.count == 7)
        }
    }

    @Test func anInterruptedChunkedUploadResumesFromItsSession() async throws {
        try await withServer({ configuration in
            configuration.uploadPartSize = 256 * 1024
            configuration.minimumChunkedUploadSize = 512 * 1024
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let source = try makeTemporaryFile(size: 256 * 1024 * 4)
            let size = Int64(256 * 1024 * 4)
            // A first run that uploaded two of the four parts and then died.
            let session = try await client.chunkedUploads.createFileUploadSession(requestBody:
                CreateFileUploadSessionRequestBody(folderId: "0", fileSize: size, fileName: "resumed.bin"))
            let partSize = try #require(session.partSize)
            let content = try Data(contentsOf: source)
            for index in 0..<2 {
                let offset = Int64(index) * partSize
                let part = content.subdata(in: Int(offset)..<Int(offset + partSize))
                let digest = ContentDigest(bytes: Array(Insecure.SHA1.hash(data: part)))
                _ = try await client.chunkedUploads.uploadFilePart(
                    uploadSessionId: session.id, requestBody: .bytes(Array(part)),
                    headers: UploadFilePartHeaders(digest: digest.digestHeader,
                                                   contentRange: "bytes \(offset)-\(offset + partSize - 1)/\(size)"))
            }
            let id = session.id
            let putsBefore = await server.requestLog.entries(method: "PUT", path: .glob("/api/2.0/files/upload_sessions/*")).count
            let file = try await client.chunkedUploads.resumeBigFileUpload(uploadSessionId: id, file: source)
            #expect(file.size == size)
            #expect(try await server.fileContent(fileId: file.id).bytes == Array(content))
            let putsAfter = await server.requestLog.entries(method: "PUT", path: .glob("/api/2.0/files/upload_sessions/*")).count
            #expect(putsAfter - putsBefore == 2)
        }
    }

    @Test func aResumedUploadReuploadsPartsTheServerListsWithSizesOfItsOwn() async throws {
        try await withServer({ configuration in
            configuration.uploadPartSize = 256 * 1024
            configuration.minimumChunkedUploadSize = 512 * 1024
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let partSize: Int64 = 256 * 1024
            let size = partSize * 3
            let source = try makeTemporaryFile(size: Int(size))
            let content = try Data(contentsOf: source)
            let session = try await client.chunkedUploads.createFileUploadSession(requestBody:
                CreateFileUploadSessionRequestBody(folderId: "0", fileSize: size, fileName: "listed-oddly.bin"))
            let first = content.subdata(in: 0..<Int(partSize))
            let digest = ContentDigest(bytes: Array(Insecure.SHA1.hash(data: first)))
            let stored = try await client.chunkedUploads.uploadFilePart(
                uploadSessionId: session.id, requestBody: .bytes(Array(first)),
                headers: UploadFilePartHeaders(digest: digest.digestHeader, contentRange: "bytes 0-\(partSize - 1)/\(size)"))
            // The listing names the real first part, then a second one whose size would
            // overflow any sum and a third at an offset no part starts at.
            let sha1 = stored.part.sha1
            let listing = """
                {"total_count": 3, "limit": 1000, "offset": 0, "entries": [
                  {"part_id": "\(stored.part.partId)", "offset": 0, "size": \(partSize), "sha1": "\(sha1)"},
                  {"part_id": "BFDF5379", "offset": \(partSize), "size": 9223372036854775807, "sha1": "\(sha1)"},
                  {"part_id": "CFDF5379", "offset": 5, "size": \(partSize), "sha1": "\(sha1)"}]}
                """
            let rule = await server.faults.inject(.jsonBody(200, listing), method: "GET",
                                                  path: .glob("/api/2.0/files/upload_sessions/*/parts"), count: 1)

            let file = try await client.chunkedUploads.resumeBigFileUpload(uploadSessionId: session.id, file: source)

            #expect(await server.faults.firings(of: rule).count == 1)
            #expect(file.size == size)
            #expect(try await server.fileContent(fileId: file.id).bytes == Array(content))
            let puts = await server.requestLog.entries(method: "PUT", path: .glob("/api/2.0/files/upload_sessions/*"))
            #expect(puts.count == 3, "the first part once, then the two the listing got wrong")
        }
    }
}
