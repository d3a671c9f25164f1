import BoxLikeNetworkTestSupport
import BoxLikeServer
import Foundation

/// A throwaway certificate authority with a server certificate for `localhost` and a client
/// certificate, made with the `openssl` command line tool once per test process.
struct TestCertificates: Sendable {
    let directory: URL
    let caCertificatePEM: String
    let serverChainPEM: String
    let serverKeyPEM: String

    var caFile: String { directory.appendingPathComponent("ca.pem").path }
    var clientCertificateFile: String { directory.appendingPathComponent("client.pem").path }
    var clientKeyFile: String { directory.appendingPathComponent("client.key").path }
    var serverKeyFile: String { directory.appendingPathComponent("server.key").path }

    /// Made on first use, shared by every test.
    static let shared: Result<TestCertificates, any Error> = Result { try make() }

    static func load() throws -> TestCertificates { try shared.get() }

    /// TLS settings for a server presenting the `localhost` certificate; `hostName` is the
    /// name in its URLs (`nil`: the bound address, 127.0.0.1, which the certificate does not name).
    func serverTLS(hostName: String? = "localhost", requireClientCertificate: Bool = false) -> ServerTLS {
        ServerTLS(certificateChainPEM: serverChainPEM, privateKeyPEM: serverKeyPEM, hostName: hostName,
                  clientCertificateAuthorityPEM: requireClientCertificate ? caCertificatePEM : nil)
    }

    private static func make() throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-pki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(["req", "-x509"] + curve + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2",
                     "-subj", "/CN=BoxLike Test CA",
                     "-addext", "basicConstraints=critical,CA:TRUE",
                     "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        for (name, usage) in [("server", "serverAuth"), ("client", "clientAuth")] {
            try openssl(["req"] + curve + ["-keyout", path("\(name).key"), "-out", path("\(name).csr"),
                         "-subj", "/CN=\(name == "server" ? "localhost" : "boxlike-test-client")"])
            let extensions = (name == "server" ? "subjectAltName=DNS:localhost\n" : "")
                + "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=\(usage)\n"
            try extensions.write(toFile: path("\(name).ext"), atomically: true, encoding: .utf8)
            try openssl(["x509", "-req", "-in", path("\(name).csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                         "-CAcreateserial", "-out", path("\(name).pem"), "-days", "2", "-extfile", path("\(name).ext")])
        }
        return TestCertificates(
            directory: directory,
            caCertificatePEM: try String(contentsOfFile: path("ca.pem"), encoding: .utf8),
            serverChainPEM: try String(contentsOfFile: path("server.pem"), encoding: .utf8),
            serverKeyPEM: try String(contentsOfFile: path("server.key"), encoding: .utf8))
    }

    private static func openssl(_ arguments: [String]) throws {
        let errors = try ChildPipe()
        let openssl: ChildProcess
        do {
            openssl = try ChildProcess.spawn(try RequiredProgram.locate("openssl"), arguments, standardError: .descriptor(errors.writeFD))
        } catch {
            close(errors.writeFD)
            close(errors.readFD)
            throw error
        }
        close(errors.writeFD)
        let message = errors.readAllBlocking()
        guard openssl.waitBlocking() == 0 else {
            throw TestCertificateError(message: String(decoding: message, as: UTF8.self))
        }
    }
}

struct TestCertificateError: Error, CustomStringConvertible {
    let message: String
    var description: String { "openssl failed: \(message)" }
}
