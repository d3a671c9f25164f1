import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore

/// One attempt to deliver a webhook notification, as the server recorded it.
public struct WebhookDeliveryAttempt: Sendable, Equatable {
    /// The attempt's `BOX-DELIVERY-ID` header: new for each attempt, as Box's are.
    public var deliveryId: String
    /// The notification's `id` in the body: the same for every attempt of one notification.
    public var notificationId: String
    /// The webhook that fired.
    public var webhookId: String
    /// The trigger, e.g. `FILE.UPLOADED`.
    public var trigger: String
    /// Where it was posted.
    public var address: String
    /// 1 for the first attempt.
    public var attempt: Int
    /// The receiver's status, `nil` when it did not answer.
    public var status: Int?

    /// Whether the receiver took the notification (a 2xx status).
    public var succeeded: Bool { status.map { (200..<300).contains($0) } ?? false }
}

/// One attempt to post a notification, as a ``BoxLikeServerConfiguration/webhookTransport``
/// gets it: Box's headers (signatures included) and the body, for the webhook's address.
public struct WebhookPost: Sendable {
    /// The webhook's address.
    public var address: String
    /// The request's headers in order (`BOX-DELIVERY-ID`, `BOX-SIGNATURE-PRIMARY`...).
    public var headers: [(name: String, value: String)]
    /// The notification's JSON body.
    public var body: [UInt8]
}

/// A notification waiting to be posted.
struct WebhookDelivery: Sendable {
    /// The body's `id`, kept across attempts.
    var notificationId: String
    var webhookId: String
    var trigger: String
    var address: String
    var body: [UInt8]
    /// The keys of the app that created the webhook.
    var keys: WebhookSignatureKeys
}

/// Posts webhook notifications with Box's headers and signatures, retrying with exponential
/// backoff while the receiver fails.
///
/// Each delivery is signed with the keys of the app that created its webhook. The signature
/// of a key is the base64 HMAC-SHA256, under that key, of the body bytes
/// followed by the bytes of the `BOX-DELIVERY-TIMESTAMP` value.
actor WebhookDeliverer {
    private let configuration: BoxLikeServerConfiguration
    private(set) var attempts: [WebhookDeliveryAttempt] = []

    init(configuration: BoxLikeServerConfiguration) {
        self.configuration = configuration
    }

    /// Starts delivering in the background.
    nonisolated func enqueue(_ delivery: WebhookDelivery) {
        Task { await self.deliver(delivery) }
    }

    /// The base64 HMAC-SHA256 of `body` followed by `timestamp`, under `key`.
    static func signature(body: [UInt8], timestamp: String, key: String) -> String {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: Array(key.utf8)))
        hmac.update(data: body)
        hmac.update(data: Array(timestamp.utf8))
        return Data(hmac.finalize()).base64EncodedString()
    }

    private func deliver(_ delivery: WebhookDelivery) async {
        let maximum = Swift.max(1, configuration.webhookMaxAttempts)
        var delay = configuration.webhookRetryBaseDelay
        for attempt in 1...maximum {
            // Box gives each attempt its own delivery id; the body's id stays the notification's.
            let deliveryId = UUID().uuidString.lowercased()
            let status = await post(delivery, deliveryId: deliveryId)
            attempts.append(WebhookDeliveryAttempt(
                deliveryId: deliveryId, notificationId: delivery.notificationId, webhookId: delivery.webhookId,
                trigger: delivery.trigger, address: delivery.address, attempt: attempt, status: status))
            if let status, (200..<300).contains(status) { return }
            if attempt < maximum {
                try? await Task.sleep(for: delay)
                delay = delay * 2
            }
        }
    }

    private func post(_ delivery: WebhookDelivery, deliveryId: String) async -> Int? {
        let timestamp = Timestamp.string(configuration.clock.now())
        let post = WebhookPost(address: delivery.address, headers: [
            ("Content-Type", "application/json; charset=utf-8"),
            ("BOX-DELIVERY-ID", deliveryId),
            ("BOX-DELIVERY-TIMESTAMP", timestamp),
            ("BOX-SIGNATURE-PRIMARY", Self.signature(body: delivery.body, timestamp: timestamp, key: delivery.keys.primary)),
            ("BOX-SIGNATURE-SECONDARY", Self.signature(body: delivery.body, timestamp: timestamp, key: delivery.keys.secondary)),
            ("BOX-SIGNATURE-VERSION", "1"),
            ("BOX-SIGNATURE-ALGORITHM", "HmacSHA256"),
        ], body: delivery.body)
        if let transport = configuration.webhookTransport { return await transport(post) }
        var request = HTTPClientRequest(url: post.address)
        request.method = .POST
        for (name, value) in post.headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: post.body))
        let (seconds, attoseconds) = configuration.webhookDeliveryTimeout.components
        let timeout = TimeAmount.milliseconds(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: timeout)
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return Int(response.status.code)
        } catch {
            return nil
        }
    }
}

