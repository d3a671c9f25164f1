import BoxLikeSDK
import HTTPTypes
import Hummingbird
import Logging

/// A webhook delivery as the demo's receiver got it, with the validator's verdict.
struct ReceivedWebhook: Sendable {
    let body: [UInt8]
    let headers: HTTPFields
    let result: WebhookValidationResult
}

/// The demo's webhook receiver: a Hummingbird app on a free loopback port that checks every
/// delivery with a `WebhookValidator` and answers 200 (verified) or 400 (rejected).
struct DemoWebhookReceiver {
    let validator: WebhookValidator

    /// Runs the receiver for `body`, which gets the address to register and the deliveries
    /// as they arrive; the receiver stops when `body` returns or throws.
    func run<T: Sendable>(
        _ body: @escaping @Sendable (_ address: String, _ deliveries: AsyncStream<ReceivedWebhook>) async throws -> T
    ) async throws -> T {
        let (deliveries, deliveryContinuation) = AsyncStream<ReceivedWebhook>.makeStream()
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let validator = self.validator
        let router = Router()
        router.post("/webhooks") { request, _ -> HTTPResponse.Status in
            let bytes = Array(try await request.body.collect(upTo: 1 << 20).readableBytesView)
            let result = validator.validate(body: bytes, headers: request.headers)
            deliveryContinuation.yield(ReceivedWebhook(body: bytes, headers: request.headers, result: result))
            return result.isValid ? .ok : .badRequest
        }
        var quiet = Logger(label: "demo-webhooks")
        quiet.logLevel = .critical
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: quiet)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                // A receiver that cannot start ends the wait for its port.
                defer { portContinuation.finish() }
                try await application.run()
                return nil
            }
            defer {
                deliveryContinuation.finish()
                group.cancelAll()
            }
            var port = 0
            for await bound in ports {
                port = bound
                break
            }
            guard port > 0 else { throw DemoError("the webhook receiver could not listen") }
            return try await body("http://127.0.0.1:\(port)/webhooks", deliveries)
        }
    }
}
