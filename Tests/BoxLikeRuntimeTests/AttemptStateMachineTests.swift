import Foundation
import HTTPTypes
import Testing
@testable import BoxLikeRuntime

/// Every retry, replay and redirect rule of README's "Errors and retries", one outcome at a
/// time, with no network and no waiting.
@Suite("Attempt decisions")
struct AttemptStateMachineTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), factor: 2,
                                    maxDelay: .seconds(5), maxRetryAfter: .seconds(60), jitter: false,
                                    maxNotReadyWaits: 2)

    static func machine(idempotent: Bool = true, replayable: Bool = true, credentials: Bool = true,
                        redirects: Bool = false, maxRedirects: Int = 2) -> AttemptStateMachine {
        AttemptStateMachine(
            traits: .init(isIdempotent: idempotent, isReplayable: replayable, carriesCredentials: credentials,
                          followsRedirects: redirects),
            policy: policy, maxRedirects: maxRedirects, now: { now })
    }

    /// Sends an attempt and reports `status` with `headers`.
    static func answer(_ machine: inout AttemptStateMachine, _ status: Int,
                       _ headers: [HTTPField.Name: String] = [:]) -> AttemptStateMachine.Action {
        machine.willSend()
        var fields = HTTPFields()
        for (name, value) in headers { fields[name] = value }
        return machine.next(.response(status: status, headers: fields))
    }

    static func fail(_ machine: inout AttemptStateMachine, _ kind: BoxNetworkError.Kind) -> AttemptStateMachine.Action {
        machine.willSend()
        return machine.next(.transportFailure(kind))
    }

    @Test(arguments: [200, 201, 204, 206])
    func aSuccessStatusSucceeds(status: Int) {
        var machine = Self.machine()
        #expect(Self.answer(&machine, status) == .succeed)
    }

    @Test(arguments: [429, 500, 502, 503, 504])
    func retryableStatusesAreRetriedWithExponentialBackoff(status: Int) {
        var machine = Self.machine()
        #expect(Self.answer(&machine, status) == .retry(after: .milliseconds(100)))
        #expect(Self.answer(&machine, status) == .retry(after: .milliseconds(200)))
        #expect(Self.answer(&machine, status) == .fail)
        #expect(machine.attempts == 3)
    }

    @Test(arguments: [400, 403, 404, 409, 412, 501])
    func otherErrorsAreNotRetried(status: Int) {
        var machine = Self.machine()
        #expect(Self.answer(&machine, status) == .fail)
    }

    @Test func retryAfterSecondsReplacesTheBackoff() {
        var machine = Self.machine()
        #expect(Self.answer(&machine, 503, [.retryAfter: "7"]) == .retry(after: .seconds(7)))
    }

    @Test func retryAfterAsAnHTTPDateIsCountedFromNow() {
        var machine = Self.machine()
        let date = HTTPDate.format(Self.now.addingTimeInterval(12))
        #expect(Self.answer(&machine, 429, [.retryAfter: date]) == .retry(after: .seconds(12)))
    }

    @Test func retryAfterIsCappedByThePolicy() {
        var machine = Self.machine()
        #expect(Self.answer(&machine, 429, [.retryAfter: "86400"]) == .retry(after: .seconds(60)))
    }

    @Test func anUnreadableRetryAfterFallsBackToBackoff() {
        var machine = Self.machine()
        #expect(Self.answer(&machine, 429, [.retryAfter: "later"]) == .retry(after: .milliseconds(100)))
    }

    @Test func aRequestThatMayHaveBeenCarriedOutIsNotRetriedAfterA5xx() {
        for status in [500, 502, 504] {
            var machine = Self.machine(idempotent: false)
            #expect(Self.answer(&machine, status) == .fail)
        }
        var machine = Self.machine(idempotent: false)
        #expect(Self.answer(&machine, 503) == .fail, "503 without Retry-After may have been processed")
    }

    @Test func aRequestThatMayHaveBeenCarriedOutIsRetriedWhenTheServerSaysItWasNot() {
        var afterTooMany = Self.machine(idempotent: false)
        #expect(Self.answer(&afterTooMany, 429) == .retry(after: .milliseconds(100)))
        var afterUnavailable = Self.machine(idempotent: false)
        #expect(Self.answer(&afterUnavailable, 503, [.retryAfter: "1"]) == .retry(after: .seconds(1)))
    }

    @Test func aBodyThatCannotBeSentTwiceIsNeverRetried() {
        var machine = Self.machine(replayable: false)
        #expect(Self.answer(&machine, 429) == .fail)
        var failed = Self.machine(replayable: false)
        #expect(Self.fail(&failed, .connectionFailed) == .fail)
    }

    @Test func transportFailuresOfIdempotentRequestsAreRetried() {
        for kind in [BoxNetworkError.Kind.connectionFailed, .connectionLost, .timeout, .other] {
            var machine = Self.machine()
            #expect(Self.fail(&machine, kind) == .retry(after: .milliseconds(100)))
            #expect(Self.fail(&machine, kind) == .retry(after: .milliseconds(200)))
            #expect(Self.fail(&machine, kind) == .fail)
        }
    }

    @Test func aRefusedConnectionIsRetriedEvenForAPostBecauseNothingWasSent() {
        var machine = Self.machine(idempotent: false)
        #expect(Self.fail(&machine, .connectionFailed) == .retry(after: .milliseconds(100)))
        var lost = Self.machine(idempotent: false)
        #expect(Self.fail(&lost, .connectionLost) == .fail, "a lost connection may have carried the request")
    }

    @Test func a401IsReplayedOnceWithFreshCredentialsWithoutUsingAnAttempt() {
        var machine = Self.machine()
        #expect(Self.answer(&machine, 401) == .replayWithFreshCredentials)
        #expect(machine.attempts == 0)
        #expect(Self.answer(&machine, 401) == .fail, "a second 401 is reported, not looped")
    }

    @Test func a401WithoutCredentialsOrWithABodyThatCannotBeResentIsReported() {
        var anonymous = Self.machine(credentials: false)
        #expect(Self.answer(&anonymous, 401) == .fail)
        var oneShot = Self.machine(replayable: false)
        #expect(Self.answer(&oneShot, 401) == .fail)
    }

    @Test func notReadyYetIsWaitedForWithoutUsingAttempts() {
        var machine = Self.machine()
        #expect(Self.answer(&machine, 202, [.retryAfter: "3"]) == .waitUntilReady(.seconds(3)))
        #expect(Self.answer(&machine, 202, [.retryAfter: "3"]) == .waitUntilReady(.seconds(3)))
        #expect(machine.attempts == 0)
        #expect(Self.answer(&machine, 202, [.retryAfter: "3"]) == .succeed, "past maxNotReadyWaits the 202 is the answer")
    }

    @Test func a202WithoutRetryAfterIsASuccess() {
        var machine = Self.machine()
        #expect(Self.answer(&machine, 202) == .succeed)
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aDownloadFollowsRedirectsAsACredentialFreeIdempotentGet(status: Int) {
        var machine = Self.machine(idempotent: false, replayable: true, redirects: true)
        #expect(Self.answer(&machine, status, [.location: "https://dl.example/x"]) == .followRedirect(to: "https://dl.example/x"))
        #expect(machine.traits == .init(isIdempotent: true, isReplayable: true, carriesCredentials: false,
                                        followsRedirects: true))
        #expect(machine.attempts == 0, "each location has its own attempts")
        #expect(Self.answer(&machine, 401) == .fail, "credentials are never sent after a redirect")
    }

    @Test func redirectedRequestsAreRetriedOnTheirOwnBudget() {
        var machine = Self.machine(redirects: true)
        _ = Self.answer(&machine, 500)
        _ = Self.answer(&machine, 500)
        #expect(Self.answer(&machine, 302, [.location: "/next"]) == .followRedirect(to: "/next"))
        #expect(Self.answer(&machine, 503) == .retry(after: .milliseconds(100)))
        #expect(Self.answer(&machine, 200) == .succeed)
    }

    @Test func redirectsStopAtTheLimit() {
        var machine = Self.machine(redirects: true, maxRedirects: 2)
        #expect(Self.answer(&machine, 302, [.location: "/a"]) == .followRedirect(to: "/a"))
        #expect(Self.answer(&machine, 302, [.location: "/b"]) == .followRedirect(to: "/b"))
        #expect(Self.answer(&machine, 302, [.location: "/c"]) == .failTooManyRedirects)
    }

    @Test func redirectsAreNotFollowedForJSONCallsOrWithoutALocation() {
        var json = Self.machine(redirects: false)
        #expect(Self.answer(&json, 302, [.location: "/a"]) == .fail)
        var noLocation = Self.machine(redirects: true)
        #expect(Self.answer(&noLocation, 302) == .fail)
    }

    @Test func aCallThatAsksForTheLocationTakesTheRedirectAsItsAnswer() {
        var machine = AttemptStateMachine(
            traits: .init(isIdempotent: true, isReplayable: true, carriesCredentials: true, followsRedirects: false,
                          answersWithRedirect: true),
            policy: Self.policy, maxRedirects: 2, now: { Self.now })
        #expect(Self.answer(&machine, 302, [.location: "https://dl.example.com/a"]) == .succeed)
        var withoutLocation = AttemptStateMachine(
            traits: .init(isIdempotent: true, isReplayable: true, carriesCredentials: true, followsRedirects: false,
                          answersWithRedirect: true),
            policy: Self.policy, maxRedirects: 2, now: { Self.now })
        #expect(Self.answer(&withoutLocation, 302) == .fail)
    }

    @Test func aProxyAuthenticationChallengeFailsAtOnceEvenForAnIdempotentRequest() {
        var machine = Self.machine(idempotent: true)
        #expect(Self.answer(&machine, 407) == .failProxyAuthenticationRequired)
        #expect(machine.attempts == 1)
    }

    @Test func aProxyAuthenticationChallengeIsNotMistakenForARedirectOrA401() {
        var machine = Self.machine(credentials: true, redirects: true)
        #expect(Self.answer(&machine, 407, [.location: "/elsewhere", .retryAfter: "1"]) == .failProxyAuthenticationRequired)
    }

    @Test func aBasicChallengeThroughAProxyIsTheProxysRefusal() {
        var machine = AttemptStateMachine(
            traits: .init(isIdempotent: true, isReplayable: true, carriesCredentials: true, followsRedirects: false,
                          throughProxy: true),
            policy: Self.policy, maxRedirects: 2, now: { Self.now })
        #expect(Self.answer(&machine, 401, [.wwwAuthenticate: "Basic realm=\"proxy\""]) == .failProxyAuthenticationRequired)
    }

    @Test func aBasicChallengeWithoutAProxyIsAnAnswerOfTheAPI() {
        var machine = Self.machine(credentials: true)
        #expect(Self.answer(&machine, 401, [.wwwAuthenticate: "Basic realm=\"api\""]) != .failProxyAuthenticationRequired)
    }

    @Test func aBearerChallengeThroughAProxyIsTheAPIs() {
        var machine = AttemptStateMachine(
            traits: .init(isIdempotent: true, isReplayable: true, carriesCredentials: true, followsRedirects: false,
                          throughProxy: true),
            policy: Self.policy, maxRedirects: 2, now: { Self.now })
        #expect(Self.answer(&machine, 401, [.wwwAuthenticate: "Bearer realm=\"Service\""]) != .failProxyAuthenticationRequired)
    }

    @Test func aPolicyOfOneAttemptNeverRetries() {
        var machine = AttemptStateMachine(
            traits: .init(isIdempotent: true, isReplayable: true, carriesCredentials: true, followsRedirects: false),
            policy: .none, maxRedirects: 5)
        #expect(Self.answer(&machine, 503) == .fail)
    }
}
