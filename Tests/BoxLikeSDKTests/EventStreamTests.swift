import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// `OPTIONS /events`, the realtime long-poll and `EventStream` against the server: each
/// change yields one event, once, through reconnects, faults and a restart.
@Suite("Event stream against the server", .timeLimit(.minutes(10)))
struct EventStreamTests {
    /// Quick backoff so fault tests stay fast.
    static var quick: EventStream.Configuration {
        var configuration = EventStream.Configuration()
        configuration.initialBackoff = .milliseconds(5)
        configuration.maximumBackoff = .milliseconds(50)
        return configuration
    }

    @Test func optionsEventsNamesTheRealtimeServer() async throws {
        try await withServer({ $0.realtimeHoldTime = .seconds(20) }) { server in
            let (client, _) = try await server.developerTokenClient()

            let servers = try await client.events.getEventsWithLongPolling()

            let entry = try #require(servers.entries?.first)
            #expect(servers.chunkSize == 1)
            #expect(entry.type?.rawValue == "realtime_server")
            #expect(entry.url?.hasPrefix(server.origin + "/realtime/subscribe?channel=") == true)
            #expect(entry.ttl == "10")
            #expect(entry.maxRetries == "10")
            #expect(entry.retryTimeout == 30)
        }
    }

    @Test func theServerRecordsBoxEventTypesForEachChange() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let start = await server.currentStreamPosition()
            let folder = try await client.makeFolder()
            let other = try await client.makeFolder()
            let file = try await client.makeFile("a.txt", text: "alpha", in: folder.id)
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(name: "b.txt"))
            _ = try await client.files.updateFileById(
                fileId: file.id, requestBody: UpdateFileByIdRequestBody(parent: UpdateFileByIdRequestBodyParentField(id: other.id)))
            _ = try await client.files.copyFile(fileId: file.id, requestBody: CopyFileRequestBody(parent: CopyFileRequestBodyParentField(id: folder.id)))
            _ = try await client.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .global, templateKey: "properties", requestBody: ["state": .string("draft")])
            try await client.collaborate(userId: server.seed.appUsers[0].id, on: folder.id, role: .viewer)
            try await client.files.deleteFileById(fileId: file.id)
            _ = try await client.trashedFiles.restoreFileFromTrash(fileId: file.id)

            let events = try await client.events.stream(from: .position(String(start))).first(7 + 3)

            #expect(events.map { $0.event.eventType?.rawValue ?? "" } == [
                "ITEM_CREATE", "ITEM_CREATE", "ITEM_UPLOAD", "ITEM_RENAME", "ITEM_MOVE", "ITEM_COPY",
                "METADATA_INSTANCE_CREATE", "COLLAB_ADD_COLLABORATOR", "ITEM_TRASH", "ITEM_UNDELETE_VIA_TRASH",
            ])
            #expect(Set(events.map(\.event.eventId)).count == events.count)
            #expect(events.allSatisfy { $0.event.createdBy?.id == server.seed.adminUser.id })
            if case .file(let source)? = events[2].event.source {
                #expect(source.id == file.id)
            } else {
                Issue.record("ITEM_UPLOAD should name the file as its source")
            }
        }
    }

    @Test func locksCommentsDownloadsAndPurgesAreRecordedWithTheirEventTypes() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("a.txt", text: "alpha", in: folder.id)
            let start = await server.currentStreamPosition()
            _ = try await client.files.updateFileById(
                fileId: file.id, requestBody: UpdateFileByIdRequestBody(lock: .value(LockRequest(access: .lock))))
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(lock: .null))
            let comment = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "first", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))
            _ = try await client.comments.updateCommentById(commentId: comment.id, requestBody: UpdateCommentByIdRequestBody(message: "second"))
            try await client.comments.deleteCommentById(commentId: comment.id)
            _ = try await client.downloads.downloadFile(fileId: file.id).collect(upTo: 1024)
            try await client.files.deleteFileById(fileId: file.id)
            try await client.trashedFiles.deleteTrashedFileById(fileId: file.id)

            let events = try await client.events.stream(from: .position(String(start))).first(8)

            #expect(events.map { $0.event.eventType?.rawValue ?? "" } == [
                "LOCK_CREATE", "LOCK_DESTROY", "COMMENT_CREATE", "COMMENT_UPDATE", "COMMENT_DELETE", "ITEM_DOWNLOAD",
                "ITEM_TRASH", "ITEM_PURGE",
            ])
            if case .file(let source)? = events.last?.event.source {
                #expect(source.id == file.id)
            } else {
                Issue.record("ITEM_PURGE should name the purged file as its source")
            }
        }
    }

    @Test func aChangeWakesTheLongPollAndTheStreamYieldsIt() async throws {
        try await withServer({ $0.realtimeHoldTime = .seconds(20) }) { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let stream = client.events.stream(from: .position(String(await server.currentStreamPosition())))
            let first = Task { try await stream.first(1) }
            await server.waitUntilOpenRealtimePolls(1)

            let file = try await client.makeFile("late.txt", text: "news", in: folder.id)

            let events = try await first.value
            #expect(events.map { $0.event.eventType?.rawValue } == ["ITEM_UPLOAD"])
            if case .file(let source)? = events.first?.event.source { #expect(source.id == file.id) }
        }
    }

    @Test func theRealtimeServerAnswersReconnectWhenItsWaitRunsOut() async throws {
        try await withServer({ $0.realtimeHoldTime = .milliseconds(100) }) { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let stream = client.events.stream(from: .position(String(await server.currentStreamPosition())))
            let first = Task { try await stream.first(1) }
            await server.requestLog.waitUntil { $0.count(method: "GET", path: "/realtime/subscribe", status: 200) >= 3 }

            _ = try await client.makeFile("after-reconnects.txt", text: "x", in: folder.id)

            #expect(try await first.value.map { $0.event.eventType?.rawValue } == ["ITEM_UPLOAD"])
        }
    }

    @Test func aRealtimeServerIsReplacedAfterItsMaxRetries() async throws {
        try await withServer({
            $0.realtimeHoldTime = .milliseconds(50)
            $0.realtimeMaxRetries = 2
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let stream = client.events.stream(from: .position(String(await server.currentStreamPosition())))
            let first = Task { try await stream.first(1) }
            await server.requestLog.waitUntil { $0.count(method: "OPTIONS", path: "/2.0/events") >= 3 }

            _ = try await client.makeFile("x.txt", text: "x", in: folder.id)

            #expect(try await first.value.count == 1)
            let polls = await server.requestLog.entries(method: "GET", path: .exact("/realtime/subscribe")).count
            let servers = await server.requestLog.entries(method: "OPTIONS", path: .exact("/2.0/events")).count
            #expect(polls <= servers * 2 + 2)
        }
    }

    @Test func aRealtimeServerIsReplacedWhenItsTTLRunsOut() async throws {
        try await withServer({
            $0.realtimeHoldTime = .milliseconds(100)
            $0.realtimeMaxRetries = 1000
            $0.realtimeTTL = .seconds(10)
        }) { server in
            // The SDK's clock is moved past the fifth of the ttl it keeps back (it retires each
            // URL after 8 s); the server's stays real, so its channels never expire meanwhile.
            let offset = ClockOffset()
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let session = server.networkSession().with(clock: ExecutorClock(
                now: { Date().addingTimeInterval(offset.seconds) }, sleep: { try await Task.sleep(for: $0) }))
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            let folder = try await client.makeFolder()
            let stream = client.events.stream(from: .position(String(await server.currentStreamPosition())), configuration: Self.quick)
            let first = Task { try await stream.first(1) }
            await server.waitUntilOpenRealtimePolls(1)
            #expect(await server.requestLog.entries(method: "OPTIONS", path: .exact("/2.0/events")).count == 1)

            offset.seconds = 9
            // A second realtime URL while every poll is answered 200 (asserted below): the
            // first was given up because its ttl ran out, not because a poll failed.
            await server.requestLog.waitUntil { $0.count(method: "OPTIONS", path: "/2.0/events") >= 2 }

            _ = try await client.makeFile("after-expiry.txt", text: "x", in: folder.id)

            #expect(try await first.value.map { $0.event.eventType?.rawValue } == ["ITEM_UPLOAD"])
            let polls = await server.requestLog.entries(method: "GET", path: .exact("/realtime/subscribe"))
            #expect(polls.allSatisfy { $0.status == nil || $0.status == 200 })
        }
    }

    @Test func aPollLeftUnansweredPastTheRetryTimeoutIsReplacedAndLosesNothing() async throws {
        try await withServer({
            $0.realtimeHoldTime = .milliseconds(200)
            $0.realtimeRetryTimeoutSeconds = 1
        }) { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let rule = await server.faults.inject(.delay(.seconds(8)), method: "GET", path: .exact("/realtime/subscribe"), count: 1)
            let stream = client.events.stream(from: .position(String(await server.currentStreamPosition())), configuration: Self.quick)
            let two = Task { try await stream.first(2) }
            try await eventually { await server.faults.firings(of: rule).count == 1 }

            // One change while the only poll hangs, one once a new poll is held.
            let stuck = try await client.makeFile("while-stuck.txt", text: "x", in: folder.id)
            await server.waitUntilOpenRealtimePolls(1)
            let later = try await client.makeFile("after-reconnect.txt", text: "y", in: folder.id)

            let events = try await two.value
            let sources = events.map { event -> String? in
                if case .file(let source)? = event.event.source { return source.id }
                return nil
            }
            #expect(sources == [stuck.id, later.id])
            // The hanging poll was replaced, not waited out: a new realtime URL was asked for and
            // polled while it hung. (Whether the hanging poll has answered by now depends on how
            // loaded the machine is, so it is not asserted.)
            let polls = await server.requestLog.entries(method: "GET", path: .exact("/realtime/subscribe"))
            #expect(polls.count >= 2)
            #expect(await server.requestLog.entries(method: "OPTIONS", path: .exact("/2.0/events")).count >= 2)
        }
    }

    @Test func theRealtimeHostGetsNoneOfTheSessionsHeaders() async throws {
        // The realtime URL names the server as `localhost`: another host than the API's `127.0.0.1`.
        try await withLoopbackServer({
            $0.realtimeHostName = "localhost"
            $0.realtimeHoldTime = .seconds(20)
        }) { server in
            let (plain, _) = try await server.developerTokenClient()
            let client = plain.withExtraHeaders(["X-Tenant": "tenant-7"])
            let announced = try #require(try await client.events.getEventsWithLongPolling().entries?.first?.url)
            #expect(announced.hasPrefix("http://localhost:"))
            let folder = try await client.makeFolder()
            let stream = client.events.stream(from: .position(String(await server.currentStreamPosition())))
            let first = Task { try await stream.first(1) }
            await server.waitUntilOpenRealtimePolls(1)

            _ = try await client.makeFile("x.txt", text: "x", in: folder.id)
            _ = try await first.value

            let polls = await server.requestLog.entries(method: "GET", path: .exact("/realtime/subscribe"))
            let reads = await server.requestLog.entries(method: "GET", path: .exact("/2.0/events"))
            #expect(!polls.isEmpty)
            #expect(polls.allSatisfy { $0.headers["x-tenant"] == nil && $0.tokenId == nil })
            #expect(reads.allSatisfy { $0.headers["x-tenant"] == "tenant-7" })
        }
    }

    @Test func aTokenRestrictedToAFolderReadsOnlyTheEventsInsideIt() async throws {
        try await withServer { server in
            let (client, token) = try await server.developerTokenClient()
            let start = await server.currentStreamPosition()
            let inside = try await client.makeFolder("inside")
            let outside = try await client.makeFolder("outside")
            let kept = try await client.makeFile("in.txt", text: "a", in: inside.id)
            _ = try await client.makeFile("out.txt", text: "b", in: outside.id)
            let limitedToken = try await BoxDeveloperTokenAuth(token: token, networkSession: server.networkSession())
                .downscopeToken(scopes: ["item_preview"], resource: server.apiBaseURL + "/folders/" + inside.id)
            let limited = BoxClient(auth: BoxDeveloperTokenAuth(token: limitedToken), networkSession: server.networkSession())

            let events = try await limited.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: String(start)))

            let sources = (events.entries ?? []).map { event -> String? in
                switch event.source {
                case .file(let file)?: return file.id
                case .folder(let folder)?: return folder.id
                default: return nil
                }
            }
            #expect(sources == [inside.id, kept.id])
            let refused = await #expect(throws: BoxAPIError.self) { try await limited.events.getEventsWithLongPolling() }
            #expect(refused?.status == 403)
        }
    }

    @Test func duplicatedEventsAreYieldedOnce() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let start = await server.currentStreamPosition()
            let folder = try await client.makeFolder()
            for index in 0..<3 { _ = try await client.makeFile("f\(index).txt", text: "\(index)", in: folder.id) }
            let rule = await server.faults.inject(.duplicateEvents, method: "GET", path: .exact("/2.0/events"), count: 5)
            var configuration = Self.quick
            configuration.chunkSize = 2

            let stream = client.events.stream(from: .position(String(start)), configuration: configuration)
            let first = try await stream.first(4)
            _ = try await client.makeFile("last.txt", text: "z", in: folder.id)
            let all = try await stream.first(5)

            #expect(await server.faults.firings(of: rule).count >= 2)
            #expect(first.map { $0.event.eventType?.rawValue } == ["ITEM_CREATE", "ITEM_UPLOAD", "ITEM_UPLOAD", "ITEM_UPLOAD"])
            #expect(Set(all.map(\.event.eventId)).count == 5)
            #expect(all.last?.event.eventType?.rawValue == "ITEM_UPLOAD")
        }
    }

    @Test func aRestartFromTheCheckpointLosesAndRepeatsNothing() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let start = await server.currentStreamPosition()
            let folder = try await client.makeFolder()
            for index in 0..<5 { _ = try await client.makeFile("f\(index).txt", text: "\(index)", in: folder.id) }
            let expected = try await client.events.stream(from: .position(String(start))).first(6).map(\.event.eventId)

            let beforeCrash = try await client.events.stream(from: .position(String(start))).first(3)
            let saved = try JSONEncoder().encode(try #require(beforeCrash.last).checkpoint)
            let checkpoint = try JSONDecoder().decode(EventStreamCheckpoint.self, from: saved)
            let afterRestart = try await client.events.stream(from: .checkpoint(checkpoint)).first(3)

            #expect(checkpoint.handledEventIds.count == 3)
            #expect((beforeCrash + afterRestart).map(\.event.eventId) == expected)
        }
    }

    @Test func theLastEventOfAChunkCheckpointsTheNextPosition() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let start = await server.currentStreamPosition()
            _ = try await client.makeFolder()

            let events = try await client.events.stream(from: .position(String(start))).first(1)

            let checkpoint = try #require(events.first?.checkpoint)
            #expect(checkpoint.streamPosition == String(await server.currentStreamPosition()))
            #expect(checkpoint.handledEventIds.isEmpty)
        }
    }

    @Test func garbageFromTheRealtimeServerLeadsToAReconnect() async throws {
        try await assertStreamSurvives(.malformedJSON)
    }

    @Test func serverErrorsFromTheRealtimeServerLeadToAReconnect() async throws {
        try await assertStreamSurvives(.status(503))
    }

    @Test func aConnectionClosedMidPollLeadsToAReconnect() async throws {
        try await assertStreamSurvives(.resetConnection)
    }

    @Test func aThrottleFaultOnAPollLeavesItWorking() async throws {
        // A throttle replaces a request's body; the poll's watch for the client closing its
        // connection needs the original, so the fault leaves body-less requests alone.
        try await assertStreamSurvives(.throttle(bytesPerSecond: 1024), times: 1)
    }

    /// Applies `fault` to the next `times` polls, then checks the stream still yields a change.
    func assertStreamSurvives(_ fault: Fault, times: Int = 3) async throws {
        try await withServer({ $0.realtimeHoldTime = .seconds(20) }) { server in
            let (client, _) = try await server.developerTokenClient(maxAttempts: 1)
            let folder = try await client.makeFolder()
            let rule = await server.faults.inject(fault, method: "GET", path: .exact("/realtime/subscribe"), count: times)
            let stream = client.events.stream(from: .position(String(await server.currentStreamPosition())), configuration: Self.quick)
            let first = Task { try await stream.first(1) }
            try await eventually { await server.faults.firings(of: rule).count == times }
            await server.waitUntilOpenRealtimePolls(1)

            _ = try await client.makeFile("survivor.txt", text: "s", in: folder.id)

            #expect(try await first.value.map { $0.event.eventType?.rawValue } == ["ITEM_UPLOAD"])
        }
    }

    @Test func tooManyFailuresInARowEndTheStreamWithAnError() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient(maxAttempts: 1)
            await server.faults.inject(.status(500), method: "GET", path: .exact("/realtime/subscribe"), count: 100)
            var configuration = Self.quick
            configuration.maxConsecutiveFailures = 2

            let failure = await #expect(throws: EventStreamError.self) {
                _ = try await client.events.stream(configuration: configuration).first(1)
            }

            #expect(failure?.consecutiveFailures == 3)
        }
    }

    @Test func withoutALimitOfItsOwnTheStreamEndsAfterTheServersMaxRetriesFailures() async throws {
        try await withServer({ $0.realtimeMaxRetries = 2 }) { server in
            let (client, _) = try await server.developerTokenClient(maxAttempts: 1)
            await server.faults.inject(.status(500), method: "GET", path: .exact("/realtime/subscribe"), count: 100)

            let failure = await #expect(throws: EventStreamError.self) {
                _ = try await client.events.stream(configuration: Self.quick).first(1)
            }

            #expect(failure?.consecutiveFailures == 3)
        }
    }

    @Test func cancellingTheIteratingTaskStopsThePollPromptly() async throws {
        // The server holds the poll for an hour: a cancellation that did not cut it would run
        // into the suite's one-minute limit, so no wall-clock bound is needed.
        try await withServer({ $0.realtimeHoldTime = .seconds(3600) }) { server in
            let (client, _) = try await server.developerTokenClient()
            let stream = client.events.stream()
            let task = Task { try await stream.first(1) }
            await server.waitUntilOpenRealtimePolls(1)

            task.cancel()
            let result = await task.result

            #expect(throws: CancellationError.self) { try result.get() }
        }
    }

    @Test func cancellingTheIteratingTaskClosesThePollTheServerHolds() async throws {
        // The server holds the poll for an hour: it lets go within the suite's one-minute limit
        // only because it saw the connection close.
        try await withServer({ $0.realtimeHoldTime = .seconds(3600) }) { server in
            let (client, _) = try await server.developerTokenClient()
            let stream = client.events.stream()
            let task = Task { try await stream.first(1) }
            await server.waitUntilOpenRealtimePolls(1)

            task.cancel()
            _ = await task.result
            await server.waitUntilOpenRealtimePolls(0)

            let polls = await server.requestLog.entries(method: "GET", path: .exact("/realtime/subscribe"))
            #expect(polls.count == 1)
        }
    }

    @Test func adminLogsCatchUpThenPollAtTheInterval() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let start = await server.currentStreamPosition()
            _ = try await user.makeFolder()
            let stream = admin.events.adminLogStream(from: .position(String(start)), pollInterval: .milliseconds(20))

            let caughtUp = try await stream.first(1)
            _ = try await admin.makeFolder()
            let both = try await stream.first(2)

            #expect(caughtUp.first?.event.createdBy?.id == server.seed.appUsers[0].id)
            #expect(both.map { $0.event.createdBy?.id } == [server.seed.appUsers[0].id, server.seed.adminUser.id])
            let reads = await server.requestLog.entries(method: "GET", path: .exact("/2.0/events"))
            #expect(reads.allSatisfy { $0.query.contains("stream_type=admin_logs_streaming") })
        }
    }

    @Test func adminLogsAreRefusedToOtherUsers() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                _ = try await user.events.adminLogStream(from: .position("0"), configuration: Self.quick).first(1)
            }

            #expect(error?.status == 403)
        }
    }
}

extension EventStream {
    /// The first `count` events, ending the iteration after them.
    func first(_ count: Int) async throws -> [StreamedEvent] {
        var collected: [StreamedEvent] = []
        for try await streamed in self {
            collected.append(streamed)
            if collected.count == count { break }
        }
        return collected
    }
}

/// Waits until `condition` holds, checking every few milliseconds. Only for server state
/// that announces no change of its own and leaves no trace in the request log: fault firings
/// (recorded after the request is logged) and webhook delivery attempts (recorded after the
/// receiver answered). What a request log entry shows is awaited with `RequestLog.waitUntil`,
/// and held realtime polls with `BoxLikeServer.waitUntilOpenRealtimePolls`. The deadline
/// only matters when the condition never holds.
func eventually(_ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(45)
    while try await !condition() {
        if ContinuousClock.now > deadline {
            Issue.record("condition not met in time")
            return
        }
        // Kept: a poll of server state with no signal (see above).
        try await Task.sleep(for: .milliseconds(5))
    }
}

extension [RequestLogEntry] {
    /// How many entries have `method` and exactly `path` (and `status`, when given).
    func count(method: String, path: String, status: Int? = nil) -> Int {
        count { $0.method == method && $0.path == path && (status == nil || $0.status == status) }
    }
}
