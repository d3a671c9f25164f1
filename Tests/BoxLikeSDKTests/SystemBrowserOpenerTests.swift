import BoxLikeNetworkTestSupport
@testable import BoxLikeSDK
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `SystemBrowserOpener` with a stand-in for `xdg-open`: a shell script in a temporary
/// directory, so what the opener passed and left open can be inspected.
@Suite("System browser opener")
struct SystemBrowserOpenerTests {
    /// Collects the fallback messages.
    final class Fallbacks: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var messages: [String] = []
        func append(_ message: String) { lock.withLock { messages.append(message) } }
        var all: [String] { lock.withLock { messages } }
    }

    /// A temporary directory holding `opener.sh`, a script running `body` with the URL as `$1`.
    func withOpenerScript(_ body: String, _ test: (_ directory: URL, _ script: String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("opener.sh").path
        try "#!/bin/sh\n\(body)\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        try await test(directory, script)
    }

    /// An authorization URL with characters a shell would act on (`&`, `%`).
    func authorizeURL() throws -> URL {
        try #require(URL(string: "https://account.example.com/api/oauth2/authorize?client_id=a&state=b%20c&redirect_uri=http%3A%2F%2F127.0.0.1%3A1"))
    }

    @Test func theOpenerGetsTheURLAsOneArgumentAndNothingIsPrinted() async throws {
        try await withOpenerScript(#"printf '%s\n' "$#" "$1" > "$(dirname "$0")/seen""#) { directory, script in
            let url = try authorizeURL()
            let fallbacks = Fallbacks()
            try await SystemBrowserOpener(command: [script], fallback: fallbacks.append).open(url)
            let seen = try String(contentsOf: directory.appendingPathComponent("seen"), encoding: .utf8)
            #expect(seen == "1\n\(url.absoluteString)\n")
            #expect(fallbacks.all.isEmpty)
        }
    }

    @Test func theOpenerGetsTheDesktopsVariablesAndNoneOfTheAppsSecrets() async throws {
        // The app's environment as the opener would read it (the process's own is shared by
        // every test running at once, so it is not changed here).
        var environment = ProcessInfo.processInfo.environment
        environment["BOXLIKE_CLIENT_SECRET"] = "opener-secret-1"
        environment["https_proxy"] = "http://alice:opener-secret-2@proxy.example:3128"
        environment["DISPLAY"] = ":7"
        let appEnvironment = environment
        try await withOpenerScript(#"env > "$(dirname "$0")/env""#) { directory, script in
            try await SystemBrowserOpener(command: [script], fallback: { _ in }, environment: { appEnvironment }).open(authorizeURL())
            let passed = try String(contentsOf: directory.appendingPathComponent("env"), encoding: .utf8)
            #expect(!passed.contains("opener-secret"))
            #expect(!passed.contains("BOXLIKE_"))
            #expect(passed.contains("DISPLAY=:7\n"))
            if let path = appEnvironment["PATH"] {
                #expect(passed.contains("PATH=\(path)\n"))
            }
        }
    }

    @Test func proxySettingsPassOnlyWithoutCredentials() {
        let passed = SystemBrowserOpener.passedEnvironment(from: [
            "https_proxy": "http://alice:pa55@proxy.example:3128", "HTTP_PROXY": "proxy.example:3128",
            "ALL_PROXY": "socks5://bob@proxy.example:1080", "no_proxy": "localhost,127.0.0.1",
            "DISPLAY": ":0", "XDG_RUNTIME_DIR": "/run/user/1000", "LC_ALL": "C.UTF-8",
            "BOXLIKE_CLIENT_SECRET": "s", "AWS_SECRET_ACCESS_KEY": "k", "LD_PRELOAD": "/tmp/x.so",
        ])
        #expect(passed == ["HTTP_PROXY": "proxy.example:3128", "no_proxy": "localhost,127.0.0.1", "DISPLAY": ":0",
                           "XDG_RUNTIME_DIR": "/run/user/1000", "LC_ALL": "C.UTF-8"])
    }

    @Test func anOpenerThatFailsLeadsToTheURLBeingShown() async throws {
        try await withOpenerScript("exit 3") { _, script in
            let url = try authorizeURL()
            let fallbacks = Fallbacks()
            try await SystemBrowserOpener(command: [script], fallback: fallbacks.append).open(url)
            #expect(fallbacks.all.count == 1)
            #expect(fallbacks.all.first?.hasSuffix("\n\(url.absoluteString)") == true)
        }
    }

    @Test func aMissingOpenerLeadsToTheURLBeingShown() async throws {
        let fallbacks = Fallbacks()
        try await SystemBrowserOpener(command: ["/nonexistent/xdg-open"], fallback: fallbacks.append).open(authorizeURL())
        #expect(fallbacks.all.count == 1)
    }

    @Test func aBrowserTheOpenerLeavesRunningHoldsNoneOfTheAppsPorts() async throws {
        // Like `xdg-open`, the script starts a long-lived program and exits at once.
        try await withOpenerScript(#"sleep 60 & echo $! > "$(dirname "$0")/browser.pid""#) { directory, script in
            let (descriptor, port) = try LoopbackSocket.bound()
            try await SystemBrowserOpener(command: [script], fallback: { _ in }).open(authorizeURL())
            let pidText = try String(contentsOf: directory.appendingPathComponent("browser.pid"), encoding: .utf8)
            defer { _ = Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)).map { kill($0, SIGKILL) } }
            close(descriptor)
            let again = try LoopbackSocket.bound(port: port)
            close(again.descriptor)
            #expect(again.port == port)
        }
    }
}
