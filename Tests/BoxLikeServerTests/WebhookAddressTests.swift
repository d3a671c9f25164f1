import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Webhook addresses")
struct WebhookAddressTests {
    @Test func updatingAWebhookToAnAddressThatIsNotHTTPIsRefusedAsCreatingIs() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let created = try await server.api(.POST, "/webhooks", token: token, json: [
                "target": ["type": "folder", "id": .string(admin.folderId)], "address": "https://hooks.example.com/box",
                "triggers": ["FILE.UPLOADED"],
            ])
            let id = try #require(created.json?["id"]?.stringValue)

            let updated = try await server.api(.PUT, "/webhooks/\(id)", token: token, json: ["address": "file:///etc/passwd"])

            #expect(updated.status == 400)
            #expect(try await server.api(.GET, "/webhooks/\(id)", token: token).json?["address"] == "https://hooks.example.com/box")
        }
    }
}
