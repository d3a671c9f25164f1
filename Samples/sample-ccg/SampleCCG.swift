// Client Credentials Grant: act as the enterprise's service account, then as one user.
//
//   swift run sample-ccg
//   BOX_BASE_URL=... BOX_CLIENT_ID=... BOX_CLIENT_SECRET=... BOX_ENTERPRISE_ID=... BOX_USER_ID=... swift run sample-ccg
import ArgumentParser
import BoxLikeSDK
import SampleSupport

@main
struct SampleCCG: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-ccg",
        abstract: "Authenticate with the Client Credentials Grant as the enterprise, then switch to a user.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let target = try await connection.resolve()
        do {
            let config = CCGConfig(
                clientId: try target.require(target.clientId, "client-id"),
                clientSecret: try target.require(target.clientSecret, "client-secret"),
                enterpriseId: try target.require(target.enterpriseId, "enterprise-id"))
            let enterpriseAuth = BoxCCGAuth(config: config, networkSession: target.networkSession)
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
}
