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
        try await BoxLikeServer.withRunning(configuration) { server in
            try await measure(against: server, report: report)
        }
    }

    static func measure(against server: BoxLikeServer, report: (String, Double) -> Void) async throws {
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let session = NetworkSession(baseUrls: .singleOrigin(URL(string: server.origin) ?? URL(fileURLWithPath: "/")))
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)

        let meURL = server.apiBaseURL + "/users/me"
        let sdkMe: @Sendable () async throws -> Void = { _ = try await client.users.getUserMe() }
        let rawMe: @Sendable () async throws -> Void = { _ = try await rawGet(meURL, token: token, as: UserFull.self) }
        report("sdk_vs_raw_c1", try await ratio(sdk: sdkMe, raw: rawMe, concurrency: 1))
        report("sdk_vs_raw_c32", try await ratio(sdk: sdkMe, raw: rawMe, concurrency: 32))
        // Not a figure: the default transport alone (swift-openapi-async-http-client, no SDK
        // code) against the same raw client, i.e. the most `sdk_vs_raw_c32` can be with it.
        let base = URL(string: server.apiBaseURL) ?? URL(fileURLWithPath: "/")
        let transportMe: @Sendable () async throws -> Void = {
            _ = try await transportGet(base: base, path: "/users/me", token: token, as: UserFull.self)
        }
        print("note transport_only_vs_raw_c32 \(try await ratio(sdk: transportMe, raw: rawMe, concurrency: 32))")
        // Not a figure: the same raw code on the SDK's own AsyncHTTPClient client, so what the
        // SDK's client settings buy shows apart from what its pipeline costs.
        let rawOnSDKClient: @Sendable () async throws -> Void = {
            _ = try await rawGet(meURL, token: token, as: UserFull.self, client: DefaultTransport.sharedHTTPClient)
        }
        print("note sdk_vs_raw_on_sdk_client_c32 \(try await ratio(sdk: sdkMe, raw: rawOnSDKClient, concurrency: 32))")

        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "bench-1000", parent: CreateFolderRequestBodyParentField(id: "0")))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for batch in 0..<10 {
                group.addTask {
                    for index in 0..<100 {
                        _ = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                            name: "item-\(batch)-\(index)", parent: CreateFolderRequestBodyParentField(id: folder.id)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let listURL = server.apiBaseURL + "/folders/\(folder.id)/items?limit=1000"
        let sdkList: @Sendable () async throws -> Void = {
            let page = try await client.folders.getFolderItems(folderId: folder.id,
                                                               queryParams: GetFolderItemsQueryParams(limit: 1000))
            guard page.entries?.count == 1000 else { throw BenchmarkError.childFailed("listing returned \(page.entries?.count ?? 0) entries") }
        }
        let rawList: @Sendable () async throws -> Void = { _ = try await rawGet(listURL, token: token, as: Items.self) }
        report("list1000_vs_raw", try await ratio(sdk: sdkList, raw: rawList, concurrency: 4))

        // Not figures: the runtime's decoder against JSONDecoder (configured as the SDK would
        // configure it) on the same bodies, one thread, no I/O.
        let userBody = try await rawBytes(meURL, token: token)
        let listBody = try await rawBytes(listURL, token: token)
        print("note decode_user_speedup_vs_jsondecoder \(try decodeSpeedup(UserFull.self, userBody))")
        print("note decode_list1000_speedup_vs_jsondecoder \(try decodeSpeedup(Items.self, listBody))")
    }

    /// How many times faster `JSONCoding.decode` decodes `body` than a `JSONDecoder` with the
    /// SDK's date strategy: the median of 9 alternating timings of 0.1 s each.
    static func decodeSpeedup<T: Decodable>(_ type: T.Type, _ body: [UInt8]) throws -> Double {
        let data = Data(body)
        let decoder = JSONCoding.makeDecoder()
        func rate(_ decode: () throws -> Void) throws -> Double {
            let start = ContinuousClock.now
            var count = 0
            while ContinuousClock.now - start < .milliseconds(100) {
                for _ in 0..<10 { try decode() }
                count += 10
            }
            return Double(count) / inSeconds(ContinuousClock.now - start)
        }
        var ratios: [Double] = []
        for _ in 0..<9 {
            let tape = try rate { _ = try JSONCoding.decode(T.self, from: body) }
            let foundation = try rate { _ = try decoder.decode(T.self, from: data) }
            ratios.append(tape / foundation)
        }
        return ratios.sorted()[ratios.count / 2]
    }

    static func rawBytes(_ url: String, token: String) async throws -> [UInt8] {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await RawClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Array(buffer: body)
    }

    /// The raw request sent through the SDK's default transport (swift-openapi-async-http-client
    /// on the shared client) and nothing else of the SDK.
    static func transportGet<T: Decodable>(base: URL, path: String, token: String, as type: T.Type) async throws -> T {
        var head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)
        head.headerFields[.authorization] = "Bearer \(token)"
        head.headerFields[.accept] = "application/json"
        let (response, body) = try await DefaultTransport.shared.send(head, body: nil, baseURL: base, operationID: "get")
        guard response.status == .ok else { throw BenchmarkError.unexpectedStatus(response.status.code) }
        let bytes = try await [UInt8](collecting: body ?? HTTPBody(), upTo: 64 * 1024 * 1024)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(bytes))
    }

    /// What a careful hand-written client would do: one AsyncHTTPClient GET (on
    /// ``RawClient/shared`` unless told otherwise), the body collected, decoded with `JSONDecoder`.
    static func rawGet<T: Decodable>(_ url: String, token: String, as type: T.Type,
                                     client: HTTPClient = RawClient.shared) async throws -> T {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: .seconds(30))
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
    /// `BOXLIKE_BENCH_VERBOSE=1` prints every pair's ratio to standard error.
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

enum BenchmarkError: Error {
    case unexpectedStatus(Int)
    case childFailed(String)
}
