import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The Box-style server behind real TLS on loopback, with a throwaway certificate authority.
@Suite("TLS")
struct NetworkTLSTests {
    /// A developer-token client for `server` with these TLS options and quick retries.
    private func makeClient(_ server: BoxLikeServer, tls: TLSOptions?) async throws -> BoxClient {
        var session = server.networkSession(maxAttempts: 5)
        session.tls = tls
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        return BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
    }

    /// Calls `getUserMe` and expects it to fail with `failure` on the first attempt: a TLS
    /// failure is permanent, so nothing is retried. `attempts == 1` is the proof, so no
    /// wall-clock bound is needed.
    private func expectPermanentTLSFailure(_ client: BoxClient, _ failure: BoxNetworkError.TLSFailure) async {
        let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
        #expect(error?.kind == .tls)
        #expect(error?.tlsFailure == failure)
        #expect(error?.attempts == 1)
    }

    @Test func aServerIssuedByATrustedAuthorityIsReached() async throws {
        let pki = try TestCertificates.load()
        try await withLoopbackServer({ $0.tls = pki.serverTLS() }) { server in
            #expect(server.origin.hasPrefix("https://localhost:"))
            let client = try await makeClient(server, tls: .trusting(caFile: pki.caFile))
            let me = try await client.users.getUserMe()
            #expect(me.id == server.seed.adminUser.id)
        }
    }

    @Test func trustRootsGivenAsBytesWork() async throws {
        let pki = try TestCertificates.load()
        try await withLoopbackServer({ $0.tls = pki.serverTLS() }) { server in
            let client = try await makeClient(server, tls: TLSOptions(additionalTrustRoots: [.bytes(Array(pki.caCertificatePEM.utf8))],
                                                                  minimumVersion: .tls13))
            _ = try await client.users.getUserMe()
        }
    }

    @Test func anUntrustedCertificateFailsAtOnceWithoutRetrying() async throws {
        let pki = try TestCertificates.load()
        try await withLoopbackServer({ $0.tls = pki.serverTLS() }) { server in
            let client = try await makeClient(server, tls: nil)
            await expectPermanentTLSFailure(client, .certificateUntrusted)
            #expect(await server.requestLog.all.isEmpty)
        }
    }

    @Test func aCertificateForAnotherNameIsAHostnameMismatch() async throws {
        let pki = try TestCertificates.load()
        // The certificate names `localhost`; the client connects to 127.0.0.1.
        try await withLoopbackServer({ $0.tls = pki.serverTLS(hostName: nil) }) { server in
            let client = try await makeClient(server, tls: .trusting(caFile: pki.caFile))
            await expectPermanentTLSFailure(client, .hostnameMismatch)
        }
    }

    @Test func aClientCertificateIsPresentedForMutualTLS() async throws {
        let pki = try TestCertificates.load()
        try await withLoopbackServer({ $0.tls = pki.serverTLS(requireClientCertificate: true) }) { server in
            var tls = TLSOptions.trusting(caFile: pki.caFile)
            tls.clientCertificate = .init(certificateChain: .file(pki.clientCertificateFile), privateKey: .file(pki.clientKeyFile))
            let client = try await makeClient(server, tls: tls)
            let me = try await client.users.getUserMe()
            #expect(me.id == server.seed.adminUser.id)
        }
    }

    @Test func aServerThatRequiresAClientCertificateRefusesAClientWithoutOne() async throws {
        let pki = try TestCertificates.load()
        try await withLoopbackServer({ $0.tls = pki.serverTLS(requireClientCertificate: true) }) { server in
            let client = try await makeClient(server, tls: .trusting(caFile: pki.caFile))
            await expectPermanentTLSFailure(client, .handshakeFailed)
            #expect(await server.requestLog.all.isEmpty)
        }
    }

    @Test func anUnreadableTrustFileIsAnInvalidArgumentAndNothingIsSent() async throws {
        let pki = try TestCertificates.load()
        try await withLoopbackServer({ $0.tls = pki.serverTLS() }) { server in
            let client = try await makeClient(server, tls: .trusting(caFile: pki.directory.appendingPathComponent("missing.pem").path))
            let error = await #expect(throws: BoxSDKError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .invalidArgument)
            #expect(await server.requestLog.all.isEmpty)
        }
    }

    @Test func descriptionsNeverShowTheClientKey() throws {
        let key = "-----BEGIN PRIVATE KEY-----\nSECRETKEYMATERIAL\n-----END PRIVATE KEY-----"
        let tls = TLSOptions(clientCertificate: .init(certificateChain: .file("/c.pem"), privateKey: .bytes(Array(key.utf8))))
        var dumped = ""
        dump(tls, to: &dumped)
        for text in [String(describing: tls), String(reflecting: tls), dumped] {
            #expect(!text.contains("SECRETKEYMATERIAL"))
        }
    }
}
