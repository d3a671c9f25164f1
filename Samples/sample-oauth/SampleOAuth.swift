// OAuth 2.0 with PKCE through a loopback redirect: sign in, refresh, revoke.
//
//   swift run sample-oauth          # local server; the browser step is scripted
//   BOX_BASE_URL=... BOX_CLIENT_ID=... BOX_CLIENT_SECRET=... swift run sample-oauth   # opens your browser
import ArgumentParser
import BoxLikeSDK
import SampleSupport

@main
struct SampleOAuth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-oauth",
        abstract: "Sign in with OAuth 2.0 (PKCE, loopback redirect), then refresh and revoke the token.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "Seconds to wait for the browser to come back.")
    var timeout: Int = 300

    func run() async throws {
        let target = try await connection.resolve()
        do {
            var clientId = target.clientId
            var clientSecret = target.clientSecret
            var browser: any BrowserOpener = SystemBrowserOpener()
            if let server = target.localServer {
                // The local server's OAuth client, and a scripted user instead of a person.
                clientId = server.seed.oauthClient.id
                clientSecret = server.seed.oauthClient.secret
                let user = server.seed.adminUser
                browser = ScriptedBrowser(login: user.login, password: user.password)
            }
            let auth = BoxOAuth(config: OAuthConfig(clientId: try target.require(clientId, "client-id"),
                                                    clientSecret: try target.require(clientSecret, "client-secret")),
                                networkSession: target.networkSession)
            print("Waiting for the sign-in in the browser...")
            _ = try await auth.runLoginFlow(options: LoginFlowOptions(timeout: .seconds(timeout), browserOpener: browser))
            let client = BoxClient(auth: auth, networkSession: target.networkSession)
            let me = try await client.users.getUserMe()
            print("Signed in as \(me.name ?? "?") <\(me.login ?? "?")>")

            let refreshed = try await auth.refreshToken()
            print("Refreshed the token: \(refreshed)")
            try await auth.revokeToken()
            print("Revoked the token; signed out.")
        } catch {
            await target.close()
            throw error
        }
        await target.close()
    }
}
