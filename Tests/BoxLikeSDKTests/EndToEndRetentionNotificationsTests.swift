import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The notices sent when a retention ends: to the file's owner when the policy has
/// `are_owners_notified`, and to its `custom_notification_recipients`.
extension EndToEndRetentionTests {
    @Test func theOwnerAndTheCustomRecipientsAreNotifiedWhenARetentionEnds() async throws {
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(on: clock) { server in
            let (admin, _) = try await server.developerTokenClient()
            let alice = server.seed.appUsers[0]
            let bob = server.seed.appUsers[1]
            let (asAlice, _) = try await server.developerTokenClient(userId: alice.id)
            let folder = try await asAlice.makeFolder("records")
            let policy = try await admin.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
                policyName: "Notified \(UUID().uuidString.prefix(8))", policyType: .finite, dispositionAction: .removeRetention,
                retentionLength: .value(.double(30)), retentionType: .modifiable, areOwnersNotified: true,
                customNotificationRecipients: [UserMini(id: bob.id, type: .user)]))
            _ = try await assign(admin, policy, toFolder: folder.id)
            let file = try await asAlice.makeFile("ledger.csv", text: "1,2,3", in: folder.id)
            await clock.advance(by: Self.day)
            let early = await server.retentionNotifications()

            await clock.advance(by: Self.day * 30)
            let notified = await server.retentionNotifications()

            #expect(early.isEmpty)
            #expect(notified.map(\.recipientId) == [alice.id, bob.id])
            #expect(notified.allSatisfy { $0.fileId == file.id && $0.policyId == policy.id && $0.dispositionAction == "remove_retention" })
        }
    }

    @Test func noOneIsNotifiedWhenThePolicyAsksForNoNotice() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("quiet")
            let policy = try await admin.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
                policyName: "Quiet \(UUID().uuidString.prefix(8))", policyType: .finite, dispositionAction: .removeRetention,
                retentionLength: .value(.double(1)), retentionType: .modifiable, areOwnersNotified: false))
            _ = try await assign(admin, policy, toFolder: folder.id)
            _ = try await admin.makeFile("note.txt", text: "x", in: folder.id)
            _ = try await admin.fileVersionRetentions.getFileVersionRetentions()

            await clock.advance(by: Self.day * 2)

            #expect(await server.retentionNotifications().isEmpty)
        }
    }
}
