import BoxLikeServer
import Foundation

/// The machine-readable summary `--write-credentials` writes: everything a script or another
/// language's Box SDK needs to use a running server (its port and URLs, the seeded apps with
/// their secrets and webhook signature keys, the seeded users with their passwords and a
/// fresh developer token each). Keys are snake_case, as in Box's JSON. It holds secrets, so
/// it is written readable by its owner only.
enum ServerCredentialsFile {
    struct Contents: Encodable {
        struct Client: Encodable {
            var id: String
            var secret: String?
            var webhookPrimaryKey: String
            var webhookSecondaryKey: String
        }

        struct User: Encodable {
            var id: String
            var name: String
            var login: String
            var password: String
            var folderId: String
            var fileId: String
            var fileContent: String
            var developerToken: String
        }

        var port: Int
        var origin: String
        var apiBaseURL: String
        var uploadBaseURL: String
        var oauth2URL: String
        var tokenURL: String
        var authorizeURL: String
        var enterpriseId: String
        var jwtKeyId: String
        var clients: [String: Client]
        var adminUser: User
        var serviceAccount: User
        var appUsers: [User]
        var adminSubfolderId: String
        var adminSubfolderFileId: String
        /// The seeded Automate workflow on the admin's folder, and the action that starts it.
        var automateWorkflowId: String
        var automateWorkflowActionId: String
        /// The seeded `hubs` app item (on the admin's file and folder) and its shared link.
        var appItemId: String
        var appItemSharedLink: String
        /// The seeded file request on the admin's folder.
        var fileRequestId: String
        /// Box for Slack's service account and the seeded channel mapping and its folder.
        var slackServiceAccountId: String
        var slackIntegrationMappingId: String
        var slackChannelFolderId: String
        /// The Teams tenant Box for Teams is set up in.
        var teamsTenantId: String
        /// The seeded Relay workflow that deletes files (`delete_file`) and its folder.
        var relayWorkflowId: String
        var relayWorkflowFolderId: String
        /// The seeded external user and the folder they edit.
        var externalUserId: String
        var externalUserLogin: String
        var externalCollaborationFolderId: String
    }

    /// The JSON text for `server`, with a developer token minted now for every seeded user.
    static func json(of server: BoxLikeServer) async throws -> String {
        let seed = server.seed
        func user(_ user: BoxLikeSeed.User) async throws -> Contents.User {
            Contents.User(
                id: user.id, name: user.name, login: user.login, password: user.password,
                folderId: user.folderId, fileId: user.fileId, fileContent: user.fileContent,
                developerToken: try await server.mintDeveloperToken(userId: user.id))
        }
        var appUsers: [Contents.User] = []
        for appUser in seed.appUsers { appUsers.append(try await user(appUser)) }
        let clients = [
            "ccg": seed.ccgClient, "jwt": seed.jwtClient, "oauth": seed.oauthClient, "public": seed.publicClient,
        ].mapValues {
            Contents.Client(id: $0.id, secret: $0.secret, webhookPrimaryKey: $0.webhookSignatureKeys.primary,
                            webhookSecondaryKey: $0.webhookSignatureKeys.secondary)
        }
        let contents = Contents(
            port: server.port, origin: server.origin, apiBaseURL: server.apiBaseURL,
            uploadBaseURL: server.uploadBaseURL, oauth2URL: server.oauth2BaseURL, tokenURL: server.tokenURL,
            authorizeURL: server.authorizeURL, enterpriseId: seed.enterpriseId, jwtKeyId: seed.jwtKeyId,
            clients: clients, adminUser: try await user(seed.adminUser), serviceAccount: try await user(seed.serviceAccount),
            appUsers: appUsers, adminSubfolderId: seed.adminSubfolderId, adminSubfolderFileId: seed.adminSubfolderFileId,
            automateWorkflowId: seed.automateWorkflowId, automateWorkflowActionId: seed.automateWorkflowActionId,
            appItemId: seed.appItemId, appItemSharedLink: server.seededAppItemSharedLink, fileRequestId: seed.fileRequestId,
            slackServiceAccountId: seed.slackServiceAccountId, slackIntegrationMappingId: seed.slackIntegrationMappingId,
            slackChannelFolderId: seed.slackChannelFolderId, teamsTenantId: seed.teamsTenantId,
            relayWorkflowId: seed.relayWorkflowId, relayWorkflowFolderId: seed.relayWorkflowFolderId,
            externalUserId: seed.externalUserId, externalUserLogin: seed.externalUserLogin,
            externalCollaborationFolderId: seed.externalCollaborationFolderId)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(contents), as: UTF8.self) + "\n"
    }
}
