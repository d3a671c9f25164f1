import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.externalUsers`, as Box's documentation uses it.
@Suite("Drop-in: external users")
struct ExternalUsersTests {
    @Test func anExternalUserIsSubmittedForDeletion() async throws {
        try await withLocalBox { box in
            let client = box.client
            let externalUserId = box.seed.externalUserId

            let externalUsersJobDeleteResponse = try await client.externalUsers.submitJobToDeleteExternalUsersV2025R0(
                requestBody: ExternalUsersSubmitDeleteJobRequestV2025R0(externalUsers: [UserReferenceV2025R0(id: externalUserId)]))

            #expect(externalUsersJobDeleteResponse.entries.count == 1)
            #expect(externalUsersJobDeleteResponse.entries[0].status == 202)
        }
    }
}
