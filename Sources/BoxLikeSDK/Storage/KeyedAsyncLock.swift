/// Mutual exclusion between tasks of one process, per key, without blocking a thread.
///
/// Storages use it so that tasks refreshing the same credential queue up instead of each
/// calling the token endpoint, and so that file storages poll their cross-process lock from
/// one task at a time.
package actor KeyedAsyncLock {
    private var held: Set<String> = []
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    package init() {}

    /// Runs `body` while holding the lock for `key`.
    package nonisolated func withLock<Result: Sendable>(
        _ key: String,
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        await acquire(key)
        do {
            let result = try await body()
            await release(key)
            return result
        } catch {
            await release(key)
            throw error
        }
    }

    private func acquire(_ key: String) async {
        if held.insert(key).inserted { return }
        await withCheckedContinuation { continuation in
            waiters[key, default: []].append(continuation)
        }
        // Ownership was handed over by `release` without leaving `held`.
    }

    private func release(_ key: String) {
        if var queue = waiters[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiters[key] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            held.remove(key)
        }
    }
}
