import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import BoxLikeServer

/// A webhook delivery as a receiver got it: the raw body and the headers.
struct ReceivedDelivery: Sendable {
    var body: [UInt8]
    var headers: HTTPFields

    func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[$0] }
    }

    /// The body with the first byte of `text` in it changed, as a tampering proxy would.
    func tamperedBody(replacing text: String = "FILE") -> [UInt8] {
        var bytes = body
        let needle = Array(text.utf8)
        if let start = (0...(bytes.count - needle.count)).first(where: { Array(bytes[$0..<$0 + needle.count]) == needle }) {
            bytes[start] ^= 0x20
        } else if !bytes.isEmpty {
            bytes[0] ^= 0x01
        }
        return bytes
    }
}

/// Collects deliveries and lets a test await them; can fail the first few on purpose.
actor DeliveryInbox {
    private(set) var deliveries: [ReceivedDelivery] = []
    private var failuresLeft: Int
    private var waiters: [(count: Int, continuation: CheckedContinuation<[ReceivedDelivery], Never>)] = []

    init(failFirst: Int) {
        self.failuresLeft = failFirst
    }

    func receive(_ delivery: ReceivedDelivery) -> HTTPResponse.Status {
        deliveries.append(delivery)
        let ready = waiters.filter { $0.count <= deliveries.count }
        waiters.removeAll { $0.count <= deliveries.count }
        for waiter in ready { waiter.continuation.resume(returning: deliveries) }
        if failuresLeft > 0 {
            failuresLeft -= 1
            return .internalServerError
        }
        return .ok
    }

    /// Waits until at least `count` deliveries arrived.
    func wait(for count: Int) async -> [ReceivedDelivery] {
        if deliveries.count >= count { return deliveries }
        return await withCheckedContinuation { continuation in
            waiters.append((count, continuation))
        }
    }
}

/// The receivers in this process, by address: servers started by ``withServer(_:_:)`` hand
/// their webhook deliveries to them (``BoxLikeServerConfiguration/webhookTransport``) instead
/// of posting over a socket; an address no receiver has gets no answer, as an unreachable
/// host gives none.
enum InProcessWebhookReceivers {
    private static let inboxes = Mutex<[String: DeliveryInbox]>([:])

    static func register(_ inbox: DeliveryInbox) -> String {
        let address = "https://receiver-\(UUID().uuidString.lowercased()).webhooks.test/hooks"
        inboxes.withLock { $0[address] = inbox }
        return address
    }

    static func remove(_ address: String) {
        _ = inboxes.withLock { $0.removeValue(forKey: address) }
    }

    @Sendable static func deliver(_ post: WebhookPost) async -> Int? {
        guard let inbox = inboxes.withLock({ $0[post.address] }) else { return nil }
        var headers = HTTPFields()
        for (name, value) in post.headers {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        return Int(await inbox.receive(ReceivedDelivery(body: post.body, headers: headers)).code)
    }
}

/// A receiver for `body`: in process (no socket) unless `overHTTP` or
/// `BOXLIKE_TEST_SERVER=loopback` asks for a Hummingbird receiver listening on an ephemeral
/// loopback port, where deliveries to its `POST /hooks` land in the inbox.
func withWebhookReceiver<T>(
    failFirst: Int = 0,
    overHTTP: Bool = false,
    _ body: (_ address: String, _ inbox: DeliveryInbox) async throws -> T
) async throws -> T {
    let inbox = DeliveryInbox(failFirst: failFirst)
    if !overHTTP, ProcessInfo.processInfo.environment["BOXLIKE_TEST_SERVER"] != "loopback" {
        let address = InProcessWebhookReceivers.register(inbox)
        defer { InProcessWebhookReceivers.remove(address) }
        return try await body(address, inbox)
    }
    let router = Router()
    router.post("/hooks") { request, _ -> Response in
        let buffer = try await request.body.collect(upTo: 1 << 20)
        let status = await inbox.receive(ReceivedDelivery(body: Array(buffer.readableBytesView), headers: request.headers))
        return Response(status: status)
    }
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let application = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            continuation.yield(channel.localAddress?.port ?? 0)
            continuation.finish()
        },
        logger: {
            var logger = Logger(label: "webhook-receiver")
            logger.logLevel = .critical
            return logger
        }())
    let task = Task { try await application.run() }
    var port = 0
    for await bound in ports {
        port = bound
        break
    }
    do {
        let result = try await body("http://127.0.0.1:\(port)/hooks", inbox)
        task.cancel()
        _ = await task.result
        return result
    } catch {
        task.cancel()
        _ = await task.result
        throw error
    }
}
