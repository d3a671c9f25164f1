import Foundation
import Synchronization

/// How `uploadBigFile(file:fileName:fileSize:parentFolderId:options:)`
/// runs.
public struct ChunkedUploadOptions: Sendable {
    /// How many parts are in flight at once.
    public var concurrency: Int
    /// How many times one part is tried before the upload fails (the session stays open
    /// and can be resumed).
    public var attemptsPerPart: Int
    /// Receives progress (bytes of parts the server accepted).
    public var progress: ProgressReporter?
    /// Called with the session id as soon as the session exists, so an app can persist it
    /// and resume after a crash.
    public var onSessionCreated: (@Sendable (String) -> Void)?

    /// Creates options.
    public init(concurrency: Int = 4, attemptsPerPart: Int = 3, progress: ProgressReporter? = nil,
                onSessionCreated: (@Sendable (String) -> Void)? = nil) {
        self.concurrency = max(1, concurrency)
        self.attemptsPerPart = max(1, attemptsPerPart)
        self.progress = progress
        self.onSessionCreated = onSessionCreated
    }
}

extension ChunkedUploadsManager {
    /// Uploads a large file through an upload session: creates the session, uploads its
    /// parts concurrently with a SHA-1 digest each, retries a failed part, and commits with
    /// the whole file's digest.
    ///
    /// Parts are streamed from the file; nothing larger than a read buffer is held in
    /// memory per part.
    ///
    /// ```swift
    /// let file = try await client.chunkedUploads.uploadBigFile(
    ///     file: URL(fileURLWithPath: "/data/video.mp4"), fileName: "video.mp4",
    ///     fileSize: size, parentFolderId: "0")
    /// ```
    public func uploadBigFile(
        file: URL,
        fileName: String,
        fileSize: Int64,
        parentFolderId: String,
        options: ChunkedUploadOptions = ChunkedUploadOptions()
    ) async throws -> FileFull {
        try await uploadThroughNewSession(fileName: fileName, fileSize: fileSize, parentFolderId: parentFolderId,
                                          options: options) { plan in FilePartProducer(url: file, plan: plan) }
    }

    /// Uploads a large file from any byte source (for instance an `AsyncSequence` of
    /// chunks) through an upload session. Each part is gathered in memory before it is
    /// sent, so at most `concurrency + 1` parts are held at once.
    public func uploadBigFile(
        file: ByteSource,
        fileName: String,
        fileSize: Int64,
        parentFolderId: String,
        options: ChunkedUploadOptions = ChunkedUploadOptions()
    ) async throws -> FileFull {
        try await uploadThroughNewSession(fileName: fileName, fileSize: fileSize, parentFolderId: parentFolderId,
                                          options: options) { plan in StreamPartProducer(source: file, plan: plan) }
    }

    /// Uploads a new version of an existing large file through an upload session, streamed
    /// from disk in parts like `uploadBigFile(file:fileName:fileSize:parentFolderId:options:)`.
    ///
    /// ```swift
    /// let updated = try await client.chunkedUploads.uploadBigFileVersion(
    ///     fileId: "12345", file: URL(fileURLWithPath: "/data/video-v2.mp4"), fileSize: size)
    /// ```
    ///
    /// - Parameters:
    ///   - fileId: The file to add a version to.
    ///   - file: The new content.
    ///   - fileSize: The size of the new content in bytes.
    ///   - newName: A new name for the file, if it should change.
    ///   - ifMatch: The file's `etag` as last seen: the commit is refused with `412` when the
    ///     file changed meanwhile. The session stays open then, so
    ///     ``resumeBigFileUpload(uploadSessionId:file:options:)`` can still commit it.
    ///   - options: Concurrency, retries, progress.
    public func uploadBigFileVersion(
        fileId: String,
        file: URL,
        fileSize: Int64,
        newName: String? = nil,
        ifMatch: String? = nil,
        options: ChunkedUploadOptions = ChunkedUploadOptions()
    ) async throws -> FileFull {
        let session = try await createFileUploadSessionForExistingFile(
            fileId: fileId, requestBody: CreateFileUploadSessionForExistingFileRequestBody(fileSize: fileSize, fileName: newName))
        return try await upload(through: session, fileSize: fileSize, ifMatch: ifMatch, options: options) { plan in
            FilePartProducer(url: file, plan: plan)
        }
    }

