import BoxLikeRuntime
import Foundation
import HTTPTypes
import Logging
import Synchronization

/// Asks the token endpoint for a token with a JWT-bearer assertion (RFC 7523), signing a new
/// assertion for every attempt.
///
/// The request pipeline would repeat a request as it was sent, and a repeated assertion
/// carries a `jti` the server has already seen, so the token request is sent with the
/// pipeline's retries off and repeated here instead: the same ``AttemptStateMachine`` decides
/// whether and when (a 429 or a connection never made, as the session's ``RetryPolicy``
/// allows), and each repetition is signed anew.
///
/// A server that rejects the assertion's `exp` (`invalid_grant` naming `exp`) usually has a
/// clock that disagrees with ours: the assertion is signed once more with the time of the
/// server's `Date` header, and that correction is kept for later assertions.
final class JWTGrant: Sendable, CustomReflectable {
    let clientId: String
    let clientSecret: String
    let keyId: String
    let algorithm: JWTAlgorithm
    let subject: JWTSubject
    let key: JWTSigningKey
    private let logger: Logger?
    /// Seconds to add to the local clock: the server's time minus ours, as last measured.
    private let clockOffset = Mutex<TimeInterval>(0)

    init(config: JWTConfig, subject: JWTSubject, key: JWTSigningKey, logger: Logger?) {
        self.clientId = config.clientId
        self.clientSecret = config.clientSecret
        self.keyId = config.jwtKeyId
        self.algorithm = config.algorithm
        self.subject = subject
        self.key = key
        self.logger = logger
    }

    /// The token URL, the `aud` of every assertion.
    static func audience(_ networkSession: NetworkSession) -> String {
        networkSession.baseUrls.oauth2Url.appendingPathComponent("oauth2").appendingPathComponent("token").absoluteString
    }

    /// A new assertion for `networkSession`'s token endpoint, counting from `now`.
    func assertion(networkSession: NetworkSession, now: Date) throws -> JWTAssertion {
        try JWTAssertion(clientId: clientId, subject: subject, audience: Self.audience(networkSession), keyId: keyId,
                         algorithm: algorithm, key: key, now: now)
    }

    /// A token for the subject, after as many attempts as the session's retry policy allows.
    func requestToken(networkSession: NetworkSession) async throws -> AccessToken {
        let clock = networkSession.configuration.clock
        let logger = logger ?? networkSession.logger
        var singleAttempt = networkSession
        singleAttempt.retryPolicy = .none
        var machine = AttemptStateMachine(
            traits: .init(isIdempotent: false, isReplayable: true, carriesCredentials: false, followsRedirects: false),
            policy: networkSession.retryPolicy, maxRedirects: 0, now: clock.now)
        var correctedClock = false
        while true {
            try Task.checkCancellation()
            machine.willSend()
            let now = clock.now().addingTimeInterval(clockOffset.withLock { $0 })
            let assertion = try assertion(networkSession: networkSession, now: now)
            let form = PostOAuth2Token(grantType: .urnIetfParamsOauthGrantTypeJwtBearer, clientId: clientId,
                                       clientSecret: clientSecret, assertion: assertion.compact)
            do {
                return try await TokenEndpoint.requestToken(form, networkSession: singleAttempt)
            } catch let error as BoxAPIError {
                if !correctedClock, Self.rejectsExpiry(error),
                   let serverTime = error.responseHeaders["date"].flatMap(HTTPDate.parse) {
                    correctedClock = true
                    let offset = serverTime.timeIntervalSince(clock.now())
                    clockOffset.withLock { $0 = offset }
                    logger.notice("the server rejected the assertion's expiry; signing again with the server's clock",
                                  metadata: ["clock_offset_s": "\(Int(offset.rounded()))"])
                    continue
                }
                var headers = HTTPFields()
                for (name, value) in error.responseHeaders {
                    if let fieldName = HTTPField.Name(name) { headers[fieldName] = value }
                }
                guard case .retry(let delay) = machine.next(.response(status: error.status, headers: headers)) else {
                    throw error
                }
                logger.notice("token request refused; retrying with a new assertion", metadata: [
                    "status": "\(error.status)", "attempt": "\(machine.attempts)", "delay": "\(delay)",
                ])
                try await clock.sleep(delay)
            } catch let error as BoxNetworkError {
                guard case .retry(let delay) = machine.next(.transportFailure(error.kind)) else { throw error }
                logger.notice("token request failed; retrying with a new assertion", metadata: [
                    "kind": "\(error.kind)", "attempt": "\(machine.attempts)", "delay": "\(delay)",
                ])
                try await clock.sleep(delay)
            }
        }
    }

    /// What `dump` shows: no secret, no key.
    var customMirror: Mirror {
        Mirror(self, children: ["clientId": clientId, "keyId": keyId, "algorithm": algorithm, "subject": subject,
                                "key": key], displayStyle: .class)
    }

    /// Whether the server refused the assertion for its `exp` claim (a clock disagreement).
    static func rejectsExpiry(_ error: BoxAPIError) -> Bool {
        error.status == 400 && error.code == "invalid_grant"
            && (error.message?.range(of: "'exp'", options: .caseInsensitive) != nil
                || error.message?.range(of: "exp claim", options: .caseInsensitive) != nil)
    }
}
