import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// What an enabled barrier refuses besides collaborations: moving or copying an item where
/// the other side of a restriction would see it, and handing content across it; and the
/// admin-log events of every change and refusal.
extension EndToEndShieldInformationBarriersTests {
    /// Bob's lab folder, shared with Alice by a collaboration made before the barrier was
    /// switched on (which the barrier then stops), the admin's commons folder both of them
    /// edit, and a memo of Alice's in a folder of her own; the barrier is enabled.
    struct SharedLab {
        var admin: BoxClient
        var wall: Wall
        var alice: BoxClient
        var bob: BoxClient
        var lab: FolderFull
        var labCollaboration: Collaboration
        var commons: FolderFull
        var memo: FileFull
        var desk: FolderFull
    }

    func sharedLab(_ server: BoxLikeServer) async throws -> SharedLab {
        let (admin, _) = try await server.developerTokenClient()
        let wall = try await makeWall(admin, server: server)
        let (alice, _) = try await server.developerTokenClient(userId: wall.alice)
        let (bob, _) = try await server.developerTokenClient(userId: wall.bob)
        let lab = try await bob.makeFolder("lab")
        let collaboration = try await collaborate(bob, userId: wall.alice, on: lab.id)
        let commons = try await admin.makeFolder("commons")
        _ = try await collaborate(admin, userId: wall.alice, on: commons.id)
        _ = try await collaborate(admin, userId: wall.bob, on: commons.id)
        let desk = try await alice.makeFolder("desk")
        let memo = try await alice.makeFile("memo.txt", text: "the deal terms", in: desk.id)
        _ = try await setStatus(admin, wall.barrier, .pending)
        return SharedLab(admin: admin, wall: wall, alice: alice, bob: bob, lab: lab, labCollaboration: collaboration, commons: commons, memo: memo, desk: desk)
    }

    func move(_ client: BoxClient, _ file: FileFull, to folderId: String) async throws -> FileFull {
        try await client.files.updateFileById(
            fileId: file.id, requestBody: UpdateFileByIdRequestBody(parent: UpdateFileByIdRequestBodyParentField(id: folderId)))
    }

    func copy(_ client: BoxClient, _ file: FileFull, to folderId: String) async throws -> FileFull {
        try await client.files.copyFile(fileId: file.id, requestBody: CopyFileRequestBody(parent: CopyFileRequestBodyParentField(id: folderId)))
    }

    func makeOwner(_ client: BoxClient, _ collaboration: Collaboration) async throws {
        _ = try await client.userCollaborations.updateCollaborationById(
            collaborationId: collaboration.id, requestBody: UpdateCollaborationByIdRequestBody(role: .owner))
    }

    func transferContent(_ admin: BoxClient, of userId: String, to newOwnerId: String) async throws -> FolderFull {
        try await admin.transfer.transferOwnedFolder(
            userId: userId, requestBody: TransferOwnedFolderRequestBody(ownedBy: TransferOwnedFolderRequestBodyOwnedByField(id: newOwnerId)))
    }

    // MARK: - Moves, copies and ownership

