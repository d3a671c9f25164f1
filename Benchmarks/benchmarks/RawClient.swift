import AsyncHTTPClient
import NIOCore

/// The client the hand-written sides use: AsyncHTTPClient as it comes (its default
/// configuration, on the process-wide event loops), with one change a careful app making
/// 32 calls at once would make, a connection pool as large as the SDK's (AsyncHTTPClient's
/// default keeps 8 connections per host and queues the other callers).
///
/// It is not the SDK's own client: the settings the SDK chooses for AsyncHTTPClient (no
/// per-request HTTP span when no tracer is bootstrapped, among others) are part of what the
/// ratios compare. `note sdk_vs_raw_on_sdk_client_c32` measures the SDK against the same raw
/// code on the SDK's client, so what the settings buy can be told apart from the rest.
enum RawClient {
    static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
