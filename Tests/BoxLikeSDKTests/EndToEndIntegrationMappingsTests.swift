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

    func mapTeams(_ admin: BoxClient, channel: String, to folderId: String) async throws -> IntegrationMappingTeams {
        try await admin.integrationMappings.createTeamsIntegrationMapping(requestBody: IntegrationMappingTeamsCreateRequest(
            partnerItem: IntegrationMappingPartnerItemTeamsCreateRequest(type: .channel, id: channel, tenantId: "tenant-1", teamId: "team-1"),
            boxItem: FolderReference(id: folderId)))
    }

    @Test func aSlackChannelIsMappedToAFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("general")

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
            let folder = try await admin.makeFolder("general")
            _ = try await mapSlack(admin, channel: "C0001", to: folder.id)

            let error = await #expect(throws: BoxAPIError.self) { try await mapSlack(admin, channel: "C0001", to: folder.id) }

            #expect(error?.status == 400)
        }
    }

    @Test func slackMappingsAreListedAndFilteredByChannel() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let first = try await mapSlack(admin, channel: "C0001", to: try await admin.makeFolder("one").id)
            let second = try await mapSlack(admin, channel: "C0002", to: try await admin.makeFolder("two").id)

            let all = try await admin.integrationMappings.getSlackIntegrationMapping()
            let filtered = try await admin.integrationMappings.getSlackIntegrationMapping(
                queryParams: GetSlackIntegrationMappingQueryParams(partnerItemType: .channel, partnerItemId: "C0002"))

            #expect(all.entries?.map(\.id) == [first.id, second.id])
            #expect(filtered.entries?.map(\.id) == [second.id])
        }
    }

    @Test func aSlackMappingMovesToAnotherFolderAndChangesItsOptions() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let mapping = try await mapSlack(admin, channel: "C0001", to: try await admin.makeFolder("old").id)
            let newFolder = try await admin.makeFolder("new")

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
            let mapping = try await mapSlack(admin, channel: "C0001", to: try await admin.makeFolder("general").id)

            try await admin.integrationMappings.deleteSlackIntegrationMappingById(integrationMappingId: mapping.id)

            #expect(try await admin.integrationMappings.getSlackIntegrationMapping().entries?.isEmpty == true)
        }
    }

    @Test func aTeamsChannelIsMappedAndListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("team-files")

            let mapping = try await mapTeams(admin, channel: "19:abc", to: folder.id)
            let list = try await admin.integrationMappings.getTeamsIntegrationMapping(
                queryParams: GetTeamsIntegrationMappingQueryParams(boxItemId: folder.id, boxItemType: .folder))

            #expect(mapping.integrationType?.rawValue == "teams")
            #expect(mapping.partnerItem.tenantId == "tenant-1")
            #expect(list.entries?.map(\.id) == [mapping.id])
        }
    }

    @Test func aTeamsMappingMovesToAnotherFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let mapping = try await mapTeams(admin, channel: "19:abc", to: try await admin.makeFolder("old").id)
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
            let mapping = try await mapTeams(admin, channel: "19:abc", to: try await admin.makeFolder("general").id)

            try await admin.integrationMappings.deleteTeamsIntegrationMappingById(integrationMappingId: mapping.id)

            #expect(try await admin.integrationMappings.getTeamsIntegrationMapping().entries?.isEmpty == true)
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
