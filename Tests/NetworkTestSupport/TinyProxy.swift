import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP proxy (Debian's `tinyproxy`, installed by `.ci/run`) on an ephemeral loopback
/// port with a generated configuration, for one test. Shared by the SDK's and the samples' tests.
public struct TinyProxy {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// Where it logs.
    public let logFile: URL
    private let process: ChildProcess

    /// The proxy's log so far (one line per request it received: `GET http://…`, `CONNECT host:port`).
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Starts a proxy, runs `body` with it and stops it afterwards.
    public static func withRunning<T>(username: String? = nil, password: String? = nil,
                               _ body: (TinyProxy) async throws -> T) async throws -> T {
        let proxy = try await start(username: username, password: password)
        do {
            let result = try await body(proxy)
            proxy.stop()
            return result
        } catch {
            proxy.stop()
            throw error
        }
    }

    private static func start(username: String?, password: String?) async throws -> TinyProxy {
        let tinyproxy = try RequiredProgram.locate("tinyproxy")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var lastError: (any Error)?
        // The port is chosen by the kernel, released and handed to tinyproxy; another process
        // may take it in between, so a failed start is tried again on a new port.
        for _ in 0..<3 {
            let port = try freeLoopbackPort()
            let logFile = directory.appendingPathComponent("tinyproxy-\(port).log")
            var configuration = """
            Port \(port)
            Listen 127.0.0.1
            Timeout 30
            LogFile "\(logFile.path)"
            LogLevel Info
            MaxClients 50
            Allow 127.0.0.1
            DisableViaHeader Yes

            """
            if let username, let password { configuration += "BasicAuth \(username) \(password)\n" }
            let configFile = directory.appendingPathComponent("tinyproxy-\(port).conf")
            try configuration.write(to: configFile, atomically: true, encoding: .utf8)
            let process = try ChildProcess.spawn(tinyproxy, ["-d", "-c", configFile.path])
            let proxy = TinyProxy(port: port, logFile: logFile, process: process)
            if await proxy.waitUntilListening() { return proxy }
            proxy.stop()
            lastError = TinyProxyError(message: "tinyproxy did not start on port \(port): \(proxy.log)")
        }
        throw lastError ?? TinyProxyError(message: "tinyproxy did not start")
    }

    /// Waits (up to 10 s) for the log line tinyproxy writes once it accepts connections.
    private func waitUntilListening() async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if log.contains("Accepting connections") { return true }
            // Kept: tinyproxy is another program whose only signal is the line in its log.
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Stops the proxy with SIGKILL (tinyproxy in the foreground finishes open connections on
    /// SIGTERM, which can take its whole idle timeout).
    public func stop() {
        process.send(SIGKILL)
        _ = process.waitBlocking()
    }

    /// A loopback TCP port nothing listens on right now.
    public static func freeLoopbackPort() throws -> Int {
        try LoopbackSocket.freePort()
    }
}

public struct TinyProxyError: Error, CustomStringConvertible {
    let message: String
    /// What went wrong.
    public var description: String { message }
}