    /// Finishes an upload session that was interrupted (a crash, a lost connection): lists
    /// the parts the server already has, uploads the missing ones from `file`, and commits.
    public func resumeBigFileUpload(
        uploadSessionId: String,
        file: URL,
        options: ChunkedUploadOptions = ChunkedUploadOptions()
    ) async throws -> FileFull {
        let session = try await getFileUploadSessionById(uploadSessionId: uploadSessionId)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let fileSize = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let plan = try UploadPartPlan(totalSize: fileSize, announcedPartSize: session.partSize, sessionId: session.id)
        var uploaded: [UploadPart] = []
        for try await part in getFileUploadSessionPartsSequence(
            uploadSessionId: uploadSessionId, queryParams: GetFileUploadSessionPartsQueryParams(limit: 1000)) {
            uploaded.append(part)
        }
        let producer = FilePartProducer(url: file, plan: plan)
        return try await upload(sessionId: uploadSessionId, plan: plan, producer: producer,
                                alreadyUploaded: uploaded, options: options)
    }

    // MARK: - The upload loop

    private func uploadThroughNewSession<Producer: PartProducer>(
        fileName: String, fileSize: Int64, parentFolderId: String, options: ChunkedUploadOptions,
        producer makeProducer: (UploadPartPlan) -> Producer
    ) async throws -> FileFull {
        let session = try await createFileUploadSession(requestBody: CreateFileUploadSessionRequestBody(
            folderId: parentFolderId, fileSize: fileSize, fileName: fileName))
        return try await upload(through: session, fileSize: fileSize, options: options, producer: makeProducer)
    }

    /// Plans the parts of a fresh session and uploads them.
    private func upload<Producer: PartProducer>(
        through session: UploadSession, fileSize: Int64, ifMatch: String? = nil, options: ChunkedUploadOptions,
        producer makeProducer: (UploadPartPlan) -> Producer
    ) async throws -> FileFull {
        options.onSessionCreated?(session.id)
        let plan: UploadPartPlan
        do {
            plan = try UploadPartPlan(totalSize: fileSize, announcedPartSize: session.partSize, sessionId: session.id)
        } catch {
            // Nothing was uploaded: give the server its session back rather than leave it open.
            try? await deleteFileUploadSessionById(uploadSessionId: session.id)
            throw error
        }
        return try await upload(sessionId: session.id, plan: plan, producer: makeProducer(plan), alreadyUploaded: [],
                                ifMatch: ifMatch, options: options)
    }

    private func upload(
        sessionId: String,
        plan: UploadPartPlan,
        producer: some PartProducer,
        alreadyUploaded: [UploadPart],
        ifMatch: String? = nil,
        options: ChunkedUploadOptions
    ) async throws -> FileFull {
        // Only parts the plan would have made count as done (their sizes add up to at most
        // the file's); a part listed with another offset or size is uploaded again.
        let kept = plan.matching(alreadyUploaded)
        let done = Set(kept.map(\.offset))
        let completed = ByteCounter(kept.reduce(0) { $0 + $1.size })
        options.progress?.report(TransferProgress(completedBytes: completed.value, totalBytes: plan.totalSize))
        defer { options.progress?.finish() }

        var uploaded = kept
        var wholeFile = SHA1Hasher()
        var iterator = producer.makeIterator()
        try await withThrowingTaskGroup(of: UploadPart.self) { group in
            var inFlight = 0
            while let job = try await iterator.next(hashingInto: &wholeFile) {
                if done.contains(job.part.offset) { continue }
                if inFlight >= options.concurrency, let finished = try await group.next() {
                    uploaded.append(finished)
                    inFlight -= 1
                }
                group.addTask {
                    let part = try await self.uploadPart(sessionId: sessionId, job: job, plan: plan,
                                                         attempts: options.attemptsPerPart)
                    let total = completed.add(part.size)
                    options.progress?.report(TransferProgress(completedBytes: total, totalBytes: plan.totalSize))
                    return part
                }
                inFlight += 1
            }
            while let finished = try await group.next() {
                uploaded.append(finished)
            }
        }
        uploaded.sort { $0.offset < $1.offset }
        let files = try await createFileUploadSessionCommit(
            uploadSessionId: sessionId,
            requestBody: CreateFileUploadSessionCommitRequestBody(parts: uploaded),
            headers: CreateFileUploadSessionCommitHeaders(digest: wholeFile.finalize().digestHeader, ifMatch: ifMatch))
        guard let file = files.entries?.first else {
            throw BoxSDKError(.invalidResponse, "The upload session \(sessionId) was committed but no file came back.")
        }
        return file
    }

