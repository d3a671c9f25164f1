import BoxLikeRuntime
import Foundation
import HTTPTypes
import Testing
@testable import BoxLikeSDK

/// Every decision of an event stream, one answer at a time, with no server and no waiting:
/// positions and checkpoints, duplicates, realtime servers and their numbers, failures.
@Suite("Event stream decisions")
struct EventStreamStateMachineTests {
    static let t0 = ContinuousClock.now
    static let realtimeURL = "https://realtime.example.com/subscribe?channel=c1"

    static func machine(from start: EventStream.StartPosition = .position("10"),
                        waiting: EventStreamStateMachine.Waiting = .longPoll,
                        configure: (inout EventStream.Configuration) -> Void = { _ in }) -> EventStreamStateMachine {
        var configuration = EventStream.Configuration()
        configuration.initialBackoff = .milliseconds(100)
        configuration.maximumBackoff = .seconds(1)
        configure(&configuration)
        // The upper end of the jitter range: waits are the computed delays exactly.
        return EventStreamStateMachine(waiting: waiting, start: start, configuration: configuration,
                                       jitter: { $0.upperBound })
    }

    static func events(_ ids: String...) -> [Event] {
        ids.map { Event(eventId: $0) }
    }

    static func server(ttl: String? = "10", maxRetries: String? = "10", retryTimeout: Int64? = 610) -> RealtimeServer {
        RealtimeServer(url: realtimeURL, ttl: ttl, maxRetries: maxRetries, retryTimeout: retryTimeout)
    }

    static func apiError(_ status: Int) -> BoxAPIError {
        BoxAPIError(status: status, operationId: "getEvents", requestMethod: "GET", requestUrl: "https://api.example.com/2.0/events",
                    responseHeaders: HTTPFields(), body: [])
    }

    /// The events yielded until the machine wants something else, and that action.
    static func drain(_ machine: inout EventStreamStateMachine, at now: ContinuousClock.Instant = t0)
        -> (yielded: [StreamedEvent], next: EventStreamStateMachine.Action) {
        var yielded: [StreamedEvent] = []
        while true {
            let action = machine.nextAction(now: now)
            guard case .yield(let streamed) = action else { return (yielded, action) }
            yielded.append(streamed)
        }
    }

    /// Reads `ids` (expected to be asked for at the current position) and yields what it can.
    static func read(_ machine: inout EventStreamStateMachine, _ ids: [String], next: String)
        -> (yielded: [StreamedEvent], next: EventStreamStateMachine.Action) {
        machine.didRead(ids.map { Event(eventId: $0) }, nextPosition: next)
        return drain(&machine)
    }

    static func isRead(_ action: EventStreamStateMachine.Action, from expected: String) -> Bool {
        if case .read(let position) = action { return position == expected }
        return false
    }

    static func pollTimeout(_ action: EventStreamStateMachine.Action) -> Duration? {
        if case .poll(_, _, let timeout) = action { return timeout }
        return nil
    }

    static func isOpen(_ action: EventStreamStateMachine.Action) -> Bool {
        if case .openRealtimeServer = action { return true }
        return false
    }

    // MARK: - Positions and checkpoints

