import AsyncHTTPClient
import BoxLikeServer
import Foundation
import NIOCore

/// Whether one client's expensive requests hold up everyone else: 32 clients call
/// `GET /users/me` in a loop, first alone (`starvation_baseline_p99_ms`), then while one more
/// client sends the worst request of each kind back to back (`starvation_p99_ms`): Box AI over
/// a 2 MB document, 16 distinct large image representations (listed and fetched), a search
/// matching everything, and a zip download of a folder. The goal is a p99 under 100 ms.
enum StarvationBenchmark {
    static let callers = 32
    static let phase: Duration = .seconds(5)

    static func run(report: (String, Double) -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        let server = try await BoxLikeServer.start(configuration)
        do {
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let client = HTTPClient.shared
            let bigFile = try await upload(largeText(), named: "long-report.txt", server: server, token: token, client: client)
            let baseline = try await latencies(of: server, token: token, client: client, attack: nil)
            let attack = Attack(server: server, token: token, client: client, bigFileId: bigFile)
            let loaded = try await latencies(of: server, token: token, client: client, attack: attack)
            report("starvation_baseline_p99_ms", percentile(99, of: baseline))
            report("starvation_p99_ms", percentile(99, of: loaded))
            report("starvation_worst_requests", Double(await attack.count.value))
            report("starvation_worst_refused", Double(await attack.refused.value))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The expensive requests, sent one after another until cancelled.
    struct Attack: Sendable {
        let server: BoxLikeServer
        let token: String
        let client: HTTPClient
        let bigFileId: String
        let count = Counter()
        /// Worst requests the server refused (a figure above 0 means the load was lighter than meant).
        let refused = Counter()

        func run() async {
            let api = server.apiBaseURL
            let hints = (1...16).map { "[png?dimensions=\(1024 + $0)x\(1024 + $0)]" }.joined()
            while !Task.isCancelled {
                _ = try? await send(.post, api + "/ai/ask", json: """
                    {"mode":"single_item_qa","prompt":"What does the report say about revenue in the third quarter?",
                     "items":[{"id":"\(bigFileId)","type":"file"}]}
                    """)
                if let listed = try? await send(.get, api + "/files/\(bigFileId)?fields=representations", headers: ["X-Rep-Hints": hints]),
                   let text = String(data: Data(listed), encoding: .utf8) {
                    for url in contentURLs(in: text).prefix(16) { _ = try? await send(.get, url) }
                }
                _ = try? await send(.get, api + "/search?query=the&limit=200")
                if let zip = try? await send(.post, api + "/zip_downloads", json: """
                    {"items":[{"type":"folder","id":"\(server.seed.adminUser.folderId)"}],"download_file_name":"all"}
                    """), let text = String(data: Data(zip), encoding: .utf8), let url = value(of: "download_url", in: text) {
                    _ = try? await send(.get, url)
                }
                await count.add(4)
            }
        }

        private func send(_ verb: Verb, _ url: String, json: String? = nil, headers: [String: String] = [:]) async throws -> [UInt8] {
            var request = HTTPClientRequest(url: url)
            request.method = verb == .post ? .POST : .GET
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let json {
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(string: json))
            }
            let response = try await client.execute(request, timeout: .seconds(60))
            let body = Array(buffer: try await response.body.collect(upTo: 512 << 20))
            if response.status.code >= 400 { await refused.add(1) }
            return body
        }

        private func contentURLs(in text: String) -> [String] {
            text.components(separatedBy: "\"url_template\":\"").dropFirst().compactMap { rest in
                rest.split(separator: "\"", maxSplits: 1).first.map { $0.replacingOccurrences(of: "\\/", with: "/")
                    .replacingOccurrences(of: "{+asset_path}", with: "1.png") }
            }
        }

        private func value(of key: String, in text: String) -> String? {
            text.components(separatedBy: "\"\(key)\":\"").dropFirst().first?.split(separator: "\"", maxSplits: 1).first
                .map { $0.replacingOccurrences(of: "\\/", with: "/") }
        }
    }

    enum Verb { case get, post }

    actor Counter {
        var value = 0
        func add(_ amount: Int) { value += amount }
    }

    /// Each `GET /users/me` latency of the 32 callers during one phase, in milliseconds.
    static func latencies(of server: BoxLikeServer, token: String, client: HTTPClient, attack: Attack?) async throws -> [Double] {
        let attacker = attack.map { attack in Task { await attack.run() } }
        defer { attacker?.cancel() }
        let deadline = ContinuousClock.now + phase
        let url = server.apiBaseURL + "/users/me"
        return try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<callers {
                group.addTask {
                    var samples: [Double] = []
                    while ContinuousClock.now < deadline {
                        var request = HTTPClientRequest(url: url)
                        request.headers.add(name: "Authorization", value: "Bearer \(token)")
                        let started = ContinuousClock.now
                        let response = try await client.execute(request, timeout: .seconds(30))
                        _ = try await response.body.collect(upTo: 1 << 20)
                        let elapsed = ContinuousClock.now - started
                        samples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                    }
                    return samples
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    static func percentile(_ p: Double, of samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p / 100).rounded(.up)) - 1)]
    }

    /// About 2 MB of sentences, as a long report would have.
    static func largeText() -> [UInt8] {
        var text = ""
        var line = 0
        while text.utf8.count < 2_000_000 {
            line += 1
            text += "In quarter \(line % 4 + 1) the team in region \(line % 17) reported revenue of \(line * 37) thousand and \(line % 9) new customers.\n"
        }
        return Array(text.utf8)
    }

    static func upload(_ bytes: [UInt8], named name: String, server: BoxLikeServer, token: String, client: HTTPClient) async throws -> String {
        let boundary = "starvation-boundary-7d1f"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"attributes\"\r\n\r\n{\"name\":\"\(name)\",\"parent\":{\"id\":\"0\"}}\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: text/plain\r\n\r\n".utf8)
        body += bytes
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        var request = HTTPClientRequest(url: server.uploadBaseURL + "/files/content")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = Data(buffer: try await response.body.collect(upTo: 1 << 20))
        let answer = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any]
        guard response.status == .created, let entries = answer?["entries"] as? [[String: Any]], let id = entries.first?["id"] as? String else {
            throw BenchmarkError.childFailed("upload for the starvation benchmark: \(response.status)")
        }
        return id
    }
}
