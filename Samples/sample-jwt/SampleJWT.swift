// JWT authentication: read a Box app settings file, act as the enterprise's service
// account, then as one user.
//
//   swift run sample-jwt
//       (starts the local server and uses the settings it writes for its JWT app)
//   swift run boxlike-server --write-jwt-config /tmp/box_config.json &
//   BOX_BASE_URL=http://127.0.0.1:8787/2.0 BOX_JWT_CONFIG=/tmp/box_config.json BOX_USER_ID=... swift run sample-jwt
import ArgumentParser
import BoxLikeSDK
import Foundation
import SampleSupport

@main
struct SampleJWT: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-jwt",
        abstract: "Authenticate with a JWT app settings file as the enterprise, then switch to a user.")

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("config-file"),
            help: "Box app settings JSON with the app's private key (env BOX_JWT_CONFIG).")
    var configFile: String?

    func run() async throws {
        let target = try await connection.resolve()
        do {
            let config = try await loadConfig(target)
            print("App settings: \(config)")
            let enterpriseAuth = BoxJWTAuth(config: config, networkSession: target.networkSession)
            let enterprise = BoxClient(auth: enterpriseAuth, networkSession: target.networkSession)
            let userId = try target.require(target.userId, "user-id")
            let userClient = BoxClient(auth: enterpriseAuth.withUserSubject(userId: userId),
                                       networkSession: target.networkSession)
            try await SubjectTour.run(enterprise: enterprise, userClient: userClient)
        } catch {
            await target.close()
            throw error
        }
        await target.close()
    }

    /// The settings file given, or, with the local server, the one it writes for its JWT app.
    private func loadConfig(_ target: SampleConnection) async throws -> JWTConfig {
        let environment = ProcessInfo.processInfo.environment
        if let path = [configFile, environment["BOX_JWT_CONFIG"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) {
            guard target.localServer == nil else {
                throw ValidationError("--config-file belongs to a running server: pass its --base-url (or BOX_BASE_URL) too.")
            }
            return try JWTConfig.fromConfigFile(path: path)
        }
        guard let server = target.localServer else {
            throw ValidationError("Missing config-file: pass --config-file or set BOX_JWT_CONFIG.")
        }
        let file = try PrivateFile.write(try server.jwtAppConfigJSON(), named: "box_config.json")
        defer { file.remove() }
        print("The local server wrote its JWT app settings to \(file.path)")
        return try JWTConfig.fromConfigFile(path: file.path)
    }
}
