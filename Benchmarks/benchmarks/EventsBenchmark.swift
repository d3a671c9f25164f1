import BoxLikeSDK
import BoxLikeServer
import Foundation

/// The `events` group:
/// - `event_stream_latency_ms_p50` / `_p99`: from an upload's response to its event being
///   yielded by an ``EventStream`` long-polling the loopback server, over 500 uploads made
///   one after another (an event yielded before the upload's response counts as 0).
/// - `event_stream_lost` / `event_stream_duplicates`: over 10,000 changes, with the realtime
///   server answering `reconnect` every 20 ms and replaced every 3 polls, injected duplicate
///   chunks, injected realtime failures (503, closed connections) and one restart from a
///   checkpoint halfway: changes never yielded, and changes yielded more than once.
/// - `webhook_validate_us`: the median time to validate one signed 2 KB delivery.
enum EventsBenchmark {
    static let latencyChanges = 500
    static let reliabilityChanges = 10_000

    static func run(report: (String, Double) -> Void) async throws {
        try await latency(report: report)
        try await reliability(report: report)
        webhookValidation(report: report)
    }

    // MARK: - Latency

    static func latency(report: (String, Double) -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        configuration.validatesRequests = false
        try await BoxLikeServer.withRunning(configuration) { server in
            let client = try await client(for: server)
            let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "latency", parent: CreateFolderRequestBodyParentField(id: "0")))
            let arrivals = Arrivals()
            let stream = client.events.stream(from: .position(String(await server.currentStreamPosition())))
            let consumer = Task {
                for try await streamed in stream {
                    if case .file(let file)? = streamed.event.source { await arrivals.record(file.id) }
                }
            }
            var latencies: [Double] = []
            for index in 0..<latencyChanges {
                let files = try await client.uploads.uploadFile(.bytes(Array("change \(index)".utf8)), name: "f\(index).txt",
                                                               parentFolderId: folder.id)
                let finished = ContinuousClock.now
                guard let id = files.entries?.first?.id else { continue }
                let yielded = await arrivals.wait(for: id)
                latencies.append(Swift.max(0, milliseconds(yielded - finished)))
            }
            consumer.cancel()
            _ = await consumer.result
            latencies.sort()
            guard !latencies.isEmpty else { return }
            report("event_stream_latency_ms_p50", latencies[latencies.count / 2])
            report("event_stream_latency_ms_p99", latencies[Swift.min(latencies.count - 1, latencies.count * 99 / 100)])
        }
    }

    // MARK: - Reliability

    static func reliability(report: (String, Double) -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        configuration.validatesRequests = false
        configuration.realtimeHoldTime = .milliseconds(20)
        configuration.realtimeMaxRetries = 3
        try await BoxLikeServer.withRunning(configuration) { server in
            let client = try await client(for: server)
            let parent = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "reliability", parent: CreateFolderRequestBodyParentField(id: "0")))
            await server.faults.inject(.duplicateEvents, method: "GET", path: .exact("/2.0/events"), count: 400)
            await server.faults.inject(.status(503), method: "GET", path: .exact("/realtime/subscribe"), count: 5)
            await server.faults.inject(.resetConnection, method: "GET", path: .exact("/realtime/subscribe"), count: 5)
            var streamConfiguration = EventStream.Configuration()
            streamConfiguration.initialBackoff = .milliseconds(5)
            streamConfiguration.maximumBackoff = .milliseconds(100)
            streamConfiguration.maxConsecutiveFailures = 50

            let tally = Tally()
            // Eight writers, each in a folder of its own.
            var workerFolders: [String] = []
            for worker in 0..<8 {
                workerFolders.append(try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                    name: "w\(worker)", parent: CreateFolderRequestBodyParentField(id: parent.id))).id)
            }
            let start = EventStream.StartPosition.position(String(await server.currentStreamPosition()))
            let writers = workerFolders
            let producer = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (worker, folderId) in writers.enumerated() {
                        group.addTask {
                            for index in stride(from: worker, to: reliabilityChanges, by: 8) {
                                let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                                    name: "c\(index)", parent: CreateFolderRequestBodyParentField(id: folderId)))
                                await tally.made(folder.id)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            // The first process: half the changes, then it "crashes" keeping only its checkpoint.
            var checkpoint: EventStreamCheckpoint?
            for try await streamed in client.events.stream(from: start, configuration: streamConfiguration) {
                if case .folder(let folder)? = streamed.event.source { await tally.yielded(folder.id) }
                checkpoint = streamed.checkpoint
                if await tally.yieldedCount >= reliabilityChanges / 2 { break }
            }
            let firstCount = await tally.yieldedCount
            verbose("first process stopped after \(firstCount) changes")
            guard let checkpoint else { throw BenchmarkFailure("no event was yielded") }
            // The restarted process resumes from the checkpoint until every change is seen,
            // or nothing new arrives for 30 seconds.
            let resumed = Task {
                do {
                    for try await streamed in client.events.stream(from: .checkpoint(checkpoint), configuration: streamConfiguration) {
                        if case .folder(let folder)? = streamed.event.source { await tally.yielded(folder.id) }
                        if await tally.yieldedCount >= reliabilityChanges { break }
                    }
                } catch {
                    verbose("the resumed stream ended: \(error)")
                }
            }
            try await producer.value
            let yieldedWhenMade = await tally.yieldedCount
            verbose("all \(reliabilityChanges) changes made; \(yieldedWhenMade) yielded so far")
            while await tally.isComplete(expected: reliabilityChanges) == false, await tally.quietFor < .seconds(30) {
                try await Task.sleep(for: .milliseconds(50))
            }
            let longestGap = await tally.longestGap
            verbose("longest wait between two yields: \(longestGap)")
            resumed.cancel()
            _ = await resumed.result
            let (lost, duplicates) = await tally.result()
            report("event_stream_lost", Double(lost))
            report("event_stream_duplicates", Double(duplicates))
        }
    }

    // MARK: - Webhook validation

    static func webhookValidation(report: (String, Double) -> Void) {
        let primary = "benchmark-primary-signature-key"
        let secondary = "benchmark-secondary-signature-key"
        var body = Array(#"{"type":"webhook_event","trigger":"FILE.UPLOADED","padding":""#.utf8)
        while body.count < 2046 { body.append(UInt8(ascii: "x")) }
        body.append(contentsOf: Array(#""}"#.utf8))
        let timestamp = Date().formatted(.iso8601)
        let headers = [
            "BOX-DELIVERY-ID": UUID().uuidString, "BOX-DELIVERY-TIMESTAMP": timestamp,
            "BOX-SIGNATURE-PRIMARY": BoxLikeServer.webhookSignature(body: body, timestamp: timestamp, key: primary),
            "BOX-SIGNATURE-SECONDARY": BoxLikeServer.webhookSignature(body: body, timestamp: timestamp, key: secondary),
            "BOX-SIGNATURE-VERSION": "1", "BOX-SIGNATURE-ALGORITHM": "HmacSHA256",
        ]
        let validator = WebhookValidator(primaryKey: primary, secondaryKey: secondary)
        var valid = 0
        for _ in 0..<200 where validator.validate(body: body, headers: headers).isValid { valid += 1 }
        var durations: [Double] = []
        for _ in 0..<2000 {
            let started = ContinuousClock.now
            if validator.validate(body: body, headers: headers).isValid { valid += 1 }
            durations.append(milliseconds(ContinuousClock.now - started) * 1000)
        }
        durations.sort()
        if valid != 2200 { FileHandle.standardError.write(Data("webhook validation rejected a valid delivery\n".utf8)) }
        report("webhook_validate_us", durations[durations.count / 2])
    }

    // MARK: - Helpers

    static func client(for server: BoxLikeServer) async throws -> BoxClient {
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        var session = NetworkSession(baseUrls: .singleOrigin(URL(string: server.origin) ?? URL(fileURLWithPath: "/")))
        session.retryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5), maxDelay: .milliseconds(50))
        return BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// Progress on standard error with `BOXLIKE_BENCH_VERBOSE=1`.
func verbose(_ message: @autoclosure () -> String) {
    guard ProcessInfo.processInfo.environment["BOXLIKE_BENCH_VERBOSE"] == "1" else { return }
    FileHandle.standardError.write(Data("note \(message())\n".utf8))
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// When each file's event was yielded, awaited by the uploader.
actor Arrivals {
    private var arrived: [String: ContinuousClock.Instant] = [:]
    private var waiters: [String: CheckedContinuation<ContinuousClock.Instant, Never>] = [:]

    func record(_ id: String) {
        let now = ContinuousClock.now
        if let waiter = waiters.removeValue(forKey: id) {
            waiter.resume(returning: now)
        } else {
            arrived[id] = now
        }
    }

    func wait(for id: String) async -> ContinuousClock.Instant {
        if let instant = arrived.removeValue(forKey: id) { return instant }
        return await withCheckedContinuation { waiters[id] = $0 }
    }
}

/// Changes made and changes yielded, by item id.
actor Tally {
    private var madeIds: Set<String> = []
    private var yields: [String: Int] = [:]
    private var lastYield = ContinuousClock.now

    var yieldedCount: Int { yields.count }
    var quietFor: Duration { ContinuousClock.now - lastYield }

    func made(_ id: String) { madeIds.insert(id) }

    private(set) var longestGap: Duration = .zero

    func yielded(_ id: String) {
        yields[id, default: 0] += 1
        let now = ContinuousClock.now
        if now - lastYield > .seconds(1) { verbose("a gap of \(now - lastYield) before yield \(yields.count)") }
        longestGap = Swift.max(longestGap, now - lastYield)
        lastYield = now
    }

    func isComplete(expected: Int) -> Bool {
        madeIds.count == expected && madeIds.isSubset(of: yields.keys)
    }

    func result() -> (lost: Int, duplicates: Int) {
        let lost = madeIds.filter { yields[$0] == nil }.count
        let duplicates = yields.values.reduce(0) { $0 + Swift.max(0, $1 - 1) }
        return (lost, duplicates)
    }
}
