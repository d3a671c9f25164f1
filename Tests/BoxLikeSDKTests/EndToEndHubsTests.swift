import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// HubsV2025R0 (Box API 2025.0): hubs, their collaborations, items and document, against the server.
@Suite("HubsV2025R0 against the server")
struct EndToEndHubsTests {
    // MARK: - HubsV2025R0

    @Test func aCreatedHubIsReadBackWithItsTitleAndCreator() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let created = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Onboarding", description: "Start here"))
            let read = try await client.hubs.getHubByIdV2025R0(hubId: created.id)

            #expect(created.type.rawValue == "hubs")
            #expect(read.title == "Onboarding")
            #expect(read.description == "Start here")
            #expect(read.createdBy?.id == server.seed.adminUser.id)
            #expect(read.viewCount == 1)
        }
    }

    @Test func hubsListsTheCallersHubsMatchingTheQuery() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (other, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            _ = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Sales playbook"))
            _ = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Engineering"))
            _ = try await other.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Sales of another user"))

            let matching = try await client.hubs.getHubsV2025R0(queryParams: GetHubsV2025R0QueryParams(query: "sales"))
            let all = try await client.hubs.getHubsV2025R0(queryParams: GetHubsV2025R0QueryParams(sort: "name", direction: .asc))

            #expect(matching.entries?.map(\.title) == ["Sales playbook"])
            #expect(all.entries?.map(\.title) == ["Engineering", "Sales playbook"])
        }
    }

    @Test func enterpriseHubsListsEveryHubForAnAdminOnly() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            _ = try await user.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Team hub"))

            let hubs = try await admin.hubs.getEnterpriseHubsV2025R0()
            let error = await #expect(throws: BoxAPIError.self) { try await user.hubs.getEnterpriseHubsV2025R0() }

            #expect(hubs.entries?.map(\.title) == ["Team hub"])
            #expect(error?.status == 403)
        }
    }

    @Test func updatingAHubChangesItsSettingsAndTheTitleOfItsFirstPage() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Draft"))

            let updated = try await client.hubs.updateHubByIdV2025R0(hubId: hub.id, requestBody: HubUpdateRequestV2025R0(
                title: "Final", isAiEnabled: false, copyHubAccess: HubUpdateRequestV2025R0CopyHubAccessField(rawValue: "none")))
            let pages = try await client.hubDocument.getHubDocumentPagesV2025R0(queryParams: GetHubDocumentPagesV2025R0QueryParams(hubId: hub.id))

            #expect(updated.title == "Final")
            #expect(updated.isAiEnabled == false)
            #expect(updated.copyHubAccess?.rawValue == "none")
            #expect(pages.entries.map(\.titleFragment) == ["Final"])
        }
    }

    @Test func aDeletedHubIsNotFound() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Short-lived"))

            try await client.hubs.deleteHubByIdV2025R0(hubId: hub.id)

            let error = await #expect(throws: BoxAPIError.self) { try await client.hubs.getHubByIdV2025R0(hubId: hub.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func copyingAHubWithItsItemsGivesTheCallerANewHubShowingTheSameItems() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let folder = try await owner.makeFolder("shared")
            try await owner.collaborate(userId: viewerId, on: folder.id, role: .editor)
            let file = try await owner.makeFile("guide.txt", text: "read me", in: folder.id)
            let link = try await owner.makeWebLink("portal", in: folder.id)
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Original", description: "All you need"))
            _ = try await owner.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                Self.add(.fileReferenceV2025R0(FileReferenceV2025R0(id: file.id))),
                Self.add(.folderReferenceV2025R0(FolderReference(id: folder.id))),
                Self.add(.weblinkReferenceV2025R0(WeblinkReferenceV2025R0(id: link.id))),
            ]))
            try await Self.invite(viewerId, to: hub.id, as: "viewer", by: owner)

            let copy = try await viewer.hubs.copyHubV2025R0(hubId: hub.id, requestBody: HubCopyRequestV2025R0(title: "My copy", includeItems: true))
            let copiedItems = try await viewer.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: copy.id))
            let copiedBlocks = try await Self.blocks(of: copy.id, client: viewer)

            #expect(copy.id != hub.id)
            #expect(copy.title == "My copy")
            #expect(copy.createdBy?.id == viewerId)
            #expect(copiedItems.entries?.map(\.id) == [file.id, folder.id, link.id])
            #expect(copiedItems.entries?.map(\.name) == ["guide.txt", folder.name ?? "", "portal"])
            #expect(copiedBlocks.map { $0.type } == ["paragraph", "item_list"])
            #expect(try await owner.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: hub.id)).entries?.count == 3)
        }
    }

    @Test func aCopyLeavesOutItemsTheCallerCanOnlyView() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let userId = server.seed.appUsers[0].id
            let (user, _) = try await server.developerTokenClient(userId: userId)
            let editable = try await owner.makeFolder("editable")
            let viewable = try await owner.makeFolder("viewable")
            try await owner.collaborate(userId: userId, on: editable.id, role: .editor)
            try await owner.collaborate(userId: userId, on: viewable.id, role: .viewer)
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Mixed"))
            _ = try await owner.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                Self.add(.folderReferenceV2025R0(FolderReference(id: editable.id))),
                Self.add(.folderReferenceV2025R0(FolderReference(id: viewable.id))),
            ]))
            try await Self.invite(userId, to: hub.id, as: "viewer", by: owner)

            let copy = try await user.hubs.copyHubV2025R0(hubId: hub.id, requestBody: HubCopyRequestV2025R0(includeItems: true))

            let items = try await user.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: copy.id))
            #expect(items.entries?.map(\.id) == [editable.id])
        }
    }

    @Test func aCopyLeavesCollaboratorsAndSettingsBehind() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Configured"))
            _ = try await owner.hubs.updateHubByIdV2025R0(hubId: hub.id, requestBody: HubUpdateRequestV2025R0(canNonOwnersInvite: false))
            try await Self.invite(server.seed.appUsers[0].id, to: hub.id, as: "editor", by: owner)

            let copy = try await owner.hubs.copyHubV2025R0(hubId: hub.id, requestBody: HubCopyRequestV2025R0())
            let collaborations = try await owner.hubCollaborations.getHubCollaborationsV2025R0(
                queryParams: GetHubCollaborationsV2025R0QueryParams(hubId: copy.id))

            #expect(copy.canNonOwnersInvite == true)
            #expect(collaborations.entries?.isEmpty == true)
        }
    }

    @Test func aCopyWithoutItemsStartsEmpty() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("a.txt", text: "a", in: try await client.makeFolder().id)
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Source"))
            _ = try await client.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                Self.add(.fileReferenceV2025R0(FileReferenceV2025R0(id: file.id))),
            ]))

            let copy = try await client.hubs.copyHubV2025R0(hubId: hub.id, requestBody: HubCopyRequestV2025R0(includeItems: false))

            #expect(copy.title == "Source")
            #expect(try await client.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: copy.id)).entries?.isEmpty == true)
        }
    }

    @Test func aHubWhoseCopyAccessIsNoneCannotBeCopiedByAViewer() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Private"))
            _ = try await owner.hubs.updateHubByIdV2025R0(hubId: hub.id, requestBody: HubUpdateRequestV2025R0(copyHubAccess: HubUpdateRequestV2025R0CopyHubAccessField(rawValue: "none")))
            try await Self.invite(viewerId, to: hub.id, as: "viewer", by: owner)

            let error = await #expect(throws: BoxAPIError.self) {
                try await viewer.hubs.copyHubV2025R0(hubId: hub.id, requestBody: HubCopyRequestV2025R0())
            }

            #expect(error?.status == 403)
        }
    }

    // MARK: - Items

    @Test func manageItemsAddsAndRemovesFilesFoldersAndWebLinks() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("content")
            let file = try await client.makeFile("plan.txt", text: "plan", in: folder.id)
            let link = try await client.makeWebLink("site", in: folder.id)
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Items"))
            _ = try await client.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                Self.add(.fileReferenceV2025R0(FileReferenceV2025R0(id: file.id))),
                Self.add(.folderReferenceV2025R0(FolderReference(id: folder.id))),
                Self.add(.weblinkReferenceV2025R0(WeblinkReferenceV2025R0(id: link.id))),
            ]))

            let result = try await client.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                HubItemOperationV2025R0(action: .remove, item: .fileReferenceV2025R0(FileReferenceV2025R0(id: file.id))),
                HubItemOperationV2025R0(action: .remove, item: .weblinkReferenceV2025R0(WeblinkReferenceV2025R0(id: link.id))),
            ]))
            let items = try await client.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: hub.id))

            #expect(result.operations.map(\.status) == [200, 200])
            #expect(items.entries?.map(\.id) == [folder.id])
            #expect(items.entries?.map(\.type.rawValue) == ["folder"])
        }
    }

    @Test func anItemTheCallerCannotReadIsNotAdded() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (stranger, _) = try await server.developerTokenClient(userId: server.seed.appUsers[1].id)
            let privateFile = try await stranger.makeFile("private.txt", text: "mine", in: "0")
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Curated"))

            let result = try await client.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                Self.add(.fileReferenceV2025R0(FileReferenceV2025R0(id: privateFile.id))),
            ]))

            #expect(result.operations.map(\.status) == [404])
            #expect(try await client.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: hub.id)).entries?.isEmpty == true)
        }
    }

    // MARK: - Document

    @Test func theFirstPageHoldsTheDescriptionAndTheItemListTheItemsGoTo() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("faq.txt", text: "q", in: try await client.makeFolder().id)
            let hub = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Help", description: "Answers"))
            _ = try await client.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: [
                Self.add(.fileReferenceV2025R0(FileReferenceV2025R0(id: file.id))),
            ]))

            let blocks = try await Self.blocks(of: hub.id, client: client)
            let list = try #require(blocks.first { $0.type == "item_list" })
            let inList = try await client.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: hub.id, parentId: list.id))

            #expect(blocks.map { $0.type } == ["paragraph", "item_list"])
            #expect(blocks.first?.fragment == "Answers")
            #expect(inList.entries?.map(\.id) == [file.id])
        }
    }

    @Test func blocksOfAPageOfAnotherHubAreNotFound() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let one = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "One"))
            let two = try await client.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Two"))
            let pageOfTwo = try #require(try await client.hubDocument.getHubDocumentPagesV2025R0(
                queryParams: GetHubDocumentPagesV2025R0QueryParams(hubId: two.id)).entries.first)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.hubDocument.getHubDocumentBlocksV2025R0(
                    queryParams: GetHubDocumentBlocksV2025R0QueryParams(hubId: one.id, pageId: pageOfTwo.id))
            }

            #expect(error?.status == 404)
        }
    }

    // MARK: - Collaborations and permissions

    @Test func aViewerCollaboratorReadsTheHubButCannotChangeIt() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Read-only"))

            let collaboration = try await owner.hubCollaborations.createHubCollaborationV2025R0(requestBody: HubCollaborationCreateRequestV2025R0(
                hub: HubCollaborationCreateRequestV2025R0HubField(id: hub.id),
                accessibleBy: HubCollaborationCreateRequestV2025R0AccessibleByField(type: "user", id: viewerId), role: "viewer"))
            let read = try await viewer.hubs.getHubByIdV2025R0(hubId: hub.id)
            let updateError = await #expect(throws: BoxAPIError.self) {
                try await viewer.hubs.updateHubByIdV2025R0(hubId: hub.id, requestBody: HubUpdateRequestV2025R0(title: "Mine now"))
            }
            let itemsError = await #expect(throws: BoxAPIError.self) {
                try await viewer.hubItems.manageHubItemsV2025R0(hubId: hub.id, requestBody: HubItemsManageRequestV2025R0(operations: []))
            }

            #expect(collaboration.status?.rawValue == "accepted")
            #expect(collaboration.hub?.id == hub.id)
            guard case .hubCollaborationUserV2025R0(let grantee) = collaboration.accessibleBy else {
                Issue.record("expected a user grantee")
                return
            }
            #expect(grantee.id == viewerId)
            #expect(read.title == "Read-only")
            #expect(updateError?.status == 403)
            #expect(itemsError?.status == 403)
        }
    }

    @Test func aNonCollaboratorDoesNotFindTheHub() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let (stranger, _) = try await server.developerTokenClient(userId: server.seed.appUsers[1].id)
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Secret"))

            let readError = await #expect(throws: BoxAPIError.self) { try await stranger.hubs.getHubByIdV2025R0(hubId: hub.id) }
            let itemsError = await #expect(throws: BoxAPIError.self) {
                try await stranger.hubItems.getHubItemsV2025R0(queryParams: GetHubItemsV2025R0QueryParams(hubId: hub.id))
            }
            let deleteError = await #expect(throws: BoxAPIError.self) { try await stranger.hubs.deleteHubByIdV2025R0(hubId: hub.id) }

            #expect(readError?.status == 404)
            #expect(itemsError?.status == 404)
            #expect(deleteError?.status == 404)
            #expect(try await stranger.hubs.getHubsV2025R0().entries?.isEmpty == true)
        }
    }

    @Test func collaborationsAreListedAndReadByAnyoneInTheHub() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Team"))
            let created = try await Self.inviteReturning(viewerId, to: hub.id, as: "viewer", by: owner)

            let listed = try await viewer.hubCollaborations.getHubCollaborationsV2025R0(
                queryParams: GetHubCollaborationsV2025R0QueryParams(hubId: hub.id))
            let read = try await viewer.hubCollaborations.getHubCollaborationByIdV2025R0(hubCollaborationId: created.id)

            #expect(listed.entries?.map(\.id) == [created.id])
            #expect(read.role == "viewer")
        }
    }

    @Test func promotingACollaboratorToEditorLetsThemChangeTheHub() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let userId = server.seed.appUsers[0].id
            let (user, _) = try await server.developerTokenClient(userId: userId)
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Team"))
            let collaboration = try await Self.inviteReturning(userId, to: hub.id, as: "viewer", by: owner)

            let promoted = try await owner.hubCollaborations.updateHubCollaborationByIdV2025R0(
                hubCollaborationId: collaboration.id, requestBody: HubCollaborationUpdateRequestV2025R0(role: "editor"))
            let renamed = try await user.hubs.updateHubByIdV2025R0(hubId: hub.id, requestBody: HubUpdateRequestV2025R0(title: "Team (edited)"))
            let selfPromotion = await #expect(throws: BoxAPIError.self) {
                try await user.hubCollaborations.updateHubCollaborationByIdV2025R0(
                    hubCollaborationId: collaboration.id, requestBody: HubCollaborationUpdateRequestV2025R0(role: "co-owner"))
            }

            #expect(promoted.role == "editor")
            #expect(renamed.title == "Team (edited)")
            #expect(renamed.updatedBy?.id == userId)
            #expect(selfPromotion?.status == 403)
        }
    }

    @Test func removingACollaborationTakesAwayAccess() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let userId = server.seed.appUsers[0].id
            let (user, _) = try await server.developerTokenClient(userId: userId)
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Team"))
            let collaboration = try await Self.inviteReturning(userId, to: hub.id, as: "editor", by: owner)

            try await owner.hubCollaborations.deleteHubCollaborationByIdV2025R0(hubCollaborationId: collaboration.id)

            let error = await #expect(throws: BoxAPIError.self) { try await user.hubs.getHubByIdV2025R0(hubId: hub.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func anUnknownRoleIsRefused() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let hub = try await owner.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Team"))

            let error = await #expect(throws: BoxAPIError.self) {
                try await Self.invite(server.seed.appUsers[0].id, to: hub.id, as: "previewer", by: owner)
            }

            #expect(error?.status == 400)
        }
    }

    // MARK: - Version header

    @Test func aHubPathWithoutTheVersionHeaderIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) { try await client.makeRequest(path: "/hubs") }

            #expect(error?.status == 400)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/hubs")).count == 1)
        }
    }

    @Test func withoutRequestValidationTheHubRoutesAnswerBoxsVersionError() async throws {
        try await withServer({ $0.validatesRequests = false }) { server in
            let (client, _) = try await server.developerTokenClient()

            let missing = await #expect(throws: BoxAPIError.self) { try await client.makeRequest(path: "/hubs") }
            let wrong = await #expect(throws: BoxAPIError.self) {
                try await client.makeRequest(path: "/hubs", headers: ["box-version": "2024.0"])
            }
            let answered = try await client.makeRequest(path: "/hubs", headers: ["box-version": "2025.0"])

            #expect(missing?.status == 400)
            #expect(missing?.code == "invalid_api_version")
            #expect(missing?.message == "Missing required box-version header. Supported API versions: [2025.0].")
            #expect(wrong?.code == "invalid_api_version")
            #expect(answered.status == 200)
        }
    }

    // MARK: - Helpers

    static func add(_ item: HubItemReferenceV2025R0) -> HubItemOperationV2025R0 {
        HubItemOperationV2025R0(action: .add, item: item)
    }

    static func invite(_ userId: String, to hubId: String, as role: String, by client: BoxClient) async throws {
        _ = try await inviteReturning(userId, to: hubId, as: role, by: client)
    }

    static func inviteReturning(_ userId: String, to hubId: String, as role: String, by client: BoxClient) async throws -> HubCollaborationV2025R0 {
        try await client.hubCollaborations.createHubCollaborationV2025R0(requestBody: HubCollaborationCreateRequestV2025R0(
            hub: HubCollaborationCreateRequestV2025R0HubField(id: hubId),
            accessibleBy: HubCollaborationCreateRequestV2025R0AccessibleByField(type: "user", id: userId), role: role))
    }

    /// The blocks of a hub's first page as `(id, type, fragment)`.
    static func blocks(of hubId: String, client: BoxClient) async throws -> [(id: String, type: String, fragment: String?)] {
        let page = try #require(try await client.hubDocument.getHubDocumentPagesV2025R0(
            queryParams: GetHubDocumentPagesV2025R0QueryParams(hubId: hubId)).entries.first)
        let blocks = try await client.hubDocument.getHubDocumentBlocksV2025R0(
            queryParams: GetHubDocumentBlocksV2025R0QueryParams(hubId: hubId, pageId: page.id))
        return blocks.entries.map { entry -> (id: String, type: String, fragment: String?) in
            switch entry {
            case .hubParagraphTextBlockV2025R0(let block): (block.id, block.type.rawValue, block.fragment)
            case .hubSectionTitleTextBlockV2025R0(let block): (block.id, block.type.rawValue, block.fragment)
            case .hubCalloutBoxTextBlockV2025R0(let block): (block.id, block.type.rawValue, block.fragment)
            case .hubItemListBlockV2025R0(let block): (block.id, block.type.rawValue, nil)
            case .hubDividerBlockV2025R0(let block): (block.id, block.type.rawValue, nil)
            // A type the SDK does not know keeps its wire name, so the assertions on types show it.
            case .unknown(let value): (value["id"]?.stringValue ?? "", value["type"]?.stringValue ?? "", nil)
            }
        }
    }
}
