import Foundation

extension ServerState {
    /// Fills a fresh instance with an enterprise, its users and a little content.
    func seed(clients configuration: BoxLikeServerConfiguration, jwtKeyId: String) -> BoxLikeSeed {
        enterpriseId = newId()
        func makeUser(_ name: String, login: String, password: String, role: UserRecord.Role) -> UserRecord {
            let id = newId()
            let now = currentTime
            let user = UserRecord(
                id: id, name: name, login: login, password: password, role: role, createdAt: now, modifiedAt: now,
                rootFolderId: makeRootFolder(for: id))
            users[id] = user
            return user
        }
        func makeExternalUser(name: String, login: String, password: String) -> UserRecord {
            var user = makeUser(name, login: login, password: password, role: .user)
            user.isExternal = true
            users[user.id] = user
            return user
        }
        func content(for user: UserRecord, folderName: String, fileName: String, text: String) -> BoxLikeSeed.User {
            let folder = makeFolder(name: folderName, parentId: user.rootFolderId, actor: user.id)
            let file = makeFile(name: fileName, parentId: folder.id, actor: user.id, content: StoredContent(bytes: Array(text.utf8)))
            return BoxLikeSeed.User(
                id: user.id, name: user.name, login: user.login, password: user.password, folderId: folder.id,
                fileId: file.id, fileContent: text)
        }
        let admin = makeUser("Ada Admin", login: "admin@boxlike.test", password: "admin-password", role: .admin)
        let service = makeUser("Automation User", login: "AutomationUser@boxlike.test", password: "service-password", role: .serviceAccount)
        let first = makeUser("Alice App", login: "alice@boxlike.test", password: "alice-password", role: .appUser)
        let second = makeUser("Bob App", login: "bob@boxlike.test", password: "bob-password", role: .appUser)
        let adminSeed = content(for: admin, folderName: "Projects", fileName: "readme.txt", text: "Hello from BoxLike!\n")
        let reports = makeFolder(name: "Reports", parentId: adminSeed.folderId, actor: admin.id)
        let report = makeFile(
            name: "q1.csv", parentId: reports.id, actor: admin.id,
            content: StoredContent(bytes: Array("quarter,revenue\nQ1,100\n".utf8)))
        let serviceSeed = content(for: service, folderName: "Shared", fileName: "welcome.txt", text: "Welcome, service account.\n")
        let firstSeed = content(for: first, folderName: "Documents", fileName: "notes.txt", text: "Alice's notes\n")
        let secondSeed = content(for: second, folderName: "Documents", fileName: "notes.txt", text: "Bob's notes\n")
        self[area: WorkflowsState.self].seedWorkflow(core: self, folderId: adminSeed.folderId, ownerId: admin.id)
        let automate = self[area: AutomateWorkflowsState.self].seedAutomateWorkflow(core: self, folderId: adminSeed.folderId, ownerId: admin.id)
        // What Box's test enterprise has and no API makes: a Hubs app item on the admin's file
        // and folder, and a file request on that folder.
        // Both items exist: they were made above.
        let hub = try? self[area: AppItemsState.self].makeAppItem(core: self, applicationType: "hubs", associatedWith: .file(adminSeed.fileId))
        if let hub { try? self[area: AppItemsState.self].associate(core: self, appItemId: hub.id, with: .folder(adminSeed.folderId)) }
        let fileRequest = self[area: FileRequestsState.self].makeFileRequest(core: self, folderId: adminSeed.folderId, by: admin.id)
        // Box for Slack set up for the enterprise: its service account, co-owner of a folder
        // of the admin's that a Slack channel is mapped to.
        let slack = makeUser(Self.slackServiceAccountName, login: "box-for-slack@boxlike.test", password: TokenRegistry.randomToken(length: 24),
                             role: .user)
        let channelFolder = makeFolder(name: "Slack #general", parentId: adminSeed.folderId, actor: admin.id)
        let now = currentTime
        let slackCollaboration = CollaborationRecord(
            id: newId(), item: channelFolder.ref, userId: slack.id, role: CollaborationRole.coOwner.rawValue, createdBy: admin.id,
            createdAt: now, modifiedAt: now)
        collaborations[slackCollaboration.id] = slackCollaboration
        let slackMapping = IntegrationMappingRecord(
            id: newId(), integration: .slack,
            partner: IntegrationMappingPartner(type: "channel", id: "C0BOXLIKE01", slackWorkspaceId: "T0BOXLIKE", slackOrgId: nil, tenantId: nil, teamId: nil),
            folderId: channelFolder.id, isAccessManagementDisabled: false, createdBy: admin.id, modifiedBy: admin.id, createdAt: now, modifiedAt: now)
        self[area: IntegrationMappingsState.self].mappings[slackMapping.id] = slackMapping
        // Box for Teams installed in one Microsoft Teams tenant.
        self[area: IntegrationMappingsState.self].connectTeamsTenant(core: self, Self.seededTeamsTenantId)
        // A Relay workflow a user starts by hand that deletes the files it runs on, on a
        // folder of its own, as in Box's test enterprise.
        let workflowFolder = makeFolder(name: "Workflow", parentId: admin.rootFolderId, actor: admin.id)
        let deleteWorkflow = self[area: WorkflowsState.self].makeWorkflow(core: self,
            name: "Delete on request", description: "Deletes the files it is started on.", folderId: workflowFolder.id,
            ownerId: admin.id, outcomes: [("Delete the file", .deleteFile)])
        // A user of another enterprise, editor of an admin's folder.
        let external = makeExternalUser(name: "Erin External", login: "erin@partner.example", password: "erin-password")
        let partnerFolder = makeFolder(name: "Partner review", parentId: admin.rootFolderId, actor: admin.id)
        let externalCollaboration = CollaborationRecord(
            id: newId(), item: partnerFolder.ref, userId: external.id, role: CollaborationRole.editor.rawValue, createdBy: admin.id,
            createdAt: now, modifiedAt: now)
        collaborations[externalCollaboration.id] = externalCollaboration
        events.removeAll()
        return BoxLikeSeed(
            enterpriseId: enterpriseId, adminUser: adminSeed, serviceAccount: serviceSeed, appUsers: [firstSeed, secondSeed],
            adminSubfolderId: reports.id, adminSubfolderFileId: report.id, ccgClient: configuration.ccgClient,
            jwtClient: configuration.jwtClient, jwtKeyId: jwtKeyId, oauthClient: configuration.oauthClient, publicClient: configuration.publicClient,
            automateWorkflowId: automate.workflowId, automateWorkflowActionId: automate.id,
            appItemId: hub?.id ?? "", appItemSharedLinkToken: hub?.sharedLinkToken ?? "", fileRequestId: fileRequest.id,
            slackServiceAccountId: slack.id, slackIntegrationMappingId: slackMapping.id, slackChannelFolderId: channelFolder.id,
            teamsTenantId: Self.seededTeamsTenantId, relayWorkflowId: deleteWorkflow.id, relayWorkflowFolderId: workflowFolder.id,
            externalUserId: external.id, externalUserLogin: external.login, externalCollaborationFolderId: partnerFolder.id)
    }

    /// The name of Box for Slack's service account, the user a Slack-mapped folder must have
    /// as owner or co-owner.
    static let slackServiceAccountName = "Box as Content Layer for Slack"

    /// The Microsoft Teams tenant Box for Teams is set up in at start.
    static let seededTeamsTenantId = "5f0c2d8e-b0c5-4e1a-9d3b-000000b0c5e1"

    /// The enterprise's Box for Slack service account.
    func slackServiceAccount() -> UserRecord? {
        users.values.first { $0.name == Self.slackServiceAccountName && $0.role == .user }
    }

    func serviceAccountId() -> String? {
        users.values.first { $0.role == .serviceAccount }?.id
    }

    func user(login: String) -> UserRecord? {
        users.values.first { $0.login.lowercased() == login.lowercased() }
    }
}
