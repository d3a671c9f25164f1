import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Webhook definitions: create, read, change, list and delete.
@Suite("Webhooks against the server")
struct EndToEndWebhooksTests {
    @Test func aWebhookIsCreatedChangedListedAndDeleted() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("watched")

            let webhook = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                target: WebhookTarget(id: folder.id, type: .folder), address: "https://example.com/hooks/box",
                triggers: [.fileUploaded]))
            #expect(webhook.target?.id == folder.id)
            #expect(try await client.webhooks.getWebhookById(webhookId: webhook.id).address == "https://example.com/hooks/box")

            let updated = try await client.webhooks.updateWebhookById(webhookId: webhook.id, requestBody: UpdateWebhookByIdRequestBody(
                triggers: [.fileUploaded, .fileTrashed]))
            #expect(updated.triggers == [.fileUploaded, .fileTrashed])
            #expect(try await client.webhooks.getWebhooksSequence().collect().map(\.id) == [webhook.id])

            try await client.webhooks.deleteWebhookById(webhookId: webhook.id)

            let error = await #expect(throws: BoxAPIError.self) { try await client.webhooks.getWebhookById(webhookId: webhook.id) }
            #expect(error?.status == 404)
        }
    }
}
