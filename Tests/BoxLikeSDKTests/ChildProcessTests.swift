import BoxLikeNetworkTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The tests' own process launcher: what a child started by a test gets from the test process.
@Suite("Child processes")
struct ChildProcessTests {
    @Test func aPortTheTestClosesIsFreeWhileAChildStartedBeforeTheCloseRuns() async throws {
        // SwiftNIO's sockets are not close-on-exec; a child that inherited one would keep the
        // port bound until it ended.
        let (descriptor, port) = try LoopbackSocket.bound()
        let child = try ChildProcess.spawn("/bin/sleep", ["60"])
        close(descriptor)
        let rebound = Result { try LoopbackSocket.bound(port: port) }
        child.send(SIGKILL)
        _ = await child.wait()
        let again = try rebound.get()
        close(again.descriptor)
        #expect(again.port == port)
    }
}
