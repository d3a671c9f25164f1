import Synchronization

/// How far a transfer has got.
public struct TransferProgress: Sendable, Hashable {
    /// Bytes sent or received so far.
    public var completedBytes: Int64
    /// The total, when known.
    public var totalBytes: Int64?

    /// Creates a progress value.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The completed share between 0 and 1, when the total is known.
    public var fraction: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}

/// Receives progress reports for a transfer: as a callback, an `AsyncStream`, or both.
///
/// ```swift
/// let progress = ProgressReporter()
/// Task { for await p in progress.updates { print(p.fraction ?? 0) } }
/// try await client.uploads.uploadFile(from: url, name: "a.bin", parentFolderId: "0", progress: progress)
/// ```
public final class ProgressReporter: Sendable {
    private let handler: (@Sendable (TransferProgress) -> Void)?
    private let continuation: AsyncStream<TransferProgress>.Continuation
    /// Every report, ending when the transfer ends. Buffers only the newest report, so a
    /// slow reader skips values rather than holding memory.
    public let updates: AsyncStream<TransferProgress>
    private let minimumStep: Int64
    private let state = Mutex<(last: Int64, finished: Bool)>((-1, false))

    /// Creates a reporter.
    ///
    /// - Parameters:
    ///   - minimumStep: Reports closer together than this many bytes are skipped (the
    ///     first and last are always sent).
    ///   - handler: Called with every report, on the transferring task.
    public init(minimumStep: Int64 = 64 * 1024, handler: (@Sendable (TransferProgress) -> Void)? = nil) {
        self.handler = handler
        self.minimumStep = minimumStep
        (self.updates, self.continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Reports progress.
    public func report(_ progress: TransferProgress) {
        let send = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            let isLast = progress.totalBytes.map { progress.completedBytes >= $0 } ?? false
            guard state.last < 0 || isLast || progress.completedBytes - state.last >= minimumStep else { return false }
            state.last = progress.completedBytes
            return true
        }
        guard send else { return }
        handler?(progress)
        continuation.yield(progress)
    }

    /// Ends ``updates``.
    public func finish() {
        state.withLock { $0.finished = true }
        continuation.finish()
    }
}

extension ByteStream {
    /// The same bytes, reporting progress as they pass.
    public func reportingProgress(to reporter: ProgressReporter?, totalBytes: Int64? = nil) -> ByteStream {
        guard let reporter else { return self }
        let total = totalBytes ?? expectedLength
        let counted = ProgressCountingSequence(base: self, reporter: reporter, total: total)
        return ByteStream(HTTPBodyFactory.make(counted, length: total), responseHeaders: responseHeaders,
                          apiResponseHeaders: apiResponseHeaders)
    }
}

extension ByteSource {
    /// The same source, reporting progress every time its bytes are sent (a retry starts
    /// again from zero).
    public func reportingProgress(to reporter: ProgressReporter?) -> ByteSource {
        guard let reporter else { return self }
        return ByteSource.wrapping(self) { body in
            let counted = ProgressCountingSequence(base: ByteStream(body), reporter: reporter, total: self.length)
            return HTTPBodyFactory.make(counted, length: self.length)
        }
    }
}

/// Counts bytes as they pass through and reports them.
struct ProgressCountingSequence: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let base: ByteStream
    let reporter: ProgressReporter
    let total: Int64?

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), reporter: reporter, total: total)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: ByteStream.AsyncIterator
        let reporter: ProgressReporter
        let total: Int64?
        var done: Int64 = 0
        var started = false

        mutating func next() async throws -> ArraySlice<UInt8>? {
            if !started {
                started = true
                reporter.report(TransferProgress(completedBytes: 0, totalBytes: total))
            }
            guard let chunk = try await base.next() else { return nil }
            done += Int64(chunk.count)
            reporter.report(TransferProgress(completedBytes: done, totalBytes: total))
            return chunk
        }
    }
}
