import AsyncHTTPClient
import BoxLikeSDK
import BoxLikeServer
import Foundation
import HTTPTypes
import OpenAPIRuntime
import NIOCore
import NIOHTTP1

/// `sdk_vs_raw_c1`, `sdk_vs_raw_c32` and `list1000_vs_raw`: the SDK's throughput divided by
/// a hand-written AsyncHTTPClient GET plus `JSONDecoder` into the same model, against the
/// same in-process server, measured in alternating phases of one run (see
/// ``ratio(sdk:raw:concurrency:pairs:phaseSeconds:)``).
enum SDKThroughputBenchmark {
    static func run(report: (String, Double) -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        let server = try await BoxLikeServer.start(configuration)
        defer { Task { await server.stop() } }
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let session = NetworkSession(baseUrls: .singleOrigin(URL(string: server.origin) ?? URL(fileURLWithPath: "/")))
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)

        let meURL = server.apiBaseURL + "/users/me"
        let sdkMe: @Sendable () async throws -> Void = { _ = try await client.users.getUserMe() }
        let rawMe: @Sendable () async throws -> Void = { _ = try await rawGet(meURL, token: token, as: UserFull.self) }
        report("sdk_vs_raw_c1", try await ratio(sdk: sdkMe, raw: rawMe, concurrency: 1))
        report("sdk_vs_raw_c32", try await ratio(sdk: sdkMe, raw: rawMe, concurrency: 32))

        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "bench-1000", parent: CreateFolderRequestBodyParent(id: "0")))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for batch in 0..<10 {
                group.addTask {
                    for index in 0..<100 {
                        _ = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                            name: "item-\(batch)-\(index)", parent: CreateFolderRequestBodyParent(id: folder.id)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let listURL = server.apiBaseURL + "/folders/\(folder.id)/items?limit=1000"
        let sdkList: @Sendable () async throws -> Void = {
            let page = try await client.folders.getFolderItems(folderId: folder.id,
                                                               queryParams: GetFolderItemsQueryParams(limit: 1000))
            guard page.entries.count == 1000 else { throw BenchmarkError.childFailed("listing returned \(page.entries.count) entries") }
        }
        let rawList: @Sendable () async throws -> Void = { _ = try await rawGet(listURL, token: token, as: Items.self) }
        report("list1000_vs_raw", try await ratio(sdk: sdkList, raw: rawList, concurrency: 4))
        await server.stop()
    }

    /// Runs only one side of `sdk_vs_raw` (`sdk` or `raw`) so a profiler sees its cost
    /// alone: `profile-me sdk 32 10`.
    static func profileMe(_ arguments: [String]) async throws {
        let side = arguments.first ?? "sdk"
        let concurrency = arguments.count > 1 ? Int(arguments[1]) ?? 32 : 32
        let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 10 : 10
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        let server = try await BoxLikeServer.start(configuration)
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let session = NetworkSession(baseUrls: .singleOrigin(URL(string: server.origin) ?? URL(fileURLWithPath: "/")))
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
        let meURL = server.apiBaseURL + "/users/me"
        let sdkCall: @Sendable () async throws -> Void = { _ = try await client.users.getUserMe() }
        let rawCall: @Sendable () async throws -> Void = { _ = try await rawGet(meURL, token: token, as: UserFull.self) }
        var call = side == "raw" ? rawCall : sdkCall
        if side == "pipeline" {
            // The SDK's own cost: the same call over a transport that answers at once.
            let body = try await rawBytes(meURL, token: token)
            var cannedSession = session
            cannedSession.transport = CannedTransport(body: body)
            let cannedClient = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: cannedSession)
            call = { _ = try await cannedClient.users.getUserMe() }
        }
        if side == "decode" {
            let bytes = try await rawBytes(meURL, token: token)
            let data = Data(bytes)
            for round in 0..<3 {
                var start = ContinuousClock.now
                for _ in 0..<20_000 { _ = try JSONCoding.decoder.decode(UserFull.self, from: Data(bytes)) }
                let ours = ContinuousClock.now - start
                start = ContinuousClock.now
                for _ in 0..<20_000 {
                    let decoder = JSONDecoder()
                    decoder.dateDecodingStrategy = .iso8601
                    _ = try decoder.decode(UserFull.self, from: data)
                }
                let raw = ContinuousClock.now - start
                print("round \(round) ours µs/decode \(inSeconds(ours) / 20_000 * 1e6) raw \(inSeconds(raw) / 20_000 * 1e6)")
            }
            await server.stop()
            return
        }
        if side == "ceiling" {
            // The transport adapter alone against the raw client, measured like the figures:
            // the most the SDK's ratio can be with the default transport.
            let transport = DefaultTransport.shared
            let base = URL(string: server.apiBaseURL) ?? URL(fileURLWithPath: "/")
            let adapterCall: @Sendable () async throws -> Void = {
                var head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users/me")
                head.headerFields[.authorization] = "Bearer \(token)"
                head.headerFields[.accept] = "application/json"
                let (_, body) = try await transport.send(head, body: nil, baseURL: base, operationID: "getUserMe")
                let bytes = try await [UInt8](collecting: body ?? HTTPBody(), upTo: 64 * 1024 * 1024)
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                _ = try decoder.decode(UserFull.self, from: Data(bytes))
            }
            print("adapter_vs_raw_c\(concurrency) \(try await ratio(sdk: adapterCall, raw: rawCall, concurrency: concurrency))")
            print("sdk_vs_raw_c\(concurrency) \(try await ratio(sdk: sdkCall, raw: rawCall, concurrency: concurrency))")
            await server.stop()
            return
        }
        if side == "adapter" || side == "both-adapter" {
            // The raw request sent through swift-openapi-async-http-client's transport alone.
            let transport = DefaultTransport.shared
            let base = URL(string: server.apiBaseURL) ?? URL(fileURLWithPath: "/")
            let adapterCall: @Sendable () async throws -> Void = {
                var head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users/me")
                head.headerFields[.authorization] = "Bearer \(token)"
                head.headerFields[.accept] = "application/json"
                let (_, body) = try await transport.send(head, body: nil, baseURL: base, operationID: "getUserMe")
                let bytes = try await [UInt8](collecting: body ?? HTTPBody(), upTo: 64 * 1024 * 1024)
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                _ = try decoder.decode(UserFull.self, from: Data(bytes))
            }
            if side == "adapter" { call = adapterCall } else {
                for pair in 0..<6 {
                    for (name, body) in (pair % 2 == 0 ? [("adapter", adapterCall), ("raw", rawCall)] : [("raw", rawCall), ("adapter", adapterCall)]) {
                        let cpuBefore = cpuSeconds()
                        let rate = try await throughput(body, concurrency: concurrency, seconds: seconds)
                        let cpu = cpuSeconds() - cpuBefore
                        print("\(name) calls/s \(Int(rate)) cpu/call µs \(Int(cpu / (rate * seconds) * 1e6))")
                    }
                }
                await server.stop()
                return
            }
        }
        if side == "both" {
            // Alternating phases with the process CPU time of each, to tell cost from waiting.
            for pair in 0..<6 {
                for (name, body) in (pair % 2 == 0 ? [("sdk", sdkCall), ("raw", rawCall)] : [("raw", rawCall), ("sdk", sdkCall)]) {
                    let cpuBefore = cpuSeconds()
                    let rate = try await throughput(body, concurrency: concurrency, seconds: seconds)
                    let cpu = cpuSeconds() - cpuBefore
                    print("\(name) calls/s \(Int(rate)) cpu/call µs \(Int(cpu / (rate * seconds) * 1e6)) cpus \(cpu / seconds)")
                }
            }
        } else {
            let rate = try await throughput(call, concurrency: concurrency, seconds: seconds)
            print("\(side)_calls_per_second \(rate)")
        }
        await server.stop()
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func rawBytes(_ url: String, token: String) async throws -> [UInt8] {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await DefaultTransport.sharedHTTPClient.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Array(buffer: body)
    }

    /// What a careful hand-written client would do: one AsyncHTTPClient GET, the body
    /// collected, decoded with `JSONDecoder`.
    static func rawGet<T: Decodable>(_ url: String, token: String, as type: T.Type) async throws -> T {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await DefaultTransport.sharedHTTPClient.execute(request, timeout: .seconds(30))
        guard response.status == .ok else { throw BenchmarkError.unexpectedStatus(Int(response.status.code)) }
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(buffer: body))
    }

    /// The SDK's throughput divided by the raw client's at `concurrency` callers.
    ///
    /// Phases of SDK calls and raw calls alternate (the first of each pair swapping every
    /// time), each phase `phaseSeconds` long with all callers on one side, and the figure is
    /// the median of the pairs' ratios. Short, many, alternating phases keep the slow drift
    /// of a shared 2-core machine (±10 % between identical one-second runs) out of the
    /// ratio; with all callers on one side a phase measures that side's own cost, which
    /// running both sides at once would average away when the CPU is saturated.
    static func ratio(sdk: @escaping @Sendable () async throws -> Void, raw: @escaping @Sendable () async throws -> Void,
                      concurrency: Int, pairs: Int = 25, phaseSeconds: Double = 0.4) async throws -> Double {
        _ = try await throughput(sdk, concurrency: concurrency, seconds: 1.5)
        _ = try await throughput(raw, concurrency: concurrency, seconds: 1.5)
        var ratios: [Double] = []
        for pair in 0..<pairs {
            let sdkRate: Double
            let rawRate: Double
            if pair % 2 == 0 {
                sdkRate = try await throughput(sdk, concurrency: concurrency, seconds: phaseSeconds)
                rawRate = try await throughput(raw, concurrency: concurrency, seconds: phaseSeconds)
            } else {
                rawRate = try await throughput(raw, concurrency: concurrency, seconds: phaseSeconds)
                sdkRate = try await throughput(sdk, concurrency: concurrency, seconds: phaseSeconds)
            }
            ratios.append(sdkRate / rawRate)
        }
        if ProcessInfo.processInfo.environment["BOXLIKE_BENCH_VERBOSE"] != nil {
            FileHandle.standardError.write(Data("c\(concurrency) pairs: \(ratios.map { String(format: "%.3f", $0) }.joined(separator: " "))\n".utf8))
        }
        return ratios.sorted()[ratios.count / 2]
    }

    static func inSeconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Calls per second with `concurrency` workers calling back to back for `seconds`.
    static func throughput(_ call: @escaping @Sendable () async throws -> Void, concurrency: Int,
                           seconds: Double) async throws -> Double {
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var count = 0
                    while ContinuousClock.now < deadline {
                        try await call()
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        return Double(total) / Self.inSeconds(ContinuousClock.now - start)
    }
}

/// Answers every request with the same JSON body, without any I/O.
struct CannedTransport: ClientTransport {
    let body: [UInt8]

    func send(_ request: HTTPRequest, body requestBody: HTTPBody?, baseURL: URL,
              operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        return (HTTPResponse(status: .ok, headerFields: fields), HTTPBody(body))
    }
}

enum BenchmarkError: Error {
    case unexpectedStatus(Int)
    case childFailed(String)
}
