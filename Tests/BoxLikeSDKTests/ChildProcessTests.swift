import BoxLikeNetworkTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The tests' own process launcher: what a child started by a test gets from the test process.
@Suite("Child processes")
struct ChildProcessTests {
    @Test(arguments: ["tinyproxy", "openssl", "unzip", "initdb"])
    func aMissingProgramIsOneLineNamingItAndTheInstallLine(program: String) throws {
        let error = #expect(throws: RequiredProgram.Missing.self) {
            try RequiredProgram.locate(program, path: "/nonexistent/bin")
        }
        let line = try #require(error).description
        #expect(line.hasPrefix("\(program) is not installed"))
        #expect(line.hasSuffix(RequiredProgram.installLine))
        #expect(!line.contains("\n"))
    }

    @Test func anInstalledProgramIsFoundOnThePath() throws {
        #expect(try RequiredProgram.locate("sh", path: "/nonexistent/bin:/bin:/usr/bin").hasSuffix("/sh"))
    }

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
