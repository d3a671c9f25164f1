import Foundation

/// A long-poll held open until the stream of one user moves past a position.
struct RealtimeWaiter {
    var userId: String
    var after: Int
    var continuation: CheckedContinuation<Bool, Never>
    var timer: Task<Void, Never>?
}

/// A realtime URL handed out by `OPTIONS /events`: whose stream it watches and until when.
struct RealtimeChannel: Sendable {
    var userId: String
    var expiresAt: Date
}

extension ServerState {
    /// A new channel watching `userId`'s stream, valid for the configured `ttl`.
    func openRealtimeChannel(for userId: String) -> String {
        let channel = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let now = currentTime
        // Expired channels are dropped here, so the table stays as small as its live entries.
        realtimeChannels = realtimeChannels.filter { $0.value.expiresAt > now }
        realtimeChannels[channel] = RealtimeChannel(
            userId: userId, expiresAt: now.addingTimeInterval(Self.seconds(configuration.realtimeTTL)))
        return channel
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// The user a live channel watches, or `nil` for an unknown or expired channel.
    func realtimeUser(channel: String) -> String? {
        guard let entry = realtimeChannels[channel], entry.expiresAt > currentTime else { return nil }
        return entry.userId
    }

    /// Whether `userId` may see an event after `position`.
    func hasEvent(visibleTo userId: String, after position: Int) -> Bool {
        let start = firstEventIndex(after: position)
        return events[start...].contains { $0.visibleTo.contains(userId) }
    }

    /// Waits until `userId` may see an event after `position` (`true`), or until `timeout`
    /// passes or the waiting task is cancelled (`false`).
    func waitForChange(userId: String, after position: Int, timeout: Duration) async -> Bool {
        if hasEvent(visibleTo: userId, after: position) { return true }
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                // Cancelled before the waiter exists: the handler below found nothing to end.
                if Task.isCancelled {
                    continuation.resume(returning: false)
                    return
                }
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    await self?.finishWaiter(id, changed: false)
                }
                realtimeWaiters[id] = RealtimeWaiter(userId: userId, after: position, continuation: continuation, timer: timer)
            }
        } onCancel: {
            Task { [weak self] in await self?.finishWaiter(id, changed: false) }
        }
    }

    /// How many long-polls are being held open.
    var openRealtimePollCount: Int { realtimeWaiters.count }

    /// Returns once exactly `count` long-polls are held open (or the waiting task is cancelled).
    func waitUntilOpenRealtimePolls(_ count: Int) async {
        if realtimeWaiters.count == count || Task.isCancelled { return }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                realtimePollWatchers[id] = (count, continuation)
            }
        } onCancel: {
            Task { [weak self] in await self?.resumeRealtimePollWatcher(id) }
        }
    }

    private func resumeRealtimePollWatcher(_ id: UUID) {
        realtimePollWatchers.removeValue(forKey: id)?.continuation.resume()
    }

    /// Wakes the tests waiting for the number of polls now held.
    func resumeRealtimePollWatchers() {
        guard !realtimePollWatchers.isEmpty else { return }
        let held = realtimeWaiters.count
        for (id, watcher) in realtimePollWatchers where watcher.count == held {
            realtimePollWatchers.removeValue(forKey: id)
            watcher.continuation.resume()
        }
    }

    /// Answers every poll that `event` is news to.
    func wakeRealtimeWaiters(for event: EventRecord) {
        guard !realtimeWaiters.isEmpty else { return }
        let woken = realtimeWaiters.filter { event.position > $0.value.after && event.visibleTo.contains($0.value.userId) }
        for id in woken.keys { finishWaiter(id, changed: true) }
    }

    /// Answers every held poll `reconnect` (the server is shutting down).
    func releaseRealtimeWaiters() {
        for id in realtimeWaiters.keys { finishWaiter(id, changed: false) }
    }

    func finishWaiter(_ id: UUID, changed: Bool) {
        guard let waiter = realtimeWaiters.removeValue(forKey: id) else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: changed)
    }
}
