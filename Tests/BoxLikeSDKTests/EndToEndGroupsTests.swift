import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Groups, memberships and group collaborations through `groups`, `memberships` and
/// `userCollaborations`.
@Suite("Groups and memberships against the server")
struct EndToEndGroupsTests {
    func makeGroup(_ client: BoxClient, _ name: String = "Support-\(UUID().uuidString.prefix(6))",
                   viewability: GroupMemberViewabilityLevel? = nil) async throws -> GroupFull {
        try await client.groups.createGroup(requestBody: CreateGroupRequestBody(
            name: name, description: "Answers the phone", memberViewabilityLevel: viewability))
    }

    func add(_ userId: String, to group: GroupFull, as role: GroupMembershipRole? = nil, by client: BoxClient) async throws -> GroupMembership {
        try await client.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
            user: CreateGroupMembershipRequestBodyUserField(id: userId), group: CreateGroupMembershipRequestBodyGroupField(id: group.id), role: role))
    }

    @Test func anAdminCreatesAGroupAndReadsItBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let group = try await admin.groups.createGroup(requestBody: CreateGroupRequestBody(
                name: "Support", provenance: "Directory", externalSyncIdentifier: "dir:42", description: "Answers the phone",
                invitabilityLevel: .adminsAndMembers))

            #expect(group.name == "Support")
            #expect(group.invitabilityLevel == .adminsAndMembers)
            let read = try await admin.groups.getGroupById(groupId: group.id)
            #expect(read.description == "Answers the phone")
            #expect(read.provenance == "Directory")
            #expect(read.externalSyncIdentifier == "dir:42")
            #expect(read.memberViewabilityLevel == .adminsOnly)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotCreateAGroup() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Rogue"))
            }

            #expect(error?.status == 403)
            let (admin, _) = try await server.developerTokenClient()
            #expect(try await admin.groups.getGroups().entries?.isEmpty == true)
        }
    }

    @Test func groupNamesAreUniqueIgnoringCase() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let first = try await makeGroup(admin, "Legal")

            let error = await #expect(throws: BoxAPIError.self) { try await self.makeGroup(admin, "LEGAL") }

            #expect(error?.status == 409)
            #expect(error?.contextInfo?.contains(first.id) == true)
        }
    }

    @Test func theGroupListIsFilteredByNamePrefixAndSortedByName() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            for name in ["Engineering West", "Sales", "engineering East"] { _ = try await makeGroup(admin, name) }

            let found = try await admin.groups.getGroups(queryParams: GetGroupsQueryParams(filterTerm: "eng"))

            #expect(found.entries?.map(\.name) == ["engineering East", "Engineering West"])
            #expect(found.totalCount == 2)
        }
    }

    @Test func updatingRenamesAGroup() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let group = try await makeGroup(admin)

            let updated = try await admin.groups.updateGroupById(groupId: group.id, requestBody: UpdateGroupByIdRequestBody(
                name: "Customer Success", memberViewabilityLevel: .adminsAndMembers))

            #expect(updated.name == "Customer Success")
            #expect(try await admin.groups.getGroupById(groupId: group.id).memberViewabilityLevel == .adminsAndMembers)
        }
    }

    @Test func deletingAGroupRemovesItsMemberships() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let group = try await makeGroup(admin)
            let membership = try await add(server.seed.appUsers[0].id, to: group, by: admin)

            try await admin.groups.deleteGroupById(groupId: group.id)

            let groupError = await #expect(throws: BoxAPIError.self) { try await admin.groups.getGroupById(groupId: group.id) }
            let membershipError = await #expect(throws: BoxAPIError.self) {
                try await admin.memberships.getGroupMembershipById(groupMembershipId: membership.id)
            }
            #expect(groupError?.status == 404)
            #expect(membershipError?.status == 404)
        }
    }

    @Test func aMemberIsAddedListedAndSeesTheirGroups() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let memberId = server.seed.appUsers[0].id
            let (member, _) = try await server.developerTokenClient(userId: memberId)
            let group = try await makeGroup(admin)

            let membership = try await add(memberId, to: group, by: admin)

            #expect(membership.role == .member)
            #expect(membership.user?.id == memberId)
            #expect(membership.group?.id == group.id)
            #expect(try await admin.memberships.getGroupMemberships(groupId: group.id).entries?.map(\.id) == [membership.id])
            #expect(try await member.memberships.getUserMemberships(userId: memberId).entries?.map(\.group?.id) == [group.id])
            #expect(try await member.groups.getGroups().entries?.map(\.id) == [group.id])
        }
    }

    @Test func aMembershipIsReadBackByItsIdByTheMemberAndTheAdmin() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let memberId = server.seed.appUsers[0].id
            let (member, _) = try await server.developerTokenClient(userId: memberId)
            let group = try await makeGroup(admin)
            let membership = try await add(memberId, to: group, as: .admin, by: admin)

            let readByAdmin = try await admin.memberships.getGroupMembershipById(groupMembershipId: membership.id)
            let readByMember = try await member.memberships.getGroupMembershipById(groupMembershipId: membership.id)

            #expect(readByAdmin.id == membership.id)
            #expect(readByAdmin.role == .admin)
            #expect(readByAdmin.user?.id == memberId)
            #expect(readByAdmin.group?.id == group.id)
            #expect(readByMember.id == membership.id)
        }
    }

    @Test func aUserIsAMemberOfAGroupOnlyOnce() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let group = try await makeGroup(admin)
            _ = try await add(server.seed.appUsers[0].id, to: group, by: admin)

            let error = await #expect(throws: BoxAPIError.self) { try await self.add(server.seed.appUsers[0].id, to: group, by: admin) }

            #expect(error?.status == 409)
            #expect(try await admin.memberships.getGroupMemberships(groupId: group.id).entries?.count == 1)
        }
    }

    @Test func aGroupAdminManagesMembersButAPlainMemberCannot() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let leadId = server.seed.appUsers[0].id, otherId = server.seed.appUsers[1].id
            let (lead, _) = try await server.developerTokenClient(userId: leadId)
            let (other, _) = try await server.developerTokenClient(userId: otherId)
            let group = try await makeGroup(admin)
            let leadMembership = try await add(leadId, to: group, by: admin)
            _ = try await admin.memberships.updateGroupMembershipById(
                groupMembershipId: leadMembership.id, requestBody: UpdateGroupMembershipByIdRequestBody(role: .admin))

            let added = try await add(otherId, to: group, by: lead)
            let error = await #expect(throws: BoxAPIError.self) {
                try await other.memberships.deleteGroupMembershipById(groupMembershipId: leadMembership.id)
            }

            #expect(added.user?.id == otherId)
            #expect(error?.status == 403)
            #expect(try await admin.memberships.getGroupMemberships(groupId: group.id).entries?.count == 2)
        }
    }

    @Test func membersSeeTheMemberListOnlyWhenTheGroupAllowsIt() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let memberId = server.seed.appUsers[0].id
            let (member, _) = try await server.developerTokenClient(userId: memberId)
            let closed = try await makeGroup(admin, "Closed")
            let open = try await makeGroup(admin, "Open", viewability: .adminsAndMembers)
            _ = try await add(memberId, to: closed, by: admin)
            _ = try await add(memberId, to: open, by: admin)

            let error = await #expect(throws: BoxAPIError.self) { try await member.memberships.getGroupMemberships(groupId: closed.id) }

            #expect(error?.status == 403)
            #expect(try await member.memberships.getGroupMemberships(groupId: open.id).entries?.count == 1)
        }
    }

    @Test func aUserCannotListSomeoneElsesGroups() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.memberships.getUserMemberships(userId: server.seed.adminUser.id)
            }

            #expect(error?.status == 403)
        }
    }

    @Test func removingAMemberTakesAwayWhatTheGroupGaveThem() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let memberId = server.seed.appUsers[0].id
            let (member, _) = try await server.developerTokenClient(userId: memberId)
            let group = try await makeGroup(admin)
            let membership = try await add(memberId, to: group, by: admin)
            let folder = try await admin.makeFolder("team")
            let collaboration = try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .group, id: group.id), role: .editor))
            #expect(try await member.folders.getFolderById(folderId: folder.id).id == folder.id)

            try await admin.memberships.deleteGroupMembershipById(groupMembershipId: membership.id)

            let error = await #expect(throws: BoxAPIError.self) { try await member.folders.getFolderById(folderId: folder.id) }
            #expect(error?.status == 404)
            #expect(try await admin.listCollaborations.getGroupCollaborations(groupId: group.id).entries?.map(\.id) == [collaboration.id])
        }
    }

    @Test func aGroupCollaborationNamesTheGroup() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let group = try await makeGroup(admin, "Reviewers")
            let folder = try await admin.makeFolder()

            let collaboration = try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .group, id: group.id), role: .viewer))

            guard case .groupMini(let grantee)? = collaboration.accessibleBy else {
                Issue.record("the collaboration is not a group's: \(String(describing: collaboration.accessibleBy))")
                return
            }
            #expect(grantee.id == group.id)
            #expect(grantee.name == "Reviewers")
        }
    }
    @Test func anAdminsConfigurablePermissionsAreStoredAndShown() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let group = try await makeGroup(admin)

            let membership = try await admin.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                user: CreateGroupMembershipRequestBodyUserField(id: server.seed.appUsers[0].id),
                group: CreateGroupMembershipRequestBodyGroupField(id: group.id), role: .admin,
                configurablePermissions: ["can_instant_login": false]))
            _ = try await admin.memberships.updateGroupMembershipById(
                groupMembershipId: membership.id,
                requestBody: UpdateGroupMembershipByIdRequestBody(configurablePermissions: ["can_run_reports": false]))

            let read = try await admin.makeRequest(method: .get, path: "/group_memberships/\(membership.id)")
            #expect(read.json?["configurable_permissions"] == [
                "can_run_reports": false, "can_instant_login": true, "can_create_accounts": true, "can_edit_accounts": true,
            ])
        }
    }
}
