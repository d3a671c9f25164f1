import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.collaborationAllowlistEntries` and `client.collaborationAllowlistExemptTargets`, as
/// Box's documentation uses them.
@Suite("Drop-in: collaboration allowlist")
struct CollaborationAllowlistTests {
    @Test func anAllowedDomainIsAddedListedReadAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let domain = "\(UUID().uuidString.lowercased().prefix(8)).example.com"

            let newEntry = try await client.collaborationAllowlistEntries.createCollaborationWhitelistEntry(
                requestBody: CreateCollaborationWhitelistEntryRequestBody(
                    domain: domain, direction: CreateCollaborationWhitelistEntryRequestBodyDirectionField.inbound))
            #expect(newEntry.domain == domain)
            #expect(newEntry.direction?.rawValue == "inbound")

            let allowlist = try await client.collaborationAllowlistEntries.getCollaborationWhitelistEntries()
            #expect(allowlist.entries?.count == 1)
            let entryId = try #require(newEntry.id)
            let entry = try await client.collaborationAllowlistEntries.getCollaborationWhitelistEntryById(collaborationWhitelistEntryId: entryId)
            #expect(entry.id == newEntry.id)
            #expect(entry.domain == domain)

            try await client.collaborationAllowlistEntries.deleteCollaborationWhitelistEntryById(collaborationWhitelistEntryId: entryId)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.collaborationAllowlistEntries.getCollaborationWhitelistEntryById(collaborationWhitelistEntryId: entryId)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func anExemptUserIsAddedListedReadAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let user = try await client.users.createUser(
                requestBody: CreateUserRequestBody(name: "Exempt", login: "\(UUID().uuidString)@boxdemo.com"))

            let newTarget = try await client.collaborationAllowlistExemptTargets.createCollaborationWhitelistExemptTarget(
                requestBody: CreateCollaborationWhitelistExemptTargetRequestBody(user: CreateCollaborationWhitelistExemptTargetRequestBodyUserField(id: user.id)))
            #expect(newTarget.user?.id == user.id)

            let exemptTargets = try await client.collaborationAllowlistExemptTargets.getCollaborationWhitelistExemptTargets()
            #expect(exemptTargets.entries?.count == 1)
            let targetId = try #require(newTarget.id)
            let target = try await client.collaborationAllowlistExemptTargets.getCollaborationWhitelistExemptTargetById(
                collaborationWhitelistExemptTargetId: targetId)
            #expect(target.id == newTarget.id)
            #expect(target.user?.id == user.id)

            try await client.collaborationAllowlistExemptTargets.deleteCollaborationWhitelistExemptTargetById(
                collaborationWhitelistExemptTargetId: targetId)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.collaborationAllowlistExemptTargets.getCollaborationWhitelistExemptTargetById(
                    collaborationWhitelistExemptTargetId: targetId)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
