import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.integrationMappings`, as Box's documentation uses it.
@Suite("Drop-in: integration mappings")
struct IntegrationMappingsTests {
    @Test func aSlackChannelIsMappedListedMovedAndUnmapped() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "general")
            let newFolder = try await createFolder(client, name: "general archive")
            for folderId in [folder.id, newFolder.id] {
                _ = try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                    item: CreateCollaborationRequestBodyItemField(type: .folder, id: folderId),
                    accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: box.seed.slackServiceAccountId),
                    role: .coOwner))
            }

            let mapping = try await client.integrationMappings.createSlackIntegrationMapping(requestBody: IntegrationMappingSlackCreateRequest(
                partnerItem: IntegrationMappingPartnerItemSlack(id: "C0001", slackOrgId: .value("E0001")),
                boxItem: IntegrationMappingBoxItemSlack(id: folder.id)))
            #expect(mapping.partnerItem.id == "C0001")
            #expect(mapping.boxItem.id == folder.id)

            let all = try await client.integrationMappings.getSlackIntegrationMapping()
            #expect(all.entries?.map(\.id) == [box.seed.slackIntegrationMappingId, mapping.id])
            let forChannel = try await client.integrationMappings.getSlackIntegrationMapping(
                queryParams: GetSlackIntegrationMappingQueryParams(partnerItemType: .channel, partnerItemId: "C0001"))
            #expect(forChannel.entries?.map(\.id) == [mapping.id])

            let moved = try await client.integrationMappings.updateSlackIntegrationMappingById(
                integrationMappingId: mapping.id,
                requestBody: UpdateSlackIntegrationMappingByIdRequestBody(
                    boxItem: IntegrationMappingBoxItemSlack(id: newFolder.id),
                    options: IntegrationMappingSlackOptions(isAccessManagementDisabled: true)))
            #expect(moved.boxItem.id == newFolder.id)
            #expect(moved.options?.isAccessManagementDisabled == true)

            try await client.integrationMappings.deleteSlackIntegrationMappingById(integrationMappingId: mapping.id)
            let after = try await client.integrationMappings.getSlackIntegrationMapping()
            #expect(after.entries?.map(\.id) == [box.seed.slackIntegrationMappingId])
        }
    }

    @Test func aTeamsChannelIsMappedListedMovedAndUnmapped() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "team files")
            let newFolder = try await createFolder(client, name: "team files 2")

            let mapping = try await client.integrationMappings.createTeamsIntegrationMapping(requestBody: IntegrationMappingTeamsCreateRequest(
                partnerItem: IntegrationMappingPartnerItemTeamsCreateRequest(
                    type: .channel, id: "19:abc", tenantId: box.seed.teamsTenantId, teamId: "team-1"),
                boxItem: FolderReference(id: folder.id)))
            #expect(mapping.partnerItem.tenantId == box.seed.teamsTenantId)

            let listed = try await client.integrationMappings.getTeamsIntegrationMapping(
                queryParams: GetTeamsIntegrationMappingQueryParams(boxItemId: folder.id, boxItemType: .folder))
            #expect(listed.entries?.map(\.id) == [mapping.id])

            let moved = try await client.integrationMappings.updateTeamsIntegrationMappingById(
                integrationMappingId: mapping.id,
                requestBody: UpdateTeamsIntegrationMappingByIdRequestBody(boxItem: FolderReference(id: newFolder.id)))
            #expect(moved.boxItem.id == newFolder.id)

            try await client.integrationMappings.deleteTeamsIntegrationMappingById(integrationMappingId: mapping.id)
            let after = try await client.integrationMappings.getTeamsIntegrationMapping()
            #expect(after.entries?.isEmpty == true)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotMapAChannel() async throws {
        try await withLocalBox { box in
            let alice = try await box.client(forUser: box.seed.appUsers[0].id)
            let folder = try await createFolder(alice, name: "mine")

            let error = await #expect(throws: BoxAPIError.self) {
                try await alice.integrationMappings.createTeamsIntegrationMapping(requestBody: IntegrationMappingTeamsCreateRequest(
                    partnerItem: IntegrationMappingPartnerItemTeamsCreateRequest(type: .channel, id: "3", tenantId: "1", teamId: "2"),
                    boxItem: FolderReference(id: folder.id)))
            }
            #expect(error?.responseInfo.statusCode == 403)
        }
    }
}
