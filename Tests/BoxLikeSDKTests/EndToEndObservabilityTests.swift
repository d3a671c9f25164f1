import BoxLikeSDK
import BoxLikeServer
import Foundation
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

/// Metrics and spans reach the backends a session names, and the trace context reaches the
/// server in the request headers.
@Suite("Metrics and tracing")
struct EndToEndObservabilityTests {
    /// A developer-token client of `server` reporting to `metrics` and `tracer`.
    static func client(of server: BoxLikeServer, metrics: TestMetrics? = nil,
                       tracer: InMemoryTracer? = nil) async throws -> BoxClient {
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        var session = server.networkSession()
        session.metricsFactory = metrics
        session.tracer = tracer
        return BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
    }

    @Test func everyCallIsCountedAndTimedByOperationAndStatus() async throws {
        try await withServer { server in
            let metrics = TestMetrics()
            let client = try await Self.client(of: server, metrics: metrics)

            _ = try await client.users.getUserMe()
            _ = try await client.users.getUserMe()
            await #expect(throws: BoxAPIError.self) { try await client.files.getFileById(fileId: "31337") }

            #expect(metrics.counterTotal(label: "boxlike_requests_total",
                                         dimensions: [("operation", "getUserMe"), ("status", "200")]) == 2)
            #expect(metrics.counterTotal(label: "boxlike_requests_total",
                                         dimensions: [("operation", "getFileById"), ("status", "404")]) == 1)
            let timer = try metrics.expectTimer("boxlike_request_duration_seconds", [("operation", "getUserMe")])
            #expect(timer.values.count == 2)
            #expect(timer.values.allSatisfy { $0 > 0 })
        }
    }

    @Test func aRetriedCallIsCountedOnceWithItsFinalStatus() async throws {
        try await withServer { server in
            let metrics = TestMetrics()
            let client = try await Self.client(of: server, metrics: metrics)
            _ = await server.faults.inject(.status(503), method: "GET", path: .exact("/2.0/users/me"), count: 1)

            _ = try await client.users.getUserMe()

            #expect(metrics.counterTotal(label: "boxlike_requests_total",
                                         dimensions: [("operation", "getUserMe"), ("status", "200")]) == 1)
            #expect(metrics.counterTotal(label: "boxlike_requests_total",
                                         dimensions: [("operation", "getUserMe"), ("status", "503")]) == 0)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 2)
        }
    }

    @Test func eachRequestIsAClientSpanWhoseContextTheServerReceives() async throws {
        try await withServer { server in
            let tracer = InMemoryTracer()
            let client = try await Self.client(of: server, tracer: tracer)

            _ = try await client.users.getUserMe()

            let span = try #require(tracer.finishedSpans.first { $0.operationName == "getUserMe" })
            #expect(span.kind == .client)
            #expect(span.attributes.get("http.request.method") == .string("GET"))
            #expect(span.attributes.get("http.response.status_code") == .int64(200))
            #expect(span.status == nil)
            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).last)
            #expect(entry.headers[InMemoryTracer.traceIDKey] == span.spanContext.traceID)
            #expect(entry.headers[InMemoryTracer.spanIDKey] == span.spanContext.spanID)
        }
    }

    @Test func aFailedCallMarksItsSpanAsAnError() async throws {
        try await withServer { server in
            let tracer = InMemoryTracer()
            let client = try await Self.client(of: server, tracer: tracer)

            await #expect(throws: BoxAPIError.self) { try await client.files.getFileById(fileId: "31337") }

            let span = try #require(tracer.finishedSpans.first { $0.operationName == "getFileById" })
            #expect(span.status?.code == .error)
            #expect(span.attributes.get("http.response.status_code") == .int64(404))
        }
    }

    @Test func aCallInsideAnAppSpanBecomesItsChild() async throws {
        try await withServer { server in
            let tracer = InMemoryTracer()
            let client = try await Self.client(of: server, tracer: tracer)

            try await tracer.withSpan("sync job") { _ in
                _ = try await client.users.getUserMe()
            }

            let parent = try #require(tracer.finishedSpans.first { $0.operationName == "sync job" })
            let child = try #require(tracer.finishedSpans.first { $0.operationName == "getUserMe" })
            #expect(child.spanContext.traceID == parent.spanContext.traceID)
            #expect(child.spanContext.parentSpanID == parent.spanContext.spanID)
        }
    }

    @Test func asyncHTTPClientFillsNoSpanOfItsOwnWhenNoTracerKeepsSpans() {
        // This test process bootstraps no tracer, so the process-wide one is the no-op tracer.
        #expect(InstrumentationSystem.tracer is NoOpTracer)
        #expect(DefaultTransport.clientConfiguration(NetworkTimeouts()).tracing.tracer == nil)
    }

    @Test func aRealTracerStillGetsAsyncHTTPClientsSpans() throws {
        let tracer = InMemoryTracer()
        let kept = try #require(DefaultTransport.httpSpanTracer(tracer))
        kept.startSpan("GET").end()
        #expect(tracer.finishedSpans.map(\.operationName) == ["GET"])
        #expect(DefaultTransport.httpSpanTracer(NoOpTracer()) == nil)
    }
}