    private func uploadPart(sessionId: String, job: PartJob, plan: UploadPartPlan, attempts: Int) async throws -> UploadPart {
        var attempt = 0
        while true {
            attempt += 1
            do {
                let result = try await uploadFilePart(
                    uploadSessionId: sessionId,
                    requestBody: job.source,
                    headers: UploadFilePartHeaders(digest: job.sha1.digestHeader,
                                                   contentRange: job.part.contentRange(totalSize: plan.totalSize)))
                return result.part
            } catch let error as BoxAPIError where attempt < attempts && (error.status >= 500 || error.status == 429) {
                try await Task.sleep(for: .milliseconds(200 * attempt))
            } catch let error as BoxNetworkError where attempt < attempts {
                _ = error
                try await Task.sleep(for: .milliseconds(200 * attempt))
            }
        }
    }

}

/// A byte count shared by concurrent part uploads.
final class ByteCounter: Sendable {
    private let count: Mutex<Int64>

    init(_ initial: Int64) { count = Mutex(initial) }

    var value: Int64 { count.withLock { $0 } }

    /// Adds `bytes` and returns the new total.
    func add(_ bytes: Int64) -> Int64 {
        count.withLock { value in
            value += bytes
            return value
        }
    }
}

/// One part ready to send: where it goes, its bytes and its digest.
struct PartJob: Sendable {
    let part: UploadPartPlan.Part
    let source: ByteSource
    let sha1: ContentDigest
}

/// Produces the parts of a file in order, feeding every byte into the whole-file digest.
protocol PartProducer: Sendable {
    associatedtype Iterator: PartIterator
    func makeIterator() -> Iterator
}

protocol PartIterator {
    mutating func next(hashingInto wholeFile: inout SHA1Hasher) async throws -> PartJob?
}

/// Parts of a file on disk: each part is read once to hash it and streamed again from the
/// file when sent, so no part is held in memory.
struct FilePartProducer: PartProducer {
    let url: URL
    let plan: UploadPartPlan

    func makeIterator() -> Iterator { Iterator(url: url, plan: plan, parts: plan.indices) }

    struct Iterator: PartIterator {
        let url: URL
        let plan: UploadPartPlan
        var parts: Range<Int>

        mutating func next(hashingInto wholeFile: inout SHA1Hasher) async throws -> PartJob? {
            guard let index = parts.popFirst() else { return nil }
            let part = plan.part(index)
            let source = try ByteSource.file(at: url, offset: part.offset, length: part.size)
            var partHasher = SHA1Hasher()
            var read: Int64 = 0
            for try await chunk in ByteStream(try source.makeStream()) {
                partHasher.update(chunk)
                wholeFile.update(chunk)
                read += Int64(chunk.count)
            }
            guard read == part.size else {
                throw BoxSDKError(.invalidArgument, "'\(url.path)' is shorter than the announced file size.")
            }
            return PartJob(part: part, source: source, sha1: partHasher.finalize())
        }
    }
}

/// Parts of a one-shot byte stream: each part is gathered in memory.
struct StreamPartProducer: PartProducer {
    let source: ByteSource
    let plan: UploadPartPlan

    func makeIterator() -> Iterator { Iterator(source: source, plan: plan, parts: plan.indices) }

    struct Iterator: PartIterator {
        let source: ByteSource
        let plan: UploadPartPlan
        var parts: Range<Int>
        var stream: ByteStream.AsyncIterator?
        var carry: ArraySlice<UInt8> = []

        mutating func next(hashingInto wholeFile: inout SHA1Hasher) async throws -> PartJob? {
            guard let index = parts.popFirst() else { return nil }
            let part = plan.part(index)
            if stream == nil { stream = ByteStream(try source.makeStream()).makeAsyncIterator() }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(part.size))
            bytes.append(contentsOf: carry.prefix(Int(part.size)))
            carry = carry.dropFirst(bytes.count)
            while bytes.count < Int(part.size) {
                guard let chunk = try await stream?.next() else {
                    throw BoxSDKError(.invalidArgument, "The upload stream ended before the announced file size.")
                }
                let needed = Int(part.size) - bytes.count
                bytes.append(contentsOf: chunk.prefix(needed))
                if chunk.count > needed { carry = chunk.dropFirst(needed) }
            }
            var partHasher = SHA1Hasher()
            partHasher.update(bytes[...])
            wholeFile.update(bytes[...])
            return PartJob(part: part, source: .bytes(bytes), sha1: partHasher.finalize())
        }
    }
}