/// Which webhook trigger an event fires, if any.
///
/// `WEBHOOK.DELETED` is not here: it goes to the webhook being deleted, which no longer
/// matches anything (`ServerState.deleteWebhook(_:principal:)`). `FILE.PREVIEWED` never
/// fires: the server has no preview.
enum WebhookTriggers {
    static func trigger(for eventType: String, on type: ItemType) -> String? {
        let item = type == .folder ? "FOLDER" : type == .file ? "FILE" : nil
        switch eventType {
        case "ITEM_PREVIEW": return type == .file ? "FILE.PREVIEWED" : nil
        case EventTypes.purge: return item.map { "\($0).DELETED" }
        case "LOCK_CREATE": return type == .file ? "FILE.LOCKED" : nil
        case "LOCK_DESTROY": return type == .file ? "FILE.UNLOCKED" : nil
        case "COMMENT_CREATE": return "COMMENT.CREATED"
        case EventTypes.commentUpdate: return "COMMENT.UPDATED"
        case "COMMENT_DELETE": return "COMMENT.DELETED"
        case EventTypes.collaborationAccept: return "COLLABORATION.ACCEPTED"
        case EventTypes.collaborationReject: return "COLLABORATION.REJECTED"
        case "ITEM_UPLOAD": return type == .file ? "FILE.UPLOADED" : nil
        case "ITEM_CREATE": return type == .folder ? "FOLDER.CREATED" : nil
        case "ITEM_TRASH": return item.map { "\($0).TRASHED" }
        case "ITEM_UNDELETE_VIA_TRASH": return item.map { "\($0).RESTORED" }
        case "ITEM_MOVE": return item.map { "\($0).MOVED" }
        case "ITEM_RENAME": return item.map { "\($0).RENAMED" }
        case "ITEM_COPY": return item.map { "\($0).COPIED" }
        case "ITEM_DOWNLOAD": return item.map { "\($0).DOWNLOADED" }
        case "COLLAB_ADD_COLLABORATOR", "COLLAB_INVITE_COLLABORATOR": return "COLLABORATION.CREATED"
        case "COLLAB_REMOVE_COLLABORATOR": return "COLLABORATION.REMOVED"
        case "COLLAB_ROLE_CHANGE": return "COLLABORATION.UPDATED"
        case "METADATA_INSTANCE_CREATE": return "METADATA_INSTANCE.CREATED"
        case "METADATA_INSTANCE_UPDATE": return "METADATA_INSTANCE.UPDATED"
        case "METADATA_INSTANCE_DELETE": return "METADATA_INSTANCE.DELETED"
        case "ITEM_SHARED_CREATE": return "SHARED_LINK.CREATED"
        case "ITEM_SHARED_UPDATE": return "SHARED_LINK.UPDATED"
        case "ITEM_SHARED_UNSHARE": return "SHARED_LINK.DELETED"
        default: return nil
        }
    }
}

extension ServerState {
    /// Queues a notification for every webhook on the event's item (or a folder above it)
    /// whose triggers include the event's.
    func dispatchWebhooks(for event: EventRecord) {
        guard !webhooks.isEmpty, let source = event.source else { return }
        guard let trigger = WebhookTriggers.trigger(for: event.eventType, on: source.type) else { return }
        deliver(trigger, of: event, about: source, toWebhooksOn: Set(lineage(of: source)))
    }

    /// Queues `trigger` for every webhook on one of `watched` whose triggers include it, in
    /// webhook id order.
    func deliver(_ trigger: String, of event: EventRecord, about source: ItemRef, toWebhooksOn watched: Set<ItemRef>) {
        for webhook in webhooks.values.sorted(by: { $0.id < $1.id })
        where watched.contains(webhook.target) && webhook.triggers.contains(trigger) {
            deliver(trigger, of: event, about: source, to: webhook)
        }
    }

    /// Queues one signed notification of `event` for `webhook`.
    func deliver(_ trigger: String, of event: EventRecord, about source: ItemRef, to webhook: WebhookRecord) {
        // An app no longer registered has no keys to sign with: its webhooks fall silent.
        guard let app = configuration.app(clientId: webhook.clientId) else { return }
        let notificationId = UUID().uuidString.lowercased()
        // The source is the whole item, as its creator would read it with no `fields`.
        let fields = FieldSelection(requested: nil)
        let item = itemView(source, viewer: webhook.createdBy, fields: fields).map { ItemRepresentation.render($0, fields: fields) }
        let payload: JSONValue = [
            "type": "webhook_event", "id": .string(notificationId), "created_at": Timestamp.json(event.createdAt),
            "trigger": .string(trigger), "webhook": ["id": .string(webhook.id), "type": "webhook"],
            "created_by": userMini(event.createdBy), "source": item ?? mini(source), "additional_info": [],
        ]
        webhookDeliverer.enqueue(WebhookDelivery(
            notificationId: notificationId, webhookId: webhook.id, trigger: trigger, address: webhook.address,
            body: payload.serialized(), keys: app.webhookSignatureKeys))
    }
}
