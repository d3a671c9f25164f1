import ArgumentParser
import BoxLikeServer
import Foundation

/// `swift run boxlike-server [--port N]`: runs a Box-style API server on loopback until
/// SIGINT or SIGTERM, printing its URLs and seeded credentials.
@main
struct BoxLikeServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxlike-server", abstract: "Runs a Box-style API server for tests, samples and demos.")

    @Option(name: .long, help: "Port to listen on (0 picks a free one).")
    var port: Int = 8787

    @Option(name: .long, help: "Interface to bind.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "Access-token lifetime in seconds.")
    var accessTokenLifetime: Int = 3600

    @Option(name: .long, help: "Requests per second allowed per token (off when omitted).")
    var rateLimit: Int?

    @Option(name: .long, help: "Path of the OpenAPI document to validate requests against.")
    var spec: String?

    @Option(name: .customLong("write-jwt-config"),
            help: "Write the seeded JWT app's settings JSON (encrypted private key and passphrase) to this file.")
    var jwtConfigPath: String?

    func run() async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.port = port
        configuration.host = host
        configuration.accessTokenLifetime = .seconds(accessTokenLifetime)
        configuration.rateLimitPerSecond = rateLimit
        configuration.specPath = spec
        configuration.handlesShutdownSignals = true
        let server = try await BoxLikeServer.start(configuration)
        let seed = server.seed
        var lines = [
            "BoxLike server listening on \(server.origin)",
            "  API:        \(server.apiBaseURL)",
            "  Upload:     \(server.uploadBaseURL)",
            "  OAuth2:     \(server.tokenURL)  \(server.revokeURL)",
            "  Authorize:  \(server.authorizeURL)",
            "  Enterprise: \(seed.enterpriseId)",
            "Clients:",
        ]
        if let jwtConfigPath {
            try Self.writePrivately(try server.jwtAppConfigJSON(), to: jwtConfigPath)
            lines.append("  JWT app:    settings written to \(jwtConfigPath) (key id \(seed.jwtKeyId))")
        }
        for client in [seed.ccgClient, seed.jwtClient, seed.oauthClient, seed.publicClient] {
            lines.append("  \(client.id)  secret: \(client.secret ?? "(public, PKCE)")  grants: \(client.grantTypes.map(\.rawValue).sorted().joined(separator: ", "))")
            if !client.redirectURIs.isEmpty { lines.append("      redirect URIs: \(client.redirectURIs.joined(separator: " "))") }
        }
        lines.append("Users (login / password):")
        for user in [seed.adminUser, seed.serviceAccount] + seed.appUsers {
            lines.append("  \(user.id)  \(user.name)  \(user.login) / \(user.password)")
        }
        // Written unbuffered so a parent process reading a pipe sees the URLs at once.
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))

        await server.waitUntilStopped()
        FileHandle.standardOutput.write(Data("BoxLike server stopped\n".utf8))
    }

    /// Writes `text` to `path` readable by its owner only: it holds a private key and its
    /// passphrase.
    private static func writePrivately(_ text: String, to path: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: path)
        guard manager.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw ValidationError("Cannot write the JWT app settings to \(path).")
        }
    }
}
