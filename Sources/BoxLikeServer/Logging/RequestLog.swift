import Foundation

/// One request as the server saw it, with secrets reduced to fingerprints or masks.
public struct RequestLogEntry: Sendable {
    /// Order of arrival, starting at 1.
    public var sequence: Int
    /// When the request arrived.
    public var date: Date
    /// HTTP method, e.g. `GET`.
    public var method: String
    /// Path without the query.
    public var path: String
    /// The query string (no leading `?`), empty when absent; secret parameters (`access_token`,
    /// a realtime `channel`...) are masked as `***`.
    public var query: String
    /// The request headers by lowercased name (repeated ones joined with `, `);
    /// `authorization`, `proxy-authorization` and `cookie` are never included, and secret
    /// parameters inside `BoxApi` (`shared_link_password`) are masked as `***`.
    public var headers: [String: String]
    /// ``TokenFingerprint`` of the bearer token, when one was sent.
    public var tokenId: String?
    /// For `POST /oauth2/token`: the grant type.
    public var grantType: String?
    /// For OAuth form posts: the parameters, secrets replaced by `***`.
    public var formParameters: [String: String]
    /// For a JWT-bearer token request: the assertion's claims (`jti`, `exp`, `sub`...) and
    /// header fields (as `header.kid`, `header.alg`); its signature is left out, so the
    /// assertion cannot be rebuilt from the log.
    public var assertionClaims: [String: String] = [:]
    /// The status answered (`nil` when the connection was dropped).
    public var status: Int?
    /// The spec's `operationId`s of the route that answered: one, or the operations Box
    /// describes with a `#fragment` on the same method and path. Empty when no operation's
    /// route answered: a server-only page, an unknown path, or a request refused before
    /// routing (a missing token, an injected fault).
    public var operationIds: [String] = []

    /// Whether the request carried `token` as its bearer token.
    public func usedToken(_ token: String) -> Bool {
        tokenId == TokenFingerprint.of(token)
    }
}

extension RequestLogEntry: CustomStringConvertible {
    /// A one-line summary that never contains a secret.
    public var description: String {
        "\(method) \(path)\(query.isEmpty ? "" : "?" + query) -> \(status.map(String.init) ?? "-")"
            + (tokenId.map { " [\($0)]" } ?? "") + (grantType.map { " grant=\($0)" } ?? "")
    }
}

/// The requests one server instance received (the newest
/// ``BoxLikeServerConfiguration/requestLogCapacity``), queryable by tests.
public actor RequestLog {
    private var entries: [RequestLogEntry] = []
    private var nextSequence = 1
    /// Callers of ``waitUntil(_:)`` whose condition does not hold yet.
    private var waiters: [UUID: (condition: @Sendable ([RequestLogEntry]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = [:]

    /// The most entries kept (see ``BoxLikeServerConfiguration/requestLogCapacity``).
    private let capacity: Int

    init(capacity: Int = BoxLikeServerConfiguration().requestLogCapacity) {
        self.capacity = max(1, capacity)
    }

    func append(_ entry: RequestLogEntry) -> Int {
        var entry = entry
        entry.sequence = nextSequence
        nextSequence += 1
        entries.append(entry)
        if entries.count >= capacity + max(1, capacity / 16) {
            entries.removeFirst(entries.count - capacity)
        }
        resumeSatisfiedWaiters()
        return entry.sequence
    }

    func complete(_ sequence: Int, status: Int, operationIds: [String] = []) {
        if let index = entries.lastIndex(where: { $0.sequence == sequence }) {
            entries[index].status = status
            entries[index].operationIds = operationIds
            resumeSatisfiedWaiters()
        }
    }

    /// Returns once `condition` holds for the entries logged so far: at once if it does now,
    /// otherwise when a request arrives or is answered and it then does (or when the waiting
    /// task is cancelled). Tests await what the server saw instead of polling for it.
    ///
    /// ```swift
    /// await server.requestLog.waitUntil { $0.contains { $0.path == "/oauth2/token" } }
    /// ```
    public func waitUntil(_ condition: @escaping @Sendable ([RequestLogEntry]) -> Bool) async {
        if condition(entries) || Task.isCancelled { return }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                waiters[id] = (condition, continuation)
            }
        } onCancel: {
            Task { await self.resumeWaiter(id) }
        }
    }

    private func resumeWaiter(_ id: UUID) {
        waiters.removeValue(forKey: id)?.continuation.resume()
    }

    private func resumeSatisfiedWaiters() {
        guard !waiters.isEmpty else { return }
        for (id, waiter) in waiters where waiter.condition(entries) {
            waiters.removeValue(forKey: id)
            waiter.continuation.resume()
        }
    }

    /// All entries, oldest first.
    public var all: [RequestLogEntry] { entries }

    /// Entries whose method (any when `nil`) and path match.
    public func entries(method: String? = nil, path: PathPattern = .any) -> [RequestLogEntry] {
        entries.filter { (method == nil || $0.method == method?.uppercased()) && path.matches($0.path) }
    }

    /// Entries that used `token` as their bearer token.
    public func entries(usingToken token: String) -> [RequestLogEntry] {
        let id = TokenFingerprint.of(token)
        return entries.filter { $0.tokenId == id }
    }

    /// How many `POST /oauth2/token` requests used `grantType` (any when `nil`).
    public func tokenRequestCount(grantType: String? = nil) -> Int {
        entries.filter { $0.path == "/oauth2/token" && (grantType == nil || $0.grantType == grantType) }.count
    }

    /// Forgets everything logged so far.
    public func clear() {
        entries.removeAll()
    }
}
