import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Secrets in the request log")
struct RequestLogSecretTests {
    @Test func theSharedLinkPasswordInTheBoxApiHeaderIsMasked() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            _ = try await server.api(
                .GET, "/shared_items", token: token,
                headers: [("BoxApi", "shared_link=https://example.com/s/abc&shared_link_password=hunter2secret")])

            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/shared_items")).first)
            #expect(entry.headers["boxapi"] == "shared_link=https://example.com/s/abc&shared_link_password=***")
        }
    }

    @Test func theRealtimeChannelInTheQueryIsMasked() async throws {
        try await withTestServer { server in
            _ = try await server.send(.GET, server.origin + "/realtime/subscribe?channel=private-channel-42&stream_position=now")

            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/realtime/subscribe")).first)
            #expect(entry.query == "channel=***&stream_position=now")
        }
    }
}
