import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.sessionTermination`, as Box's documentation uses it.
@Suite("Drop-in: session termination")
struct SessionTerminationTests {
    @Test func endingAUsersSessionsSignsThatUserOut() async throws {
        try await withLocalBox { box in
            let alice = box.seed.appUsers[0]
            let bob = box.seed.appUsers[1]
            let aliceClient = try await box.client(forUser: alice.id)
            let bobClient = try await box.client(forUser: bob.id)

            let result = try await box.client.sessionTermination.terminateUsersSessions(
                requestBody: TerminateUsersSessionsRequestBody(userIds: [alice.id], userLogins: [alice.login]))
            #expect(result.message == "Request is successful, please check the admin events for the status of the job")

            let error = await #expect(throws: BoxAPIError.self) { try await aliceClient.users.getUserMe() }
            #expect(error?.responseInfo.statusCode == 401)
            #expect(try await bobClient.users.getUserMe().id == bob.id)
        }
    }

    @Test func endingAGroupsSessionsSignsItsMembersOut() async throws {
        try await withLocalBox { box in
            let client = box.client
            let alice = box.seed.appUsers[0]
            let group = try await client.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Night shift"))
            _ = try await client.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                user: CreateGroupMembershipRequestBodyUserField(id: alice.id),
                group: CreateGroupMembershipRequestBodyGroupField(id: group.id)))
            let aliceClient = try await box.client(forUser: alice.id)

            let result = try await client.sessionTermination.terminateGroupsSessions(
                requestBody: TerminateGroupsSessionsRequestBody(groupIds: [group.id]))
            #expect(result.message == "Request is successful, please check the admin events for the status of the job")

            let error = await #expect(throws: BoxAPIError.self) { try await aliceClient.users.getUserMe() }
            #expect(error?.responseInfo.statusCode == 401)
        }
    }
}