    @Test func aRealtimeServerWithoutAnAddressIsNoServer() {
        var machine = Self.machine()
        // Box describes every field of a realtime server as optional; one without a URL cannot be polled.
        #expect(throws: EventStreamFailure.self) {
            try machine.didOpen(RealtimeServer(ttl: "10", maxRetries: "10", retryTimeout: 610), askedAt: Self.t0)
        }
    }

    @Test func aStreamFromNowFirstAsksWhereNowIs() {
        var machine = Self.machine(from: .now)
        guard case .resolveNow = machine.nextAction(now: Self.t0) else {
            Issue.record("expected resolveNow")
            return
        }
        machine.didResolve(position: "42")
        #expect(Self.isRead(machine.nextAction(now: Self.t0), from: "42"))
    }

    @Test func eventsAreYieldedInOrderWithTheChunkPositionUntilTheChunkEnds() {
        var machine = Self.machine()
        #expect(Self.isRead(machine.nextAction(now: Self.t0), from: "10"))

        let (yielded, next) = Self.read(&machine, ["a", "b"], next: "12")

        #expect(yielded.map(\.event.eventId) == ["a", "b"])
        #expect(yielded.map(\.checkpoint.streamPosition) == ["10", "12"])
        #expect(yielded.map(\.checkpoint.handledEventIds) == [["a"], []])
        #expect(Self.isRead(next, from: "12"))
    }

    @Test func aCheckpointCarriesTheRecentIdsOldestFirst() {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        let (yielded, _) = Self.read(&machine, ["a", "b", "c"], next: "13")
        #expect(yielded.last?.checkpoint.recentEventIds == ["a", "b", "c"])
    }

    @Test func theDeduplicationWindowForgetsTheOldestIds() {
        var machine = Self.machine { $0.deduplicationWindow = 2 }
        _ = machine.nextAction(now: Self.t0)
        let (first, _) = Self.read(&machine, ["a", "b", "c"], next: "13")
        let (second, _) = Self.read(&machine, ["a", "c"], next: "15")

        #expect(first.last?.checkpoint.recentEventIds == ["b", "c"])
        // `a` was forgotten, so its repeat is delivered; `c` was not.
        #expect(second.map(\.event.eventId) == ["a"])
    }

    @Test func aCheckpointReadLaterStillDescribesTheMomentItsEventWasYielded() {
        var machine = Self.machine { $0.deduplicationWindow = 3 }
        _ = machine.nextAction(now: Self.t0)
        machine.didRead(Self.events("a", "b", "c"), nextPosition: "13")
        _ = machine.nextAction(now: Self.t0)
        guard case .yield(let b) = machine.nextAction(now: Self.t0) else {
            Issue.record("expected b")
            return
        }

        // Later events fill and roll the window past what `b` saw.
        _ = Self.drain(&machine)
        _ = Self.read(&machine, ["d", "e", "f", "g"], next: "17")

        #expect(b.checkpoint == EventStreamCheckpoint(streamPosition: "10", handledEventIds: ["a", "b"], recentEventIds: ["a", "b"]))
    }

    /// The time to yield `count` events in chunks of 500 with a deduplication window of
    /// `window` ids, at best of three runs.
    static func timeToYield(_ count: Int, window: Int) -> Duration {
        (0..<3).map { _ in
            var machine = Self.machine { $0.deduplicationWindow = window }
            _ = machine.nextAction(now: Self.t0)
            let started = ContinuousClock.now
            var next = 0
            while next < count {
                let chunk = (next..<Swift.min(next + 500, count)).map { Event(eventId: "e\($0)") }
                next += chunk.count
                machine.didRead(chunk, nextPosition: String(next))
                while case .yield = machine.nextAction(now: Self.t0) {}
            }
            return ContinuousClock.now - started
        }.min() ?? .zero
    }

    @Test func yieldingAnEventCostsTheSameWhateverTheDeduplicationWindow() {
        let small = Self.timeToYield(20_000, window: 16)
        let large = Self.timeToYield(20_000, window: 4_096)

        // Building each checkpoint eagerly, the large window was over ten times slower.
        #expect(large < small * 2 + .milliseconds(100), "window 4096: \(large), window 16: \(small)")
    }

    @Test func anEventRepeatedAtALaterPositionIsYieldedOnce() {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        let (first, _) = Self.read(&machine, ["a", "b"], next: "12")
        let (second, _) = Self.read(&machine, ["b", "c"], next: "14")
        #expect((first + second).map(\.event.eventId) == ["a", "b", "c"])
    }

    @Test func resumingMidChunkAfterASkippedDuplicateDoesNotDeliverItAgain() throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, ["a", "b"], next: "12")
        // At position 12 the server repeats `b`; the process stops after handling `c`.
        machine.didRead(Self.events("b", "c", "d"), nextPosition: "15")
        guard case .yield(let c) = machine.nextAction(now: Self.t0) else {
            Issue.record("expected c")
            return
        }
        let saved = try JSONDecoder().decode(EventStreamCheckpoint.self, from: JSONEncoder().encode(c.checkpoint))

        var resumed = Self.machine(from: .checkpoint(saved))
        #expect(Self.isRead(resumed.nextAction(now: Self.t0), from: "12"))
        let (afterResume, _) = Self.read(&resumed, ["b", "c", "d"], next: "15")

        #expect(c.event.eventId == "c")
        #expect(afterResume.map(\.event.eventId) == ["d"])
    }

    @Test func resumingAtAChunkEndStillDropsRepeatsOfEarlierChunks() throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        let (first, _) = Self.read(&machine, ["a", "b"], next: "12")
        let saved = try #require(first.last).checkpoint
        #expect(saved.streamPosition == "12")
        #expect(saved.handledEventIds.isEmpty)

        var resumed = Self.machine(from: .checkpoint(saved))
        _ = resumed.nextAction(now: Self.t0)
        let (afterResume, _) = Self.read(&resumed, ["b", "c"], next: "14")

        #expect(afterResume.map(\.event.eventId) == ["c"])
    }

    @Test func aCheckpointSavedBeforeRecentIdsExistedStillDecodes() throws {
        let json = Data(#"{"streamPosition":"12","handledEventIds":["x"]}"#.utf8)
        let checkpoint = try JSONDecoder().decode(EventStreamCheckpoint.self, from: json)
        #expect(checkpoint == EventStreamCheckpoint(streamPosition: "12", handledEventIds: ["x"]))
    }

    // MARK: - Realtime servers

    @Test func aCaughtUpStreamAsksForARealtimeServerThenPollsIt() throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        let (_, next) = Self.read(&machine, [], next: "10")
        #expect(Self.isOpen(next))

        try machine.didOpen(Self.server(), askedAt: Self.t0)

        guard case .poll(let url, let position, let timeout) = machine.nextAction(now: Self.t0) else {
            Issue.record("expected a poll")
            return
        }
        #expect(url.absoluteString == Self.realtimeURL)
        #expect(position == "10")
        #expect(timeout == .seconds(610))
    }

    @Test(arguments: ["new_change", "reconnect"])
    func aPollAnswerLeadsToARead(message: String) throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")
        try machine.didOpen(Self.server(), askedAt: Self.t0)
        _ = machine.nextAction(now: Self.t0)

        try machine.didPoll(message: message)

        #expect(Self.isRead(machine.nextAction(now: Self.t0), from: "10"))
    }

    @Test func anUnknownPollAnswerIsAFailure() throws {
        var machine = Self.machine()
        #expect(throws: EventStreamFailure.self) { try machine.didPoll(message: "hello") }
    }

    @Test func aServerWithoutAUsableURLIsAFailure() {
        var machine = Self.machine()
        #expect(throws: EventStreamFailure.self) { try machine.didOpen(nil, askedAt: Self.t0) }
        let relative = RealtimeServer(url: "subscribe", ttl: "10", maxRetries: "10", retryTimeout: 610)
        #expect(throws: EventStreamFailure.self) { try machine.didOpen(relative, askedAt: Self.t0) }
    }

    /// Polls once from a caught-up stream and answers `reconnect`; the next action.
    static func pollAndReconnect(_ machine: inout EventStreamStateMachine, at now: ContinuousClock.Instant)
        throws -> EventStreamStateMachine.Action {
        let action = machine.nextAction(now: now)
        guard case .poll = action else { return action }
        try machine.didPoll(message: "reconnect")
        _ = machine.nextAction(now: now)
        machine.didRead([], nextPosition: "10")
        return machine.nextAction(now: now)
    }

    @Test func aServerIsReplacedAfterItsMaxRetriesPolls() throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")
        try machine.didOpen(Self.server(maxRetries: "2"), askedAt: Self.t0)

        #expect(Self.pollTimeout(try Self.pollAndReconnect(&machine, at: Self.t0)) != nil)
        #expect(Self.isOpen(try Self.pollAndReconnect(&machine, at: Self.t0)))
    }

    @Test func aServerIsRetiredAFifthOfItsTTLAtMostAMinuteEarly() throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")
        try machine.didOpen(Self.server(ttl: "10", maxRetries: "100"), askedAt: Self.t0)

        // Ten minutes less one: polled until just before 9 minutes, replaced at 9.
        #expect(Self.pollTimeout(try Self.pollAndReconnect(&machine, at: Self.t0 + .seconds(539))) != nil)
        #expect(Self.isOpen(try Self.pollAndReconnect(&machine, at: Self.t0 + .seconds(540))))
    }

    @Test func aServerWithATTLOfZeroIsPolledOnceBeforeItIsReplaced() throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")
        try machine.didOpen(Self.server(ttl: "0"), askedAt: Self.t0)

        #expect(Self.isOpen(try Self.pollAndReconnect(&machine, at: Self.t0)))
        #expect(machine.realtime == nil)
    }

    // MARK: - A server's numbers (item 1 of issue 32: none may trap)

    @Test(arguments: ["inf", "Infinity", "1e400", "3e18", "9223372036854775807"])
    func aHugeTTLIsCappedAtADay(ttl: String) throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")

        try machine.didOpen(Self.server(ttl: ttl), askedAt: Self.t0)

        #expect(machine.realtime?.retiresAt == Self.t0 + .seconds(86_400 - 60))
        #expect(Self.pollTimeout(machine.nextAction(now: Self.t0)) == .seconds(610))
    }

    @Test(arguments: ["-inf", "-5", "-1e400"])
    func aNegativeTTLCountsAsZero(ttl: String) {
        #expect(EventStreamStateMachine.ttl(ttl) == .zero)
    }

    @Test(arguments: [nil, "nan", "ten", ""] as [String?])
    func aMissingOrUnreadableTTLIsTenMinutes(ttl: String?) {
        #expect(EventStreamStateMachine.ttl(ttl) == .seconds(600))
    }

    @Test(arguments: [(Int64.max, Duration.seconds(3_600)), (86_400, .seconds(3_600)), (30, .seconds(30))])
    func aRetryTimeoutIsCappedAtAnHour(seconds: Int64, expected: Duration) throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")

        try machine.didOpen(Self.server(retryTimeout: seconds), askedAt: Self.t0)

        #expect(Self.pollTimeout(machine.nextAction(now: Self.t0)) == expected)
    }

    @Test(arguments: [Int64.min, -1, 0])
    func aRetryTimeoutOfZeroOrLessUsesTheConfiguredOne(seconds: Int64) throws {
        var machine = Self.machine { $0.defaultPollTimeout = .seconds(45) }
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")

        try machine.didOpen(Self.server(retryTimeout: seconds), askedAt: Self.t0)

        #expect(Self.pollTimeout(machine.nextAction(now: Self.t0)) == .seconds(45))
    }

    @Test func maxRetriesIsReadWithinOneAndAThousand() {
        #expect(EventStreamStateMachine.maxRetries("10") == 10)
        #expect(EventStreamStateMachine.maxRetries("99999999999999999999999") == 1_000)
        #expect(EventStreamStateMachine.maxRetries("9223372036854775807") == 1_000)
        #expect(EventStreamStateMachine.maxRetries("-99999999999999999999999") == 1)
        #expect(EventStreamStateMachine.maxRetries("0") == 1)
        #expect(EventStreamStateMachine.maxRetries("ten") == nil)
        #expect(EventStreamStateMachine.maxRetries("1e3") == nil)
        #expect(EventStreamStateMachine.maxRetries(nil) == nil)
    }

    @Test func hugeConfiguredDurationsAreWaitedForAtMostAYear() throws {
        var machine = Self.machine(waiting: .interval(.seconds(Int64.max))) {
            $0.initialBackoff = .seconds(Int64.max)
            $0.maximumBackoff = .seconds(Int64.max)
            $0.maxConsecutiveFailures = 5
        }
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")

        guard case .waitForNextRead(let interval) = machine.nextAction(now: Self.t0) else {
            Issue.record("expected an interval wait")
            return
        }
        guard case .backoff(let delay) = machine.didFail(EventStreamFailure.pollTimedOut) else {
            Issue.record("expected a backoff")
            return
        }
        #expect(interval == EventStreamStateMachine.longestWait)
        #expect(delay == EventStreamStateMachine.longestWait)
    }

    // MARK: - Failures

    static func backoff(_ recovery: EventStreamStateMachine.Recovery) -> Duration? {
        if case .backoff(let delay) = recovery { return delay }
        return nil
    }

    @Test func failuresInARowBackOffExponentiallyUpToTheMaximum() {
        var machine = Self.machine { $0.maxConsecutiveFailures = 10 }
        let delays = (1...6).map { _ in Self.backoff(machine.didFail(EventStreamFailure.pollTimedOut)) }
        #expect(delays == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
    }

    @Test func theBackoffIsJitteredBetweenHalfAndAllOfTheDelay() {
        var configuration = EventStream.Configuration()
        configuration.initialBackoff = .milliseconds(100)
        var machine = EventStreamStateMachine(waiting: .longPoll, start: .position("1"), configuration: configuration,
                                              jitter: { $0.lowerBound })
        #expect(Self.backoff(machine.didFail(EventStreamFailure.pollTimedOut)) == .milliseconds(50))
    }

    @Test func oneFailureMoreThanTheLimitStopsTheStream() {
        var machine = Self.machine { $0.maxConsecutiveFailures = 2 }
        _ = machine.didFail(EventStreamFailure.pollTimedOut)
        _ = machine.didFail(EventStreamFailure.pollTimedOut)

        guard case .stop(let error) = machine.didFail(EventStreamFailure.pollTimedOut) else {
            Issue.record("expected the stream to stop")
            return
        }
        #expect((error as? EventStreamError)?.consecutiveFailures == 3)
    }

    @Test func withoutALimitOfItsOwnTheServersMaxRetriesBoundsFailures() throws {
        var machine = Self.machine()
        try machine.didOpen(Self.server(maxRetries: "1"), askedAt: Self.t0)
        #expect(Self.backoff(machine.didFail(EventStreamFailure.pollTimedOut)) != nil)
        #expect(Self.backoff(machine.didFail(EventStreamFailure.pollTimedOut)) == nil)
    }

    @Test func aFailureRetiresTheRealtimeServerAndLeadsToARead() throws {
        var machine = Self.machine()
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, [], next: "10")
        try machine.didOpen(Self.server(), askedAt: Self.t0)
        _ = machine.nextAction(now: Self.t0)

        _ = machine.didFail(EventStreamFailure.pollTimedOut)

        #expect(machine.realtime == nil)
        #expect(Self.isRead(machine.nextAction(now: Self.t0), from: "10"))
    }

    @Test func aPollAnswerEndsTheRunOfFailures() throws {
        var machine = Self.machine()
        _ = machine.didFail(EventStreamFailure.pollTimedOut)
        _ = machine.didFail(EventStreamFailure.pollTimedOut)

        try machine.didPoll(message: "reconnect")

        #expect(machine.failures == 0)
    }

    @Test(arguments: [400, 403, 404])
    func aClientErrorStopsTheStreamAtOnce(status: Int) {
        var machine = Self.machine()
        guard case .stop(let error) = machine.didFail(Self.apiError(status)) else {
            Issue.record("expected the stream to stop")
            return
        }
        #expect((error as? BoxAPIError)?.status == status)
    }

    @Test(arguments: [408, 429, 500, 503])
    func throttlingTimeoutsAndServerErrorsAreRetried(status: Int) {
        var machine = Self.machine()
        #expect(Self.backoff(machine.didFail(Self.apiError(status))) == .milliseconds(100))
    }

    // MARK: - Reading at an interval (admin logs)

    @Test func aCaughtUpIntervalStreamWaitsThenReadsAgain() {
        var machine = Self.machine(waiting: .interval(.seconds(30)))
        _ = machine.nextAction(now: Self.t0)
        _ = Self.read(&machine, ["a"], next: "11")
        let (_, next) = Self.read(&machine, [], next: "11")
        guard case .waitForNextRead(let interval) = next else {
            Issue.record("expected a wait")
            return
        }

        machine.didWaitForNextRead()

        #expect(interval == .seconds(30))
        #expect(Self.isRead(machine.nextAction(now: Self.t0), from: "11"))
    }
}
