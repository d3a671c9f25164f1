import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `BoxClient`'s `with…` variants and `BaseUrls`, as Box's documentation configures a client.
@Suite("Drop-in: client configuration")
struct ClientConfigurationTests {
    @Test func aClientActsAsAnotherUserThroughItsHeaders() async throws {
        try await withLocalBox { box in
            let appUser = try #require(box.seed.appUsers.first)

            let asUser = box.client.withAsUserHeader(userId: appUser.id)
            let throughExtraHeaders = box.client.withExtraHeaders(extraHeaders: ["As-User": appUser.id])

            #expect(try await asUser.users.getUserMe().id == appUser.id)
            #expect(try await throughExtraHeaders.users.getUserMe().id == appUser.id)
            #expect(try await box.client.users.getUserMe().id == box.seed.adminUser.id)
        }
    }

    @Test func aClientWithOtherBaseUrlsSendsItsCallsThere() async throws {
        try await withLocalBox { box in
            let origin = box.server.originURL.absoluteString
            let elsewhere = BaseUrls(baseUrl: origin + "/elsewhere", uploadUrl: origin + "/elsewhere/api",
                                     oauth2Url: origin + "/elsewhere/oauth2")

            let moved = box.client.withCustomBaseUrls(baseUrls: elsewhere)

            let error = await #expect(throws: BoxAPIError.self) { try await moved.users.getUserMe() }
            #expect(error?.responseInfo.statusCode == 404)
            let me = try await box.client.users.getUserMe()
            #expect(me.id == box.seed.adminUser.id)
        }
    }
}
