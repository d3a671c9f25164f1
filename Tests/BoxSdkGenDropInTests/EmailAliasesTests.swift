import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.emailAliases`, as Box's documentation uses it.
@Suite("Drop-in: email aliases")
struct EmailAliasesTests {
    @Test func anAliasIsAddedListedAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let newUser = try await client.users.createUser(
                requestBody: CreateUserRequestBody(name: "Alias Owner", login: "\(UUID().uuidString)@boxdemo.com"))
            let aliases = try await client.emailAliases.getUserEmailAliases(userId: newUser.id)
            #expect(aliases.totalCount == 0)

            let newAliasEmail = "\(newUser.id)@boxdemo.com"
            let newAlias = try await client.emailAliases.createUserEmailAlias(
                userId: newUser.id, requestBody: CreateUserEmailAliasRequestBody(email: newAliasEmail))
            let updatedAliases = try await client.emailAliases.getUserEmailAliases(userId: newUser.id)
            #expect(updatedAliases.totalCount == 1)
            #expect(updatedAliases.entries?.first?.email == newAliasEmail)

            try await client.emailAliases.deleteUserEmailAliasById(userId: newUser.id, emailAliasId: try #require(newAlias.id))
            let finalAliases = try await client.emailAliases.getUserEmailAliases(userId: newUser.id)
            #expect(finalAliases.totalCount == 0)
        }
    }
}
