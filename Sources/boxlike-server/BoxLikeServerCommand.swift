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

    @Option(name: .customLong("write-credentials"),
            help: "Once listening, write the URLs, port, clients, users and a developer token per user as JSON to this file (for scripts and other languages' SDKs).")
    var credentialsPath: String?

    @Option(name: .customLong("external-user"),
            help: "Also make a user of another enterprise: \"NAME <LOGIN>\" (repeatable).")
    var externalUsers: [String] = []

    @Option(name: .customLong("teams-tenant"), help: "Also set Box for Teams up in this Microsoft Teams tenant (repeatable).")
    var teamsTenants: [String] = []

    @Option(name: .customLong("app-item"), help: "Also make an app item: TYPE:file:ID or TYPE:folder:ID (repeatable).")
    var appItems: [String] = []

    @Option(name: .customLong("relay-workflow"),
            help: "Also make a Relay workflow started by hand: NAME:FOLDER_ID:ACTION[,ACTION...], actions among delete_file, lock_file, unlock_file, watermark_file, remove_watermark_file (repeatable).")
    var relayWorkflows: [String] = []

    @Option(name: .customLong("automate-workflow"),
            help: "Also make an Automate workflow and its action: NAME:FOLDER_ID:ACTION[,ACTION...] (repeatable).")
    var automateWorkflows: [String] = []

    /// The fixtures the command line asks for, in the order of the options' kinds.
    private func fixtures() throws -> [BoxLikeFixture] {
        let requested = [("external-user", externalUsers), ("teams-tenant", teamsTenants), ("app-item", appItems),
                         ("relay-workflow", relayWorkflows), ("automate-workflow", automateWorkflows)]
        return try requested.flatMap { option, values in
            try values.map { value in
                do { return try BoxLikeFixture(option: option, value: value) } catch let error as BoxLikeFixture.ParseError {
                    throw ValidationError(error.description)
                }
            }
        }
    }

    func run() async throws {
        let fixtures = try fixtures()
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
        lines.append("Automate workflow: \(seed.automateWorkflowId) (action \(seed.automateWorkflowActionId), on folder \(seed.adminUser.folderId))")
        lines.append("App item (hubs): \(seed.appItemId) on file \(seed.adminUser.fileId) and folder \(seed.adminUser.folderId), shared link \(server.seededAppItemSharedLink)")
        lines.append("File request: \(seed.fileRequestId) on folder \(seed.adminUser.folderId)")
        lines.append("Box for Slack: service account \(seed.slackServiceAccountId); channel C0BOXLIKE01 (workspace T0BOXLIKE) "
            + "mapped to folder \(seed.slackChannelFolderId) (mapping \(seed.slackIntegrationMappingId))")
        lines.append("Box for Teams: tenant \(seed.teamsTenantId)")
        lines.append("Relay workflow (delete_file): \(seed.relayWorkflowId) on folder \(seed.relayWorkflowFolderId)")
        lines.append("External user: \(seed.externalUserId)  \(seed.externalUserLogin), editor of folder \(seed.externalCollaborationFolderId)")
        for fixture in fixtures {
            lines.append(try await fixture.make(on: server))
        }
        if let credentialsPath {
            let credentials = try await ServerCredentialsFile.json(of: server)
            try Self.writePrivately(credentials, to: credentialsPath)
            lines.append("Credentials: written to \(credentialsPath)")
        }
        // Written unbuffered so a parent process reading a pipe sees the URLs at once.
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))

        await server.waitUntilStopped()
        FileHandle.standardOutput.write(Data("BoxLike server stopped\n".utf8))
    }

    /// Writes `text` to `path` readable by its owner only (it holds secrets): first to a
    /// temporary file beside it, then renamed, so a script waiting for `path` never reads
    /// half of it.
    private static func writePrivately(_ text: String, to path: String) throws {
        let manager = FileManager.default
        let temporary = path + ".partial"
        try? manager.removeItem(atPath: temporary)
        guard manager.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw ValidationError("Cannot write \(path).")
        }
        try? manager.removeItem(atPath: path)
        try manager.moveItem(atPath: temporary, toPath: path)
    }
}
