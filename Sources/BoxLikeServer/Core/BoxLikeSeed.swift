/// What a fresh server contains, so tests can refer to seeded users, items and clients.
///
/// ```swift
/// let admin = server.seed.adminUser
/// let token = try await server.mintDeveloperToken(userId: admin.id)
/// ```
public struct BoxLikeSeed: Sendable {
    /// A seeded user with credentials for the browser login page and some content.
    public struct User: Sendable {
        /// The user id.
        public var id: String
        /// Display name.
        public var name: String
        /// Login (email) for the authorize page.
        public var login: String
        /// Password for the authorize page.
        public var password: String
        /// A folder in the user's root.
        public var folderId: String
        /// A small text file inside ``folderId``.
        public var fileId: String
        /// The content of ``fileId``.
        public var fileContent: String
    }

    /// The enterprise every seeded user belongs to.
    public var enterpriseId: String
    /// The enterprise admin.
    public var adminUser: User
    /// The enterprise's service account, the subject of CCG `enterprise` tokens.
    public var serviceAccount: User
    /// Two app users.
    public var appUsers: [User]
    /// Extra admin content: a sub folder of ``User/folderId`` of the admin, with a file.
    public var adminSubfolderId: String
    /// A file in ``adminSubfolderId``.
    public var adminSubfolderFileId: String
    /// The CCG client.
    public var ccgClient: RegisteredClient
    /// The JWT app, with the public key of the server's own key pair among its
    /// ``RegisteredClient/jwtPublicKeys``.
    public var jwtClient: RegisteredClient
    /// The key id of the server's own key pair; its private key is in
    /// ``BoxLikeServer/jwtAppConfigJSON()``.
    public var jwtKeyId: String
    /// The confidential authorization-code client.
    public var oauthClient: RegisteredClient
    /// The public (PKCE) authorization-code client.
    public var publicClient: RegisteredClient
    /// The Automate workflow set up on the admin's ``User/folderId`` ("Review the file": locks
    /// each file and assigns the admin a review task), started by hand through
    /// ``automateWorkflowActionId``.
    public var automateWorkflowId: String
    /// The workflow action on the admin's ``User/folderId`` that starts ``automateWorkflowId``.
    public var automateWorkflowActionId: String
    /// A `hubs` app item associated with the admin's ``User/fileId`` and ``User/folderId``
    /// (Box apps make app items; no API does). Its shared link is
    /// `<origin>/s/<appItemSharedLinkToken>` (``BoxLikeServer/seededAppItemSharedLink``).
    public var appItemId: String
    /// The token of the app item's shared link.
    public var appItemSharedLinkToken: String
    /// A file request on the admin's ``User/folderId`` (Box's web app makes the first one).
    public var fileRequestId: String
    /// Box for Slack's service account ("Box as Content Layer for Slack"): a folder can be
    /// mapped to a Slack channel only when this user owns or co-owns it, as at Box.
    public var slackServiceAccountId: String
    /// The Slack channel `C0BOXLIKE01` (workspace `T0BOXLIKE`) mapped to ``slackChannelFolderId``.
    public var slackIntegrationMappingId: String
    /// The admin's folder "Slack #general" inside ``User/folderId``, co-owned by
    /// ``slackServiceAccountId`` and mapped to the seeded channel.
    public var slackChannelFolderId: String
    /// The Microsoft Teams tenant Box for Teams is set up in: a Teams mapping must name it
    /// (another tenant is refused with `400 BOX_ENTERPRISE_MISMATCH`).
    public var teamsTenantId: String
    /// A Relay workflow "Delete on request", started by hand, whose one outcome deletes the
    /// files it runs on (`delete_file`), on ``relayWorkflowFolderId``.
    public var relayWorkflowId: String
    /// The admin's folder "Workflow" (in their root) that ``relayWorkflowId`` runs on.
    public var relayWorkflowFolderId: String
    /// A user of another enterprise ("Erin External"), editor of
    /// ``externalCollaborationFolderId``: listed with `user_type=external`, and what
    /// `externalUsers.submitJobToDeleteExternalUsersV2025R0` removes.
    public var externalUserId: String
    /// The external user's login.
    public var externalUserLogin: String
    /// The admin's folder "Partner review" (in their root) the external user edits.
    public var externalCollaborationFolderId: String
}

extension BoxLikeSeed.User: CustomStringConvertible {
    /// Describes the user without the password.
    public var description: String { "User(id: \(id), login: \(login))" }
}
