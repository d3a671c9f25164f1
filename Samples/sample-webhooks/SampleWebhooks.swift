// A webhook receiver that verifies each delivery with `WebhookValidator`, and a short demo:
// it registers a webhook on a new folder, uploads a file, shows the verified delivery, then
// replays the same delivery with one byte of the body changed and shows it rejected.
//
//   swift run sample-webhooks              # local server, demo, then exits
//   swift run sample-webhooks --serve      # keep receiving until Ctrl-C
import ArgumentParser
import AsyncHTTPClient
import BoxLikeSDK
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import SampleSupport
import ServiceLifecycle

@main
struct SampleWebhooks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-webhooks",
        abstract: "Receive webhook deliveries, verify their signatures and show a tampered one rejected.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "The app's primary signature key (env BOX_WEBHOOK_PRIMARY_KEY; by default the key of the local server's developer-token app).")
    var primaryKey: String?

    @Option(help: "The secondary signature key (env BOX_WEBHOOK_SECONDARY_KEY).")
    var secondaryKey: String?

    @Option(help: "The port to receive on (0 picks a free one).")
    var port = 0

    @Flag(help: "Keep receiving after the demo until Ctrl-C.")
    var serve = false

    func run() async throws {
        let target = try await connection.resolve()
        let environment = ProcessInfo.processInfo.environment
        // The local server's developer tokens belong to one of its apps; its keys sign the
        // deliveries of the webhooks the demo creates.
        let localKeys = target.localServer?.configuration.app(clientId: nil)?.webhookSignatureKeys
        let primary = primaryKey ?? environment["BOX_WEBHOOK_PRIMARY_KEY"] ?? localKeys?.primary
        let secondary = secondaryKey ?? environment["BOX_WEBHOOK_SECONDARY_KEY"] ?? localKeys?.secondary
        guard primary != nil || secondary != nil else {
            await target.close()
            throw ValidationError("Missing signature keys: pass --primary-key or set BOX_WEBHOOK_PRIMARY_KEY.")
        }
        let validator = WebhookValidator(primaryKey: primary, secondaryKey: secondary)
        print("Validator: \(validator)")

        let received = ReceivedDeliveries()
        let router = Router()
        router.post("/webhooks") { request, _ -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 20)
            let bytes = Array(body.readableBytesView)
            switch validator.validate(body: bytes, headers: request.headers) {
            case .valid(let key):
                let trigger = (try? JSONDecoder().decode(DeliveryPayload.self, from: Data(bytes)))?.trigger ?? "?"
                let deliveryId = HTTPField.Name(WebhookValidator.Header.deliveryId).flatMap { request.headers[$0] } ?? "?"
                print("Verified delivery \(deliveryId): \(trigger) (signed with the \(key) key)")
                await received.add(bytes: bytes, headers: request.headers)
                return .ok
            case .rejected(let reason):
                print("Rejected delivery: \(reason)")
                await received.reject()
                return .badRequest
            }
        }
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        var quiet = Logger(label: "sample-webhooks")
        quiet.logLevel = .warning
        let receiver = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: quiet)

        var services = [ServiceGroupConfiguration.ServiceConfiguration(service: receiver)]
        if let token = target.developerToken {
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token, networkSession: target.networkSession),
                                   networkSession: target.networkSession)
            services.append(.init(
                service: WebhookDemo(client: client, ports: ports, received: received),
                successTerminationBehavior: serve ? .ignore : .gracefullyShutdownGroup))
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigint, .sigterm], logger: quiet))
        do {
            try await group.run()
        } catch {
            await target.close()
            throw error
        }
        print("Stopped cleanly.")
        await target.close()
    }
}

/// The part of a delivery the sample prints.
struct DeliveryPayload: Decodable {
    let trigger: String
}

/// What the receiver accepted, for the demo to wait on and replay.
actor ReceivedDeliveries {
    private var accepted: [(bytes: [UInt8], headers: HTTPFields)] = []
    private(set) var rejected = 0
    private var waiters: [CheckedContinuation<([UInt8], HTTPFields), Never>] = []

    func add(bytes: [UInt8], headers: HTTPFields) {
        accepted.append((bytes, headers))
        for waiter in waiters { waiter.resume(returning: (bytes, headers)) }
        waiters.removeAll()
    }

    func reject() {
        rejected += 1
    }

    /// The first accepted delivery, once there is one.
    func first() async -> ([UInt8], HTTPFields) {
        if let first = accepted.first { return first }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

/// Registers a webhook, makes a change, waits for the verified delivery and replays it tampered.
struct WebhookDemo: Service {
    let client: BoxClient
    let ports: AsyncStream<Int>
    let received: ReceivedDeliveries

    func run() async throws {
        var port = 0
        for await bound in ports {
            port = bound
            break
        }
        let address = "http://127.0.0.1:\(port)/webhooks"
        print("Receiving webhooks at \(address)")
        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "webhooks-demo-\(Int(Date().timeIntervalSince1970))", parent: CreateFolderRequestBodyParentField(id: "0")))
        let webhook = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
            target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.fileUploaded]))
        print("Created webhook \(webhook.id) on folder \(folder.id) for FILE.UPLOADED")
        _ = try await client.uploads.uploadFile(.bytes(Array("hello webhooks".utf8)), name: "hello.txt", parentFolderId: folder.id)

        let (bytes, headers) = await received.first()
        var tampered = bytes
        if let index = tampered.firstIndex(of: UInt8(ascii: "h")) { tampered[index] = UInt8(ascii: "H") }
        print("Replaying the delivery with one byte of the body changed...")
        var request = HTTPClientRequest(url: address)
        request.method = .POST
        for field in headers where field.name.canonicalName.hasPrefix("box-") || field.name == .contentType {
            request.headers.add(name: field.name.rawName, value: field.value)
        }
        request.body = .bytes(ByteBuffer(bytes: tampered))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        print("The receiver answered \(response.status.code) to the tampered delivery.")
        try await client.webhooks.deleteWebhookById(webhookId: webhook.id)
    }
}
