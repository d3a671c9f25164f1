import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Deleting external users (Box API 2025.0): one result per user, in a `207`.
@Suite("External users against the server")
struct EndToEndExternalUsersTests {
    @Test func aDeleteJobAnswersEachUserWithItsOwnStatus() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let member = server.seed.appUsers[0].id

            let response = try await admin.externalUsers.submitJobToDeleteExternalUsersV2025R0(
                requestBody: ExternalUsersSubmitDeleteJobRequestV2025R0(externalUsers: [
                    UserReferenceV2025R0(id: server.seed.externalUserId), UserReferenceV2025R0(id: member),
                    UserReferenceV2025R0(id: "999999999"),
                ]))

            #expect(response.entries.map(\.userId) == [server.seed.externalUserId, member, "999999999"])
            #expect(response.entries.map(\.status) == [202, 400, 404])
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotDeleteExternalUsers() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.externalUsers.submitJobToDeleteExternalUsersV2025R0(
                    requestBody: ExternalUsersSubmitDeleteJobRequestV2025R0(externalUsers: [UserReferenceV2025R0(id: "1")]))
            }

            #expect(error?.status == 403)
        }
    }
}
