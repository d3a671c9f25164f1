import AsyncHTTPClient
import BoxLikeSDK
import BoxLikeServer
import Foundation
import NIOCore
import NIOHTTP1

/// `sdk_vs_raw_c1`, `sdk_vs_raw_c32` and `list1000_vs_raw`: the SDK's throughput divided by
/// a hand-written AsyncHTTPClient GET plus `JSONDecoder` into the same model, against the
/// same in-process server, measured in alternating rounds of one run.
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
        report("sdk_vs_raw_c1", try await ratio(sdk: sdkMe, raw: rawMe, concurrency: 1, seconds: 1.5))
        report("sdk_vs_raw_c32", try await ratio(sdk: sdkMe, raw: rawMe, concurrency: 32, seconds: 1.5))

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
        report("list1000_vs_raw", try await ratio(sdk: sdkList, raw: rawList, concurrency: 4, seconds: 2))
        await server.stop()
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

    /// Alternates SDK and raw rounds (warm-up first) and returns the median of the
    /// per-round throughput ratios.
    static func ratio(sdk: @escaping @Sendable () async throws -> Void, raw: @escaping @Sendable () async throws -> Void,
                      concurrency: Int, seconds: Double) async throws -> Double {
        _ = try await throughput(sdk, concurrency: concurrency, seconds: 0.3)
        _ = try await throughput(raw, concurrency: concurrency, seconds: 0.3)
        var ratios: [Double] = []
        for round in 0..<5 {
            // Swap the order every round so neither side always runs on a warmer machine.
            let sdkRate: Double
            let rawRate: Double
            if round % 2 == 0 {
                sdkRate = try await throughput(sdk, concurrency: concurrency, seconds: seconds / 5)
                rawRate = try await throughput(raw, concurrency: concurrency, seconds: seconds / 5)
            } else {
                rawRate = try await throughput(raw, concurrency: concurrency, seconds: seconds / 5)
                sdkRate = try await throughput(sdk, concurrency: concurrency, seconds: seconds / 5)
            }
            ratios.append(sdkRate / rawRate)
        }
        return ratios.sorted()[ratios.count / 2]
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
        let elapsed = ContinuousClock.now - start
        let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(total) / elapsedSeconds
    }
}

enum BenchmarkError: Error {
    case unexpectedStatus(Int)
    case childFailed(String)
}
