import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.chunkedUploads`, as Box's documentation uses it.
@Suite("Drop-in: chunked uploads")
struct ChunkedUploadsTests {
    /// A file of 640 KiB (three parts: two full, one short) with varied bytes.
    private static let fileBuffer = Data((0..<(640 * 1024)).map { UInt8(truncatingIfNeeded: ($0 &* 31) ^ ($0 >> 9)) })

    /// What the parts uploaded so far add up to.
    private struct UploadedSoFar {
        var lastIndex: Int
        var parts: [UploadPart]
    }

    /// Uploads `fileBuffer` in parts of `partSize`, with `upload` sending one part with its
    /// `Digest` and `Content-Range` headers, as Box's documentation uploads parts.
    private static func uploadParts(
        partSize: Int64, _ upload: (InputStream, String, String) async throws -> UploadedPart
    ) async throws -> UploadedSoFar {
        var acc = UploadedSoFar(lastIndex: -1, parts: [])
        let fileSize = fileBuffer.count
        var offset = 0
        while offset < fileSize {
            let chunkBuffer = fileBuffer.subdata(in: offset..<min(offset + Int(partSize), fileSize))
            let digest = "sha=\(dropInSHA1Base64(chunkBuffer))"
            let bytesStart = acc.lastIndex + 1
            let bytesEnd = acc.lastIndex + chunkBuffer.count
            let contentRange = "bytes \(bytesStart)-\(bytesEnd)/\(fileSize)"
            let uploadedPart = try await upload(InputStream(data: chunkBuffer), digest, contentRange)
            let uploaded: UploadPart? = uploadedPart.part
            let part = try #require(uploaded)
            #expect(part.size == Int64(chunkBuffer.count))
            #expect(part.offset == Int64(bytesStart))
            acc = UploadedSoFar(lastIndex: bytesEnd, parts: acc.parts + [part])
            offset += chunkBuffer.count
        }
        return acc
    }

    @Test func aFileIsUploadedInPartsThroughTheSessionId() async throws {
        try await withLocalBox({ $0.uploadPartSize = 256 * 1024; $0.minimumChunkedUploadSize = 256 * 1024 }) { box in
            let client = box.client
            let fileSize = Self.fileBuffer.count
            let fileName = "\(UUID().uuidString).bin"
            let parentFolderId = "0"

            let uploadSession = try await client.chunkedUploads.createFileUploadSession(
                requestBody: CreateFileUploadSessionRequestBody(folderId: parentFolderId, fileSize: Int64(fileSize), fileName: fileName))
            let sessionId: String? = uploadSession.id
            let uploadSessionId = try #require(sessionId)
            let partSize = try #require(uploadSession.partSize)
            let totalParts = try #require(uploadSession.totalParts)
            #expect(partSize * Int64(totalParts) >= Int64(fileSize))
            #expect(uploadSession.numPartsProcessed == 0)

            let results = try await Self.uploadParts(partSize: partSize) { chunk, digest, contentRange in
                try await client.chunkedUploads.uploadFilePart(
                    uploadSessionId: uploadSessionId, requestBody: chunk,
                    headers: UploadFilePartHeaders(digest: digest, contentRange: contentRange))
            }
            let processedSessionParts = try await client.chunkedUploads.getFileUploadSessionParts(uploadSessionId: uploadSessionId)
            #expect(Int64(processedSessionParts.entries?.count ?? 0) == totalParts)
            let processedSession = try await client.chunkedUploads.getFileUploadSessionById(uploadSessionId: uploadSessionId)
            let processedId: String? = processedSession.id
            #expect(processedId == uploadSessionId)

            let digest = "sha=\(dropInSHA1Base64(Self.fileBuffer))"
            let committedSession: Files? = try await client.chunkedUploads.createFileUploadSessionCommit(
                uploadSessionId: uploadSessionId, requestBody: CreateFileUploadSessionCommitRequestBody(parts: results.parts),
                headers: CreateFileUploadSessionCommitHeaders(digest: digest))
            let file = try #require(committedSession?.entries?.first)
            #expect(file.name == fileName)
            #expect(file.size == Int64(fileSize))
        }
    }

    @Test func aFileIsUploadedInPartsThroughTheSessionsUrls() async throws {
        try await withLocalBox({ $0.uploadPartSize = 256 * 1024; $0.minimumChunkedUploadSize = 256 * 1024 }) { box in
            let client = box.client
            let fileSize = Self.fileBuffer.count
            let fileName = "\(UUID().uuidString).bin"

            let uploadSession = try await client.chunkedUploads.createFileUploadSession(
                requestBody: CreateFileUploadSessionRequestBody(folderId: "0", fileSize: Int64(fileSize), fileName: fileName))
            let sessionEndpoints = try #require(uploadSession.sessionEndpoints)
            let uploadPartUrl = try #require(sessionEndpoints.uploadPart)
            let commitUrl = try #require(sessionEndpoints.commit)
            let listPartsUrl = try #require(sessionEndpoints.listParts)
            let statusUrl = try #require(sessionEndpoints.status)
            let abortUrl = try #require(sessionEndpoints.abort)
            let partSize = try #require(uploadSession.partSize)
            let totalParts = try #require(uploadSession.totalParts)

            let results = try await Self.uploadParts(partSize: partSize) { chunk, digest, contentRange in
                try await client.chunkedUploads.uploadFilePartByUrl(
                    url: uploadPartUrl, requestBody: chunk, headers: UploadFilePartByUrlHeaders(digest: digest, contentRange: contentRange))
            }
            let processedSessionParts = try await client.chunkedUploads.getFileUploadSessionPartsByUrl(url: listPartsUrl)
            #expect(Int64(processedSessionParts.entries?.count ?? 0) == totalParts)
            let processedSession = try await client.chunkedUploads.getFileUploadSessionByUrl(url: statusUrl)
            let processedId: String? = processedSession.id
            let sessionId: String? = uploadSession.id
            #expect(processedId == sessionId)

            let digest = "sha=\(dropInSHA1Base64(Self.fileBuffer))"
            let committedSession: Files? = try await client.chunkedUploads.createFileUploadSessionCommitByUrl(
                url: commitUrl, requestBody: CreateFileUploadSessionCommitByUrlRequestBody(parts: results.parts),
                headers: CreateFileUploadSessionCommitByUrlHeaders(digest: digest))
            #expect(committedSession?.entries?.first?.name == fileName)

            try await client.chunkedUploads.deleteFileUploadSessionByUrl(url: abortUrl)
            await #expect(throws: BoxAPIError.self) { try await client.chunkedUploads.getFileUploadSessionByUrl(url: statusUrl) }
        }
    }

    @Test func anAbandonedSessionIsDeleted() async throws {
        try await withLocalBox({ $0.uploadPartSize = 256 * 1024; $0.minimumChunkedUploadSize = 256 * 1024 }) { box in
            let client = box.client
            let uploadSession = try await client.chunkedUploads.createFileUploadSession(
                requestBody: CreateFileUploadSessionRequestBody(folderId: "0", fileSize: Int64(512 * 1024), fileName: "abandoned.bin"))
            let sessionId: String? = uploadSession.id
            let uploadSessionId = try #require(sessionId)

            try await client.chunkedUploads.deleteFileUploadSessionById(uploadSessionId: uploadSessionId)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.chunkedUploads.getFileUploadSessionById(uploadSessionId: uploadSessionId)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aNewVersionOfAFileIsUploadedInParts() async throws {
        try await withLocalBox({ $0.uploadPartSize = 256 * 1024; $0.minimumChunkedUploadSize = 256 * 1024 }) { box in
            let client = box.client
            let file = try await uploadText(client, name: "growing.bin", text: "small at first")
            let fileSize = Self.fileBuffer.count

            let uploadSession = try await client.chunkedUploads.createFileUploadSessionForExistingFile(
                fileId: file.id, requestBody: CreateFileUploadSessionForExistingFileRequestBody(fileSize: Int64(fileSize)))
            let sessionId: String? = uploadSession.id
            let uploadSessionId = try #require(sessionId)
            let partSize = try #require(uploadSession.partSize)
            let results = try await Self.uploadParts(partSize: partSize) { chunk, digest, contentRange in
                try await client.chunkedUploads.uploadFilePart(
                    uploadSessionId: uploadSessionId, requestBody: chunk,
                    headers: UploadFilePartHeaders(digest: digest, contentRange: contentRange))
            }
            let committedSession: Files? = try await client.chunkedUploads.createFileUploadSessionCommit(
                uploadSessionId: uploadSessionId, requestBody: CreateFileUploadSessionCommitRequestBody(parts: results.parts),
                headers: CreateFileUploadSessionCommitHeaders(digest: "sha=\(dropInSHA1Base64(Self.fileBuffer))"))

            let newVersion = try #require(committedSession?.entries?.first)
            #expect(newVersion.id == file.id)
            #expect(newVersion.size == Int64(fileSize))
            #expect(try await client.fileVersions.getFileVersions(fileId: file.id).totalCount == 1)
        }
    }

    @Test func aBigFileIsUploadedWithTheConvenienceMethod() async throws {
        try await withLocalBox({ $0.uploadPartSize = 256 * 1024; $0.minimumChunkedUploadSize = 256 * 1024 }) { box in
            let client = box.client
            let fileSize = Self.fileBuffer.count
            let fileName = "\(UUID().uuidString).bin"
            let parentFolderId = "0"

            let uploadedFile = try await client.chunkedUploads.uploadBigFile(
                file: InputStream(data: Self.fileBuffer), fileName: fileName, fileSize: Int64(fileSize), parentFolderId: parentFolderId)

            #expect(uploadedFile.name == fileName)
            #expect(uploadedFile.size == Int64(fileSize))
            #expect(uploadedFile.parent?.id == parentFolderId)
            #expect(uploadedFile.sha1 == dropInSHA1Hex(Self.fileBuffer))
        }
    }
}

/// The SHA-1 of `data` (FIPS 180-4), written out here because the test may import only
/// Foundation (Box's code would use its SDK's `Hash`).
private func dropInSHA1(_ data: Data) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var message = [UInt8](data)
    let bitLength = UInt64(message.count) * 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: message.count, by: 64) {
        for i in 0..<16 {
            let j = chunk + i * 4
            w[i] = UInt32(message[j]) << 24 | UInt32(message[j + 1]) << 16 | UInt32(message[j + 2]) << 8 | UInt32(message[j + 3])
        }
        for i in 16..<80 {
            let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
            w[i] = x << 1 | x >> 31
        }
        var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
        for i in 0..<80 {
            let (f, k): (UInt32, UInt32)
            switch i {
            case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
            (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
        }
        h[0] = h[0] &+ a; h[1] = h[1] &+ b; h[2] = h[2] &+ c; h[3] = h[3] &+ d; h[4] = h[4] &+ e
    }
    return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
}

/// The SHA-1 of `data` in base64, as `Digest: sha=` takes it.
private func dropInSHA1Base64(_ data: Data) -> String { Data(dropInSHA1(data)).base64EncodedString() }

/// The SHA-1 of `data` in hex, as a file's `sha1` is given.
private func dropInSHA1Hex(_ data: Data) -> String { dropInSHA1(data).map { String(format: "%02x", $0) }.joined() }
