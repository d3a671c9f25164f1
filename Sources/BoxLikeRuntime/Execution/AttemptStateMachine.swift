import Foundation
import HTTPTypes

/// Every decision the pipeline makes between attempts of one call, without any I/O: given
/// what the last attempt produced, what to do next.
///
/// The executor sends, reports the outcome with ``next(_:)`` and carries out the returned
/// ``Action`` (sleep, refresh credentials, follow a redirect, return, throw). Keeping the
/// rules here, apart from the network, lets them be tested one by one with scripted outcomes.
///
/// The rules (README, "Errors and retries"):
/// - `407 Proxy Authentication Required` (only a proxy sends it) fails at once as the
///   proxy's refusal: no attempt would carry other proxy credentials.
/// - 2xx succeeds; `202 Accepted` with `Retry-After` means "not ready yet": wait and ask again
///   (up to ``RetryPolicy/maxNotReadyWaits``, not counted as an attempt).
/// - A redirect of a binary download is followed (up to the configured hop count), without
///   credentials, as a fresh idempotent `GET`.
/// - A 401 on a call sent with credentials is replayed once with fresh credentials (not
///   counted as an attempt).
/// - A retryable status (429, 5xx by default) is retried while attempts remain; a request that
///   is not idempotent only when the server guarantees it did nothing (429, or 503 with
///   `Retry-After`). The wait is the server's `Retry-After` (seconds or date, capped) or an
///   exponential backoff.
/// - A transport error is retried while attempts remain when the request is idempotent or
///   the connection was never made.
/// - A request whose body cannot be sent twice is never repeated.
package struct AttemptStateMachine: Sendable {
    /// What an attempt produced.
    package enum Outcome: Sendable, Equatable {
        /// The server answered with this status and these headers.
        case response(status: Int, headers: HTTPFields)
        /// Sending failed before a response arrived.
        case transportFailure(BoxNetworkError.Kind)
    }

    /// What to do next.
    package enum Action: Sendable, Equatable {
        /// Hand the response to the caller.
        case succeed
        /// Wait, then send the same request again.
        case retry(after: Duration)
        /// Wait for a resource that is not ready yet, then ask again.
        case waitUntilReady(Duration)
        /// Ask the credentials for a replacement of the rejected token and send again; when
        /// none can be had, the 401 is the caller's error.
        case replayWithFreshCredentials
        /// Send a credential-free `GET` to this location (relative to the current URL).
        case followRedirect(to: String)
        /// Stop: the response (or the transport failure) is the caller's error.
        case fail
        /// Stop: the call redirected more often than allowed.
        case failTooManyRedirects
        /// Stop: the proxy refused the request's proxy credentials (or their absence).
        case failProxyAuthenticationRequired
    }

    /// How the call behaves, fixed before the first attempt.
    package struct Traits: Sendable, Equatable {
        /// The method may be repeated without changing anything twice.
        package var isIdempotent: Bool
        /// The body (if any) can be sent again.
        package var isReplayable: Bool
        /// The request carries credentials that may be refreshed after a 401.
        package var carriesCredentials: Bool
        /// Redirects are followed (binary downloads).
        package var followsRedirects: Bool
        /// A redirect is the answer the caller wants (a download's URL), not a step to follow.
        package var answersWithRedirect: Bool
        /// The request goes through an HTTP proxy, whose refusal may come as a `401` with a
        /// `Basic` challenge (the API itself only ever asks for bearer tokens).
        package var throughProxy: Bool

        /// Describes a call.
        package init(isIdempotent: Bool, isReplayable: Bool, carriesCredentials: Bool, followsRedirects: Bool,
                     answersWithRedirect: Bool = false, throughProxy: Bool = false) {
            self.isIdempotent = isIdempotent
            self.isReplayable = isReplayable
            self.carriesCredentials = carriesCredentials
            self.followsRedirects = followsRedirects
            self.answersWithRedirect = answersWithRedirect
            self.throughProxy = throughProxy
        }
    }

    /// The retry limits and delays.
    package let policy: RetryPolicy
    /// The most redirects followed.
    package let maxRedirects: Int
    /// The current time, for `Retry-After` dates.
    private let now: @Sendable () -> Date
    /// The call as it is now; after a redirect, a credential-free `GET`.
    package private(set) var traits: Traits
    /// Attempts made at the current location, the first included; waits for a resource
    /// that is not ready and replays after a 401 do not count.
    package private(set) var attempts = 0
    /// Redirects followed so far.
    package private(set) var redirects = 0
    private var notReadyWaits = 0
    private var replayedAfterUnauthorized = false

    /// Creates the decisions for one call.
    package init(traits: Traits, policy: RetryPolicy, maxRedirects: Int,
                 now: @escaping @Sendable () -> Date = { Date() }) {
        self.traits = traits
        self.policy = policy
        self.maxRedirects = maxRedirects
        self.now = now
    }

    /// Records that an attempt is about to be sent.
    package mutating func willSend() {
        attempts += 1
    }

    /// The next step after an attempt ended with `outcome`.
    package mutating func next(_ outcome: Outcome) -> Action {
        switch outcome {
        case .transportFailure(let kind):
            return afterTransportFailure(kind)
        case .response(let status, let headers):
            return afterResponse(status: status, headers: headers)
        }
    }

    private mutating func afterTransportFailure(_ kind: BoxNetworkError.Kind) -> Action {
        // A certificate or a proxy's refusal fails the same way on every attempt.
        if kind == .tls || kind == .proxy { return .fail }
        // A connection that was never made carried nothing, so even a POST may be sent again.
        let nothingSent = kind == .connectionFailed
        guard traits.isIdempotent || nothingSent, attemptsRemain else { return .fail }
        return .retry(after: policy.backoffDelay(forRetry: attempts))
    }

    /// The one place a proxy's refusal is recognized in an answer: `407 Proxy Authentication
    /// Required`, or, through a proxy, a `401` with a `Basic` challenge (tinyproxy answers so);
    /// a refusal of a tunnel (`CONNECT`) arrives as a transport failure of kind `.proxy`.
    private func isProxyChallenge(status: Int, headers: HTTPFields) -> Bool {
        if status == 407 { return true }
        guard traits.throughProxy, status == 401, let challenge = headers[.wwwAuthenticate] else { return false }
        return challenge.lowercased().hasPrefix("basic")
    }

    private mutating func afterResponse(status: Int, headers: HTTPFields) -> Action {
        if isProxyChallenge(status: status, headers: headers) { return .failProxyAuthenticationRequired }
        if status == 202, redirects == 0, let retryAfter = headers[.retryAfter],
           notReadyWaits < policy.maxNotReadyWaits, traits.isReplayable {
            notReadyWaits += 1
            attempts -= 1
            return .waitUntilReady(policy.retryAfterDelay(retryAfter, now: now())
                                   ?? policy.backoffDelay(forRetry: notReadyWaits))
        }
        if (200..<300).contains(status) { return .succeed }
        if traits.answersWithRedirect, Self.redirectStatuses.contains(status), headers[.location] != nil { return .succeed }

        if Self.redirectStatuses.contains(status), traits.followsRedirects, let location = headers[.location] {
            guard redirects < max(1, maxRedirects) else { return .failTooManyRedirects }
            redirects += 1
            attempts = 0
            traits = Traits(isIdempotent: true, isReplayable: true, carriesCredentials: false, followsRedirects: true)
            return .followRedirect(to: location)
        }

        if status == 401, traits.carriesCredentials, !replayedAfterUnauthorized, traits.isReplayable {
            replayedAfterUnauthorized = true
            attempts -= 1
            return .replayWithFreshCredentials
        }

        if policy.retryableStatuses.contains(status), attemptsRemain {
            let retryAfter = headers[.retryAfter]
            // A request that is not idempotent may have been carried out already; only a
            // refusal that guarantees it was not (429, or 503 with Retry-After) is retried.
            let notProcessed = status == 429 || (status == 503 && retryAfter != nil)
            if traits.isIdempotent || notProcessed {
                let delay = retryAfter.flatMap { policy.retryAfterDelay($0, now: now()) }
                    ?? policy.backoffDelay(forRetry: attempts)
                return .retry(after: delay)
            }
        }
        return .fail
    }

    private var attemptsRemain: Bool {
        traits.isReplayable && attempts < policy.maxAttempts
    }

    /// The statuses that send a download elsewhere.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
}
