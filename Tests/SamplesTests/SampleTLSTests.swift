import BoxLikeNetworkTestSupport
import BoxLikeServer
import Foundation
import Testing

/// The samples against a Box-style server behind TLS with a certificate the system does not
/// trust: `--ca-file` makes it work, and without it the sample fails at once, naming TLS.
@Suite("Samples over TLS", .serialized)
struct SampleTLSTests {
    /// A self-signed certificate for `localhost` (its own authority) and its key, as files.
    private static func makeCertificate() throws -> (directory: URL, certificate: String, key: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-sample-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificate = directory.appendingPathComponent("localhost.pem").path
        let key = directory.appendingPathComponent("localhost.key").path
        let openssl = try ChildProcess.spawn("/usr/bin/env", [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost"])
        try #require(openssl.waitBlocking() == 0, "openssl could not make a certificate")
        return (directory, certificate, key)
    }

    private func withTLSServer(_ body: (BoxLikeServer, String) async throws -> Void) async throws {
        let (directory, certificate, key) = try Self.makeCertificate()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = BoxLikeServerConfiguration()
        configuration.tls = ServerTLS(certificateChainPEM: try String(contentsOfFile: certificate, encoding: .utf8),
                                      privateKeyPEM: try String(contentsOfFile: key, encoding: .utf8), hostName: "localhost")
        try await BoxLikeServer.withRunning(configuration) { server in try await body(server, certificate) }
    }

    @Test func aCAFileLetsTheSampleReachTheServer() async throws {
        try await withTLSServer { server, caFile in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let result = try await SamplesTests.run("sample-developer-token", [
                "--base-url", server.apiBaseURL, "--developer-token", token, "--ca-file", caFile,
            ])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("Signed in as"))
        }
    }

    @Test func withoutTheCAFileTheSampleFailsAtOnceNamingTLS() async throws {
        try await withTLSServer { server, _ in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let result = try await SamplesTests.run("sample-developer-token", [
                "--base-url", server.apiBaseURL, "--developer-token", token,
            ], timeout: .seconds(30))
            #expect(result.status != 0)
            #expect(result.output.contains("tls (certificateUntrusted)"), "\(result.output)")
            // One attempt is the proof it failed at once: a TLS failure is not retried.
            #expect(result.output.contains("1 attempt(s)"))
        }
    }
}
