import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.groups` and `client.memberships`, as Box's documentation uses them.
@Suite("Drop-in: groups and memberships")
struct GroupsTests {
    @Test func aGroupIsCreatedReadRenamedListedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client

            let group = try await client.groups.createGroup(requestBody: CreateGroupRequestBody(
                name: "Support", description: "Answers the phone", invitabilityLevel: .adminsAndMembers))
            #expect(group.name == "Support")

            let read = try await client.groups.getGroupById(groupId: group.id)
            #expect(read.description == "Answers the phone")
            #expect(read.invitabilityLevel == .adminsAndMembers)

            let renamed = try await client.groups.updateGroupById(
                groupId: group.id, requestBody: UpdateGroupByIdRequestBody(name: "Customer Success"))
            #expect(renamed.name == "Customer Success")

            _ = try await client.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Sales"))
            let found = try await client.groups.getGroups(queryParams: GetGroupsQueryParams(filterTerm: "Custom"))
            #expect(found.entries?.map(\.id) == [group.id])
            let all = try await client.groups.getGroups()
            #expect(all.totalCount == 2)

            try await client.groups.deleteGroupById(groupId: group.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.groups.getGroupById(groupId: group.id) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aUserIsAddedToAGroupPromotedListedAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let userId = box.seed.appUsers[0].id
            let group = try await client.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Engineering"))

            let membership = try await client.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                user: CreateGroupMembershipRequestBodyUserField(id: userId),
                group: CreateGroupMembershipRequestBodyGroupField(id: group.id), role: .member,
                configurablePermissions: ["can_run_reports": false]))
            #expect(membership.role == .member)
            #expect(membership.user?.id == userId)

            let read = try await client.memberships.getGroupMembershipById(groupMembershipId: membership.id)
            #expect(read.group?.id == group.id)

            let promoted = try await client.memberships.updateGroupMembershipById(
                groupMembershipId: membership.id,
                requestBody: UpdateGroupMembershipByIdRequestBody(role: .admin, configurablePermissions: ["can_instant_login": false]))
            #expect(promoted.role == .admin)

            let ofGroup = try await client.memberships.getGroupMemberships(groupId: group.id)
            #expect(ofGroup.entries?.map(\.id) == [membership.id])
            let ofUser = try await client.memberships.getUserMemberships(userId: userId)
            #expect(ofUser.entries?.map(\.group?.id) == [group.id])

            try await client.memberships.deleteGroupMembershipById(groupMembershipId: membership.id)
            let after = try await client.memberships.getGroupMemberships(
                groupId: group.id, queryParams: GetGroupMembershipsQueryParams(limit: 100))
            #expect(after.entries?.isEmpty == true)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotCreateAGroup() async throws {
        try await withLocalBox { box in
            let user = try await box.client(forUser: box.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Rogue"))
            }
            #expect(error?.responseInfo.statusCode == 403)
        }
    }
}
