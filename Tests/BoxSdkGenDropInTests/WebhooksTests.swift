import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.webhooks`, as Box's documentation uses it.
@Suite("Drop-in: webhooks")
struct WebhooksTests {
    @Test func aWebhookIsCreatedReadUpdatedListedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Watched")

            let webhook = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                target: CreateWebhookRequestBodyTargetField(id: folder.id, type: CreateWebhookRequestBodyTargetTypeField.folder),
                address: "https://example.com/new-webhook", triggers: [CreateWebhookRequestBodyTriggersField.fileUploaded]))
            #expect(webhook.target?.id == folder.id)
            let webhookId = try #require(webhook.id)

            let read = try await client.webhooks.getWebhookById(webhookId: webhookId)
            #expect(read.address == "https://example.com/new-webhook")

            let updated = try await client.webhooks.updateWebhookById(
                webhookId: webhookId, requestBody: UpdateWebhookByIdRequestBody(address: "https://example.com/updated-webhook"))
            #expect(updated.address == "https://example.com/updated-webhook")

            let webhooks = try await client.webhooks.getWebhooks()
            #expect(webhooks.entries?.map(\.id) == [webhookId])
            let firstPage = try await client.webhooks.getWebhooks(queryParams: GetWebhooksQueryParams(limit: 1))
            #expect(firstPage.entries?.count == 1)

            try await client.webhooks.deleteWebhookById(webhookId: webhookId)
            let error = await #expect(throws: BoxAPIError.self) { try await client.webhooks.getWebhookById(webhookId: webhookId) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aWebhookOnAFileFiresOnTheChosenTriggers() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "watched.txt")

            let webhook = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                target: CreateWebhookRequestBodyTargetField(id: file.id, type: .file),
                address: "https://example.com/file-hook", triggers: [.fileDownloaded, .filePreviewed]))

            let updated = try await client.webhooks.updateWebhookById(
                webhookId: try #require(webhook.id), requestBody: UpdateWebhookByIdRequestBody(triggers: [.fileTrashed]))
            #expect(updated.triggers == [.fileTrashed])
            #expect(updated.target?.type == .file)
        }
    }
}
