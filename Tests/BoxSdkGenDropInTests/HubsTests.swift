import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.hubs`, `client.hubCollaborations`, `client.hubItems` and `client.hubDocument`, as
/// Box's documentation uses them.
@Suite("Drop-in: hubs, their collaborations, items and document")
struct HubsTests {
    @Test func aHubIsCreatedListedReadUpdatedCopiedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client

            let hub = try await client.hubs.createHubV2025R0(
                requestBody: HubCreateRequestV2025R0(title: "Sales enablement", description: "Everything a seller needs"))
            #expect(hub.title == "Sales enablement")
            #expect(hub.description == "Everything a seller needs")

            let usersHubs = try await client.hubs.getHubsV2025R0(
                queryParams: GetHubsV2025R0QueryParams(scope: "all", sort: "name", direction: .asc))
            #expect(usersHubs.entries?.map(\.id) == [hub.id])
            let enterpriseHubs = try await client.hubs.getEnterpriseHubsV2025R0(
                queryParams: GetEnterpriseHubsV2025R0QueryParams(sort: "name", direction: .asc))
            #expect(enterpriseHubs.entries?.map(\.id) == [hub.id])

            let read = try await client.hubs.getHubByIdV2025R0(hubId: hub.id)
            #expect(read.title == "Sales enablement")

            let updated = try await client.hubs.updateHubByIdV2025R0(
                hubId: hub.id, requestBody: HubUpdateRequestV2025R0(title: "Sales playbook", description: "Updated"))
            #expect(updated.title == "Sales playbook")
            #expect(updated.description == "Updated")

            let copy = try await client.hubs.copyHubV2025R0(
                hubId: hub.id, requestBody: HubCopyRequestV2025R0(title: "Sales playbook EMEA", description: "For EMEA"))
            #expect(copy.id != hub.id)
            #expect(copy.title == "Sales playbook EMEA")

            try await client.hubs.deleteHubByIdV2025R0(hubId: hub.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.hubs.getHubByIdV2025R0(hubId: hub.id) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aUserIsInvitedToAHubPromotedListedAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let userId = box.seed.appUsers[0].id
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Onboarding"))

            let collaboration = try await client.hubCollaborations.createHubCollaborationV2025R0(requestBody: HubCollaborationCreateRequestV2025R0(
                hub: HubCollaborationCreateRequestV2025R0HubField(id: hub.id),
                accessibleBy: HubCollaborationCreateRequestV2025R0AccessibleByField(type: "user", id: userId),
                role: "viewer"))
            #expect(collaboration.hub?.id == hub.id)
            #expect(collaboration.role == "viewer")

            let promoted = try await client.hubCollaborations.updateHubCollaborationByIdV2025R0(
                hubCollaborationId: collaboration.id, requestBody: HubCollaborationUpdateRequestV2025R0(role: "editor"))
            #expect(promoted.role == "editor")

            let collaborations = try await client.hubCollaborations.getHubCollaborationsV2025R0(
                queryParams: GetHubCollaborationsV2025R0QueryParams(hubId: hub.id))
            #expect(collaborations.entries?.map(\.id) == [collaboration.id])
            let read = try await client.hubCollaborations.getHubCollaborationByIdV2025R0(hubCollaborationId: collaboration.id)
            #expect(read.role == "editor")

            try await client.hubCollaborations.deleteHubCollaborationByIdV2025R0(hubCollaborationId: collaboration.id)
            let after = try await client.hubCollaborations.getHubCollaborationsV2025R0(
                queryParams: GetHubCollaborationsV2025R0QueryParams(hubId: hub.id))
            #expect(after.entries?.isEmpty == true)
        }
    }

    @Test func aNewHubHasNoItemsAndAViewerCannotManageThem() async throws {
        try await withLocalBox { box in
            let client = box.client
            let viewerId = box.seed.appUsers[0].id
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Read-only"))
            _ = try await client.hubCollaborations.createHubCollaborationV2025R0(requestBody: HubCollaborationCreateRequestV2025R0(
                hub: HubCollaborationCreateRequestV2025R0HubField(id: hub.id),
                accessibleBy: HubCollaborationCreateRequestV2025R0AccessibleByField(type: "user", id: viewerId),
                role: "viewer"))

            let items = try await client.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: hub.id))
            #expect(items.entries?.isEmpty == true)

            let viewer = try await box.client(forUser: viewerId)
            let error = await #expect(throws: BoxAPIError.self) {
                try await viewer.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: []))
            }
            #expect(error?.responseInfo.statusCode == 403)
        }
    }

    @Test func aHubsDocumentHasAPageTitledLikeTheHubWithBlocks() async throws {
        try await withLocalBox { box in
            let client = box.client
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Help", description: "Answers"))

            let pages = try await client.hubDocument.getHubDocumentPagesV2025R0(
                queryParams: GetHubDocumentPagesV2025R0QueryParams(hubId: hub.id))
            #expect(pages.entries.map(\.titleFragment) == ["Help"])
            let page = try #require(pages.entries.first)

            let blocks = try await client.hubDocument.getHubDocumentBlocksV2025R0(
                queryParams: GetHubDocumentBlocksV2025R0QueryParams(hubId: hub.id, pageId: page.id))
            #expect(blocks.entries.isEmpty == false)
        }
    }

    @Test func filesAndFoldersAreAddedToAHubAndOneIsRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Content")
            let file = try await uploadText(client, name: "plan.txt", text: "the plan", parentId: folder.id)
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Items"))

            let added = try await client.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                HubItemOperationV2025R0(action: HubItemOperationV2025R0ActionField.add, item: .fileReferenceV2025R0(FileReferenceV2025R0(id: file.id))),
                HubItemOperationV2025R0(action: HubItemOperationV2025R0ActionField.add, item: .folderReferenceV2025R0(FolderReferenceV2025R0(id: folder.id))),
            ]))
            #expect(added.operations.map(\.status) == [200, 200])

            _ = try await client.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                HubItemOperationV2025R0(action: HubItemOperationV2025R0ActionField.remove, item: .fileReferenceV2025R0(FileReferenceV2025R0(id: file.id))),
            ]))
            let items = try await client.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: hub.id))
            #expect(items.entries?.map(\.id) == [folder.id])
        }
    }
}
