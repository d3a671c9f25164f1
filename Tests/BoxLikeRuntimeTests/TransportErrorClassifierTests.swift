import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOPosix
import NIOSSL
import Testing
@testable import BoxLikeRuntime

/// How the errors AsyncHTTPClient, SwiftNIO and NIOSSL really throw are sorted: the sort
/// decides whether a POST may be sent again (only when no connection was made) and which
/// limit a timeout names.
@Suite("Transport error classification")
struct TransportErrorClassifierTests {
    typealias Failure = TransportErrorClassifier.Failure

    /// One error value and the failure it must be sorted into.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let error: any Error & Sendable
        let expected: Failure
        var testDescription: String { name }
    }


    @Test(arguments: classifierCases)
    func errorValuesAreSortedIntoTheirKind(_ testCase: Case) {
        #expect(TransportErrorClassifier.classify(testCase.error) == testCase.expected)
    }

    @Test func aRefusedConnectionThroughTheDefaultTransportMayBeSentAgain() async throws {
        let port = try await Self.closedLoopbackPort()
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let thrown = await #expect(throws: (any Error).self) {
            _ = try await DefaultTransport.shared.send(HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/"),
                                                       body: nil, baseURL: baseURL, operationID: "refused")
        }
        let error = try #require(thrown)
        #expect(TransportErrorClassifier.classify(error) == Failure(kind: .connectionFailed), "\(error)")
    }

    @Test func aProxyThatCannotBeReachedIsAProxyFailureNotARefusedConnection() {
        let error = ProxyUnreachable(underlying: IOError(errnoCode: ECONNREFUSED, reason: "connect"))
        #expect(TransportErrorClassifier.classify(error) == Failure(kind: .proxy, proxy: .unreachable))
    }

    @Test func anUnknownErrorIsOther() {
        struct Unfamiliar: Error {}
        #expect(TransportErrorClassifier.classify(Unfamiliar()) == Failure(kind: .other))
    }

    /// A loopback port nobody listens on: bound, read and closed again.
    static func closedLoopbackPort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}

/// The errors, each with the failure it must be sorted into.
private let classifierCases: [TransportErrorClassifierTests.Case] = {
    typealias Row = TransportErrorClassifierTests.Case
    typealias Sorted = TransportErrorClassifier.Failure
    return [
        Row(name: "AHC connectTimeout", error: HTTPClientError.connectTimeout,
            expected: Sorted(kind: .timeout, timeout: .connect)),
        Row(name: "AHC readTimeout", error: HTTPClientError.readTimeout,
            expected: Sorted(kind: .timeout, timeout: .readIdle)),
        Row(name: "AHC deadlineExceeded", error: HTTPClientError.deadlineExceeded,
            expected: Sorted(kind: .timeout, timeout: .total)),
        Row(name: "AHC proxyAuthenticationRequired", error: HTTPClientError.proxyAuthenticationRequired,
            expected: Sorted(kind: .proxy, proxy: .authenticationRequired)),
        Row(name: "AHC invalidProxyResponse", error: HTTPClientError.invalidProxyResponse,
            expected: Sorted(kind: .proxy, proxy: .tunnelRefused)),
        Row(name: "AHC remoteConnectionClosed", error: HTTPClientError.remoteConnectionClosed,
            expected: Sorted(kind: .connectionLost)),
        Row(name: "NIO connectTimeout", error: ChannelError.connectTimeout(.seconds(10)),
            expected: Sorted(kind: .timeout, timeout: .connect)),
        Row(name: "NIO ioOnClosedChannel", error: ChannelError.ioOnClosedChannel, expected: Sorted(kind: .connectionLost)),
        Row(name: "NIO eof", error: ChannelError.eof, expected: Sorted(kind: .connectionLost)),
        Row(name: "ECONNREFUSED", error: IOError(errnoCode: ECONNREFUSED, reason: "connect"),
            expected: Sorted(kind: .connectionFailed)),
        Row(name: "ENETUNREACH", error: IOError(errnoCode: ENETUNREACH, reason: "connect"),
            expected: Sorted(kind: .connectionFailed)),
        Row(name: "EHOSTUNREACH", error: IOError(errnoCode: EHOSTUNREACH, reason: "connect"),
            expected: Sorted(kind: .connectionFailed)),
        Row(name: "ECONNRESET", error: IOError(errnoCode: ECONNRESET, reason: "read"), expected: Sorted(kind: .connectionLost)),
        Row(name: "EPIPE", error: IOError(errnoCode: EPIPE, reason: "write"), expected: Sorted(kind: .connectionLost)),
        Row(name: "NIOSSL hostname", error: NIOSSLExtraError.failedToValidateHostname,
            expected: Sorted(kind: .tls, tls: .hostnameMismatch)),
        Row(name: "NIOSSL handshake", error: NIOSSLError.handshakeFailed(.sslError([])),
            expected: Sorted(kind: .tls, tls: .handshakeFailed)),
    ]
}()
