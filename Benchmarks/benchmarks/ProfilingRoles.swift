import BoxLikeSDK
import CodegenKit
import CodegenTestSupport
import BoxLikeServer
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// `benchmarks profile-me <side> [concurrency] [seconds]`: one kind of `getUserMe` call in a
/// loop against an in-process server, printing calls per second, for a profiler to watch
/// (`perf record -g .build-release/release/benchmarks profile-me sdk 32 8`). Sides:
/// `sdk`, `raw` (hand-written AsyncHTTPClient), `transport` (the default transport alone),
/// `pipeline` (the SDK over a transport that answers at once: the SDK's own cost).
/// `BOXLIKE_PROFILE_CALLS=N` makes exactly N calls one after another instead (for counting
/// instructions per call with callgrind).
enum ProfilingRoles {
    static func profileMe(_ arguments: [String]) async throws {
        let side = arguments.first ?? "sdk"
        let concurrency = arguments.count > 1 ? Int(arguments[1]) ?? 32 : 32
        let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 10 : 10
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        let server = try await BoxLikeServer.start(configuration)
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let origin = URL(string: server.origin) ?? URL(fileURLWithPath: "/")
        let session = NetworkSession(baseUrls: .singleOrigin(origin))
        let meURL = server.apiBaseURL + "/users/me"

        let call: @Sendable () async throws -> Void
        switch side {
        case "sdk":
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            call = { _ = try await client.users.getUserMe() }
        case "raw":
            call = { _ = try await SDKThroughputBenchmark.rawGet(meURL, token: token, as: UserFull.self) }
        case "transport":
            let base = URL(string: server.apiBaseURL) ?? origin
            call = { _ = try await SDKThroughputBenchmark.transportGet(base: base, path: "/users/me", token: token, as: UserFull.self) }
        case "pipeline":
            let body = try await SDKThroughputBenchmark.rawBytes(meURL, token: token)
            var canned = session
            canned.transport = CannedTransport(body: body)
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: canned)
            call = { _ = try await client.users.getUserMe() }
        default:
            await server.stop()
            throw BenchmarkError.childFailed("unknown side '\(side)'; use sdk, raw, transport or pipeline")
        }
        if let calls = ProcessInfo.processInfo.environment["BOXLIKE_PROFILE_CALLS"].flatMap(Int.init) {
            // A fixed number of calls, one after another, for an instruction counter: run it
            // twice with different counts under `valgrind --tool=callgrind` and divide the
            // difference of the totals by the difference of the counts (startup cancels out).
            for _ in 0..<calls { try await call() }
            print("\(side)_calls \(calls)")
        } else {
            let rate = try await SDKThroughputBenchmark.throughput(call, concurrency: concurrency, seconds: seconds)
            print("\(side)_calls_per_second \(rate)")
        }
        await server.stop()
    }
}

extension ProfilingRoles {
    /// `benchmarks profile-codegen [schemas] [runs] [whole]`: generates the real-shape
    /// document with that many component schemas (1,500 by default) `runs` times (10),
    /// printing each run's seconds by stage, for a profiler to watch; with `whole`, through
    /// ``Generator/generate(specText:fileName:fileURL:reservedTypeNames:tuning:)`` as the figures
    /// are measured (no stages), with the mechanisms `BOXLIKE_CODEGEN_TUNING` leaves on.
    static func profileCodegen(_ arguments: [String]) async throws {
        let schemas = arguments.first.flatMap(Int.init) ?? 1500
        let runs = arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10
        let text = SyntheticSpec.realShapeJSON(operations: 300, schemas: schemas)
        if arguments.count > 2, arguments[2] == "whole" {
            // `BOXLIKE_CODEGEN_TUNING=-render-cores` and the like turn a mechanism off.
            let tuningText = ProcessInfo.processInfo.environment["BOXLIKE_CODEGEN_TUNING"] ?? ""
            guard let tuning = GeneratorTuning(parsing: tuningText) else {
                throw BenchmarkError.childFailed("BOXLIKE_CODEGEN_TUNING names -\(GeneratorTuning.names.joined(separator: ", -"))")
            }
            for _ in 0..<runs {
                let start = ContinuousClock.now
                let result = Generator.generate(specText: text, fileName: "profile.json", tuning: tuning)
                let elapsed = CodegenBenchmark.seconds(ContinuousClock.now - start)
                guard let files = result.files else { throw BenchmarkError.childFailed("generation failed") }
                print(String(format: "generate_seconds %.3f (%d files)", elapsed, files.count))
            }
            return
        }
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let loaded = SpecLoader.load(text: text, fileName: "profile.json", validate: false)
            let afterLoad = ContinuousClock.now
            guard let document = loaded.document else { throw BenchmarkError.childFailed("loading failed") }
            let built = ModelBuilder.build(document, extensions: loaded.extensions)
            let afterModel = ContinuousClock.now
            guard let model = built.model else { throw BenchmarkError.childFailed("modelling failed") }
            let files = SwiftRenderer.render(model)
            let end = ContinuousClock.now
            print(String(format: "codegen_seconds %.3f (load %.3f, model %.3f, render %.3f; %d files)",
                         CodegenBenchmark.seconds(end - start), CodegenBenchmark.seconds(afterLoad - start),
                         CodegenBenchmark.seconds(afterModel - afterLoad), CodegenBenchmark.seconds(end - afterModel), files.count))
        }
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