    @Test func anEnabledBarrierRefusesMovingAnItemIntoAFolderAcrossARestriction() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)

            let error = await #expect(throws: BoxAPIError.self) { try await move(room.alice, room.memo, to: room.commons.id) }

            #expect(error?.status == 403)
            #expect(error?.code == "forbidden_by_policy")
            #expect(try await room.alice.files.getFileById(fileId: room.memo.id).parent?.id == room.desk.id)
        }
    }

    @Test func anEnabledBarrierRefusesCopyingAnItemIntoAFolderAcrossARestriction() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)

            let error = await #expect(throws: BoxAPIError.self) { try await copy(room.alice, room.memo, to: room.commons.id) }

            #expect(error?.status == 403)
            #expect(error?.code == "forbidden_by_policy")
            #expect(try await room.bob.names(in: room.commons.id).isEmpty)
        }
    }

    // MARK: - Collaborations across the barrier

    @Test func enablingABarrierStopsACollaborationMadeBeforeIt() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)

            let error = await #expect(throws: BoxAPIError.self) { try await room.alice.folders.getFolderById(folderId: room.lab.id) }

            #expect(error?.status == 404)
        }
    }

    @Test func disablingTheBarrierGivesTheStoppedCollaborationBack() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)

            _ = try await setStatus(room.admin, room.wall.barrier, .disabled)

            #expect(try await room.alice.folders.getFolderById(folderId: room.lab.id).id == room.lab.id)
        }
    }

    @Test func anInvitationBoundToAUserCreatedLaterDoesNotCrossTheBarrier() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            _ = try await room.bob.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: room.lab.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: "dana@example.com"), role: .editor))
            let dana = try await room.admin.users.createUser(requestBody: CreateUserRequestBody(name: "Dana", login: "dana@example.com"))
            _ = try await addMember(room.admin, dana.id, to: room.wall.deals)
            let (danaClient, _) = try await server.developerTokenClient(userId: dana.id)

            let error = await #expect(throws: BoxAPIError.self) { try await danaClient.folders.getFolderById(folderId: room.lab.id) }

            #expect(error?.status == 404)
        }
    }

    @Test func anEnabledBarrierRefusesAHubCollaborationAcrossIt() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let hub = try await room.bob.hubs.createHubV2025R0(requestBody: HubCreateRequestV2025R0(title: "Lab notes"))

            let error = await #expect(throws: BoxAPIError.self) {
                try await EndToEndHubsTests.invite(room.wall.alice, to: hub.id, as: "viewer", by: room.bob)
            }

            #expect(error?.status == 403)
            #expect(error?.code == "forbidden_by_policy")
        }
    }

    @Test func anEnabledBarrierLetsItemsMoveAndCopyOnOneSide() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let drafts = try await room.alice.makeFolder("drafts")

            let moved = try await move(room.alice, room.memo, to: drafts.id)
            let copied = try await copy(room.alice, moved, to: room.desk.id)

            #expect(moved.parent?.id == drafts.id)
            #expect(copied.parent?.id == room.desk.id)
        }
    }

    @Test func anEnabledBarrierRefusesTransferringAUsersContentAcrossARestriction() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)

            let error = await #expect(throws: BoxAPIError.self) {
                try await transferContent(room.admin, of: room.wall.bob, to: room.wall.alice)
            }

            #expect(error?.status == 403)
            #expect(error?.code == "forbidden_by_policy")
            #expect(try await room.bob.folders.getFolderById(folderId: room.lab.id).ownedBy?.id == room.wall.bob)
        }
    }

    @Test func anEnabledBarrierRefusesMakingACollaboratorAcrossARestrictionTheOwner() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)

            let error = await #expect(throws: BoxAPIError.self) { try await makeOwner(room.bob, room.labCollaboration) }

            #expect(error?.status == 403)
            #expect(error?.code == "forbidden_by_policy")
            #expect(try await room.bob.folders.getFolderById(folderId: room.lab.id).ownedBy?.id == room.wall.bob)
        }
    }

    @Test func disablingTheBarrierLetsTheMoveThrough() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            _ = await #expect(throws: BoxAPIError.self) { try await move(room.alice, room.memo, to: room.commons.id) }

            _ = try await setStatus(room.admin, room.wall.barrier, .disabled)

            #expect(try await move(room.alice, room.memo, to: room.commons.id).parent?.id == room.commons.id)
        }
    }

    // MARK: - Admin logs

    @Test func switchingABarrierOnAndOffIsInTheAdminLogs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)
            let start = try await admin.adminLogPosition()
            _ = try await setStatus(admin, barrier, .pending)
            _ = try await setStatus(admin, barrier, .disabled)

            let events = try await admin.adminLogEvents(since: start, types: [
                "SHIELD_INFORMATION_BARRIER_PENDING", "SHIELD_INFORMATION_BARRIER_ENABLED", "SHIELD_INFORMATION_BARRIER_DISABLED",
            ])

            #expect(events.map { $0.eventType?.rawValue }
                == ["SHIELD_INFORMATION_BARRIER_PENDING", "SHIELD_INFORMATION_BARRIER_ENABLED", "SHIELD_INFORMATION_BARRIER_DISABLED"])
            #expect(events.allSatisfy { $0.additionalDetails?["shield_information_barrier_id"]?.stringValue == barrier.id })
        }
    }

    /// The one `..._BLOCKED` event of `type` since `start`, after checking the barrier and
    /// segments it names.
    func blockedEvent(_ type: String, since start: String, in room: SharedLab) async throws -> Event {
        let events = try await room.admin.adminLogEvents(since: start, types: [GetEventsQueryParamsEventTypeField(rawValue: type)])
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(event.additionalDetails?["shield_information_barrier_id"]?.stringValue == room.wall.barrier.id)
        #expect(Set([event.additionalDetails?["shield_information_barrier_segment_id"]?.stringValue, event.additionalDetails?["restricted_segment_id"]?.stringValue])
            == Set([room.wall.deals.id, room.wall.research.id]))
        return event
    }

    @Test func aRefusedCollaborationIsInTheAdminLogs() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let start = try await room.admin.adminLogPosition()
            _ = await #expect(throws: BoxAPIError.self) { try await collaborate(room.alice, userId: room.wall.bob, on: room.desk.id) }

            let event = try await blockedEvent("SHIELD_INFORMATION_BARRIER_COLLAB_BLOCKED", since: start, in: room)

            #expect(event.createdBy?.id == room.wall.alice)
            #expect(try event.sourceMember("item_id") == room.desk.id)
        }
    }

    @Test func aRefusedGroupMembershipIsInTheAdminLogs() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let group = try await room.admin.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Deal team"))
            _ = try await room.admin.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                user: CreateGroupMembershipRequestBodyUserField(id: room.wall.alice), group: CreateGroupMembershipRequestBodyGroupField(id: group.id)))
            let start = try await room.admin.adminLogPosition()
            _ = await #expect(throws: BoxAPIError.self) {
                try await room.admin.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                    user: CreateGroupMembershipRequestBodyUserField(id: room.wall.bob), group: CreateGroupMembershipRequestBodyGroupField(id: group.id)))
            }

            let event = try await blockedEvent("SHIELD_INFORMATION_BARRIER_GROUP_ADD_USER_BLOCKED", since: start, in: room)

            #expect(event.createdBy?.id == server.seed.adminUser.id)
        }
    }

    @Test func aRefusedSharedLinkIsInTheAdminLogs() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let shared = try await room.alice.sharedLinksFiles.addShareLinkToFile(
                fileId: room.memo.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let headers = FindFileForSharedLinkHeaders(boxapi: "shared_link=\(try #require(shared.sharedLink?.url))")
            let start = try await room.admin.adminLogPosition()
            _ = await #expect(throws: BoxAPIError.self) { try await room.bob.sharedLinksFiles.findFileForSharedLink(headers: headers) }

            let event = try await blockedEvent("SHIELD_INFORMATION_BARRIER_SHARED_ITEM_ACCESS_BLOCKED", since: start, in: room)

            #expect(event.createdBy?.id == room.wall.bob)
            #expect(try event.sourceMember("item_id") == room.memo.id)
        }
    }

    @Test func aSharedLinkSentWithAnyCallDoesNotOpenAnItemAcrossTheBarrier() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let shared = try await room.alice.sharedLinksFiles.addShareLinkToFile(
                fileId: room.memo.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let boxApi = "shared_link=\(try #require(shared.sharedLink?.url))"

            let error = await #expect(throws: BoxAPIError.self) {
                try await room.bob.files.getFileById(fileId: room.memo.id, headers: GetFileByIdHeaders(boxapi: boxApi))
            }

            #expect(error?.status == 404)
        }
    }

    @Test func aRefusedMoveIsInTheAdminLogs() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let start = try await room.admin.adminLogPosition()
            _ = await #expect(throws: BoxAPIError.self) { try await move(room.alice, room.memo, to: room.commons.id) }

            let event = try await blockedEvent("SHIELD_INFORMATION_BARRIER_ITEM_MOVE_BLOCKED", since: start, in: room)

            #expect(event.createdBy?.id == room.wall.alice)
            #expect(try event.sourceMember("item_name") == "memo.txt")
        }
    }

    @Test func aRefusedCopyIsInTheAdminLogs() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let start = try await room.admin.adminLogPosition()
            _ = await #expect(throws: BoxAPIError.self) { try await copy(room.alice, room.memo, to: room.commons.id) }

            let event = try await blockedEvent("SHIELD_INFORMATION_BARRIER_ITEM_COPY_BLOCKED", since: start, in: room)

            #expect(event.createdBy?.id == room.wall.alice)
            #expect(try event.sourceMember("item_id") == room.memo.id)
        }
    }

    @Test func aRefusedOwnershipTransferIsInTheAdminLogs() async throws {
        try await withServer { server in
            let room = try await sharedLab(server)
            let start = try await room.admin.adminLogPosition()
            _ = await #expect(throws: BoxAPIError.self) { try await makeOwner(room.bob, room.labCollaboration) }
            _ = await #expect(throws: BoxAPIError.self) { try await transferContent(room.admin, of: room.wall.bob, to: room.wall.alice) }

            let events = try await room.admin.adminLogEvents(since: start, types: ["SHIELD_INFORMATION_BARRIER_ITEM_OWNER_TRANSFER_BLOCKED"])

            #expect(events.map { $0.createdBy?.id } == [room.wall.bob, server.seed.adminUser.id])
            #expect(try events.first?.sourceMember("item_id") == room.lab.id)
        }
    }
}
