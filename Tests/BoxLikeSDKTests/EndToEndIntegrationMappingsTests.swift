import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Slack and Teams channels mapped to Box folders.
@Suite("Integration mappings against the server")
struct EndToEndIntegrationMappingsTests {
    func mapSlack(_ admin: BoxClient, channel: String, to folderId: String) async throws -> IntegrationMapping {
        try await admin.integrationMappings.createSlackIntegrationMapping(requestBody: IntegrationMappingSlackCreateRequest(
            partnerItem: IntegrationMappingPartnerItemSlack(id: channel, slackWorkspaceId: .value("T0001")),
            boxItem: IntegrationMappingBoxItemSlack(id: folderId)))
    }

    /// A folder of the admin's that Box for Slack's service account co-owns, as a folder must
    /// be before a channel is mapped to it.
    func slackFolder(_ admin: BoxClient, _ server: BoxLikeServer, _ name: String) async throws -> FolderFull {
        let folder = try await admin.makeFolder(name)
        _ = try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
            item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
            accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: server.seed.slackServiceAccountId),
            role: .coOwner))
        return folder
    }

    func mapTeams(_ admin: BoxClient, channel: String, to folderId: String, tenant: String) async throws -> IntegrationMappingTeams {
        try await admin.integrationMappings.createTeamsIntegrationMapping(requestBody: IntegrationMappingTeamsCreateRequest(
            partnerItem: IntegrationMappingPartnerItemTeamsCreateRequest(type: .channel, id: channel, tenantId: tenant, teamId: "team-1"),
            boxItem: FolderReference(id: folderId)))
    }

    @Test func aSlackChannelIsMappedToAFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await slackFolder(admin, server, "general")

            let mapping = try await mapSlack(admin, channel: "C0001", to: folder.id)

            #expect(mapping.integrationType?.rawValue == "slack")
            #expect(mapping.partnerItem.id == "C0001")
            #expect(mapping.partnerItem.slackWorkspaceId == .value("T0001"))
            #expect(mapping.boxItem.id == folder.id)
            #expect(mapping.createdBy?.id == server.seed.adminUser.id)
        }
    }

    @Test func aChannelAlreadyMappedIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await slackFolder(admin, server, "general")
            _ = try await mapSlack(admin, channel: "C0001", to: folder.id)

            let error = await #expect(throws: BoxAPIError.self) { try await mapSlack(admin, channel: "C0001", to: folder.id) }

            #expect(error?.status == 400)
        }
    }

    @Test func slackMappingsAreListedAndFilteredByChannel() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let first = try await mapSlack(admin, channel: "C0001", to: try await slackFolder(admin, server, "one").id)
            let second = try await mapSlack(admin, channel: "C0002", to: try await slackFolder(admin, server, "two").id)

            let all = try await admin.integrationMappings.getSlackIntegrationMapping()
            let filtered = try await admin.integrationMappings.getSlackIntegrationMapping(
                queryParams: GetSlackIntegrationMappingQueryParams(partnerItemType: .channel, partnerItemId: "C0002"))

            // The seeded channel's mapping comes first: it is the oldest.
            #expect(all.entries?.map(\.id) == [server.seed.slackIntegrationMappingId, first.id, second.id])
            #expect(filtered.entries?.map(\.id) == [second.id])
        }
    }

    @Test func aSlackMappingMovesToAnotherFolderAndChangesItsOptions() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let mapping = try await mapSlack(admin, channel: "C0001", to: try await slackFolder(admin, server, "old").id)
            let newFolder = try await slackFolder(admin, server, "new")

            let updated = try await admin.integrationMappings.updateSlackIntegrationMappingById(
                integrationMappingId: mapping.id, requestBody: UpdateSlackIntegrationMappingByIdRequestBody(
                    boxItem: IntegrationMappingBoxItemSlack(id: newFolder.id),
                    options: IntegrationMappingSlackOptions(isAccessManagementDisabled: true)))

            #expect(updated.boxItem.id == newFolder.id)
            #expect(updated.options?.isAccessManagementDisabled == true)
        }
    }

    @Test func aDeletedSlackMappingIsNoLongerListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let mapping = try await mapSlack(admin, channel: "C0001", to: try await slackFolder(admin, server, "general").id)

            try await admin.integrationMappings.deleteSlackIntegrationMappingById(integrationMappingId: mapping.id)

            #expect(try await admin.integrationMappings.getSlackIntegrationMapping().entries?.map(\.id) == [server.seed.slackIntegrationMappingId])
        }
    }

    @Test func aTeamsChannelIsMappedAndListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("team-files")

            let mapping = try await mapTeams(admin, channel: "19:abc", to: folder.id, tenant: server.seed.teamsTenantId)
            let list = try await admin.integrationMappings.getTeamsIntegrationMapping(
                queryParams: GetTeamsIntegrationMappingQueryParams(boxItemId: folder.id, boxItemType: .folder))

            #expect(mapping.integrationType?.rawValue == "teams")
            #expect(mapping.partnerItem.tenantId == server.seed.teamsTenantId)
            #expect(list.entries?.map(\.id) == [mapping.id])
        }
    }

    @Test func aTeamsMappingMovesToAnotherFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let mapping = try await mapTeams(admin, channel: "19:abc", to: try await admin.makeFolder("old").id, tenant: server.seed.teamsTenantId)
            let newFolder = try await admin.makeFolder("new")

            let updated = try await admin.integrationMappings.updateTeamsIntegrationMappingById(
                integrationMappingId: mapping.id,
                requestBody: UpdateTeamsIntegrationMappingByIdRequestBody(boxItem: FolderReference(id: newFolder.id)))

            #expect(updated.boxItem.id == newFolder.id)
        }
    }

    @Test func aDeletedTeamsMappingIsNoLongerListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let mapping = try await mapTeams(admin, channel: "19:abc", to: try await admin.makeFolder("general").id, tenant: server.seed.teamsTenantId)

            try await admin.integrationMappings.deleteTeamsIntegrationMappingById(integrationMappingId: mapping.id)

            #expect(try await admin.integrationMappings.getTeamsIntegrationMapping().entries?.isEmpty == true)
        }
    }

    @Test func aFolderBoxForSlackDoesNotCoOwnIsRefusedNamingItsServiceAccount() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("unshared")

            let error = await #expect(throws: BoxAPIError.self) { try await mapSlack(admin, channel: "C0009", to: folder.id) }

            #expect(error?.status == 400)
            #expect(error?.code == "SERVICE_ACCOUNT_IS_NOT_A_COOWNER_OR_OWNER")
            #expect(error?.contextInfo?.contains(server.seed.slackServiceAccountId) == true)
        }
    }

    @Test func aFolderTheAdminCannotSeeIsNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await mapSlack(admin, channel: "C0009", to: server.seed.appUsers[0].folderId)
            }

            #expect(error?.status == 404)
        }
    }

    @Test func theEnterpriseHasASlackChannelMappedAlready() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let mappings = try await admin.integrationMappings.getSlackIntegrationMapping()

            let seeded = try #require(mappings.entries?.first { $0.id == server.seed.slackIntegrationMappingId })
            #expect(seeded.partnerItem.id == "C0BOXLIKE01")
            #expect(seeded.boxItem.id == server.seed.slackChannelFolderId)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotMapChannels() async throws {
        try await withServer { server in
            let aliceId = server.seed.appUsers[0].id
            let (alice, _) = try await server.developerTokenClient(userId: aliceId)
            let folder = try await alice.makeFolder("mine")

            let error = await #expect(throws: BoxAPIError.self) { try await mapSlack(alice, channel: "C0001", to: folder.id) }

            #expect(error?.status == 403)
        }
    }
}
