@testable import BoxLikeRuntime
import NIOCore
import NIOPosix
import OpenAPIRuntime
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The AsyncHTTPClient transport gets a body's next chunk only after its event loops ran
/// what was queued before (the previous chunk's write), so memory stays flat on uploads.
@Suite("Paced request bodies")
struct PacedBodyTests {
    @Test func theNextChunkComesOnlyAfterTheLoopRanEarlierTasks() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let body = HTTPBody([ArraySlice<UInt8>([1, 2]), [3], [4, 5, 6]].async, length: .known(6),
                            iterationBehavior: .single)
        var iterator = PacedChunks(base: body, eventLoops: [loop]).makeAsyncIterator()

        var received: [UInt8] = []
        let writesDone = Mutex(0)
        while let chunk = try await iterator.next() {
            // What the transport does with a chunk: queue its write on the loop.
            received += chunk
            let queuedBefore = received.count
            loop.execute {
                // Kept: the slow writer is the behaviour under test, not a wait for a condition.
                usleep(20_000)   // a slow write: an unpaced body would look ahead meanwhile
                writesDone.withLock { $0 = queuedBefore }
            }
            // Looking ahead must not happen until that write ran.
            if let next = try await iterator.next() {
                #expect(writesDone.withLock { $0 } == queuedBefore)
                received += next
                let queued = received.count
                loop.execute { writesDone.withLock { $0 = queued } }
            }
        }
        #expect(received == [1, 2, 3, 4, 5, 6])
    }
}

extension Array where Element: Sendable {
    /// The elements as an `AsyncSequence`.
    fileprivate var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}
