import Foundation

/// Holds the credentials of many users, over any ``CredentialStorage``, and knows which one
/// is the default.
///
/// Each credential's token lives in its own storage (``CredentialStorage/storage(forCredential:)``);
/// the store keeps a small catalog beside them with tags, cached user info and the default
/// credential, so all of it survives restarts with a persistent storage. The catalog is read
/// anew for every question and changed under the storage's lock, so processes sharing a
/// namespace see each other's credentials.
///
/// ```swift
/// let storage = try EncryptedFileTokenStorage(directory: dir, key: key, namespace: "desktop")
/// let store = CredentialStore(storage: storage, authentication: .oauth(clientId: id, clientSecret: secret))
/// let alice = try await store.store(token: aliceToken, tags: ["team": "sales"])   // first: the default
/// for await current in await store.defaultCredentialChanges() { print(current?.id ?? "signed out") }
/// ```
public actor CredentialStore {
    /// The storage family the credentials live in; its namespace scopes the whole store.
    public nonisolated let storage: any CredentialStorage
    /// The session every credential's client and authentication use.
    public nonisolated let networkSession: NetworkSession
    private let authentication: AuthenticationFactory
    /// Factories given to ``store(token:tags:auth:id:)`` for particular credentials; they last
    /// as long as this store, after which ``authentication`` is used.
    private var authenticationOverrides: [String: AuthenticationFactory] = [:]
    /// Weak, so that a credential the app no longer holds can go, while one it holds is
    /// always the instance handed out again.
    private var liveCredentials: [String: WeakCredential] = [:]
    private var subscribers: [UUID: AsyncStream<Credential?>.Continuation] = [:]
    private var publishedDefaultId: String??
    /// Receives every ``CredentialEvent``.
    private let eventBroadcaster = Broadcaster<CredentialEvent>()

    private struct WeakCredential {
        weak var credential: Credential?
    }

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - storage: Where tokens and the catalog live, and under which namespace.
    ///   - networkSession: How credentials reach the API.
    ///   - authentication: Makes each credential's authentication from its token storage.
    public init(storage: some CredentialStorage, networkSession: NetworkSession = NetworkSession(),
                authentication: AuthenticationFactory) {
        self.storage = storage
        self.networkSession = networkSession
        self.authentication = authentication
    }

    /// The namespace the store works in.
    public nonisolated var namespace: String { storage.namespace }

    // MARK: - Adding and looking up

    /// Stores `token` as a new credential and returns it. The first credential of an empty
    /// store becomes the default.
    ///
    /// - Parameters:
    ///   - token: The credential's token, e.g. from an OAuth login.
    ///   - tags: Labels to find the credential by.
    ///   - auth: How this credential authenticates, when not the store's default way.
    ///   - id: The id to use; a new UUID when `nil`. An existing id is replaced.
    public func store(token: AccessToken, tags: [String: String] = [:], auth: AuthenticationFactory? = nil,
                      id: String? = nil) async throws -> Credential {
        let id = id ?? UUID().uuidString.lowercased()
        let tokenStorage = try storage.storage(forCredential: id)
        try await tokenStorage.store(token: token)
        if let auth { authenticationOverrides[id] = auth }
        let now = Date()
        try await updateCatalog { catalog in
            let createdAt = catalog.entries[id]?.createdAt ?? now
            catalog.entries[id] = CredentialCatalog.Entry(tags: tags, userInfo: nil, createdAt: createdAt)
            if catalog.defaultId == nil { catalog.defaultId = id }
        }
        return try instance(id: id, tokenStorage: tokenStorage)
    }

    /// The credential with `id`, or `nil` when the store has none.
    public func credential(id: String) async throws -> Credential? {
        guard try await loadCatalog().entries[id] != nil else { return nil }
        return try instance(id: id)
    }

    /// Every credential, oldest first.
    public var allCredentials: [Credential] {
        get async throws {
            try await loadCatalog().records.map { try instance(id: $0.id) }
        }
    }

    /// The credentials whose record (tags, cached user info) satisfies `predicate`, oldest
    /// first. User info is matched as last cached by ``Credential/userInfo(reload:)``.
    public func find(where predicate: (CredentialRecord) throws -> Bool) async throws -> [Credential] {
        try await loadCatalog().records.filter(predicate).map { try instance(id: $0.id) }
    }

    /// The credentials carrying every one of `tags` (with equal values).
    public func find(tags: [String: String]) async throws -> [Credential] {
        try await find { record in tags.allSatisfy { record.tags[$0.key] == $0.value } }
    }

    /// What the store knows about the credential `id`, or `nil`.
    public func record(id: String) async throws -> CredentialRecord? {
        try await loadCatalog().record(id)
    }

    // MARK: - The default credential

    /// The default credential, or `nil` when there is none (signed out).
    public var defaultCredential: Credential? {
        get async throws {
            guard let id = try await loadCatalog().defaultId else { return nil }
            return try instance(id: id)
        }
    }

    /// Makes `credential` the default, or clears the default with `nil`.
    public func setDefault(_ credential: Credential?) async throws {
        let id = credential?.id
        try await updateCatalog { catalog in
            if let id, catalog.entries[id] == nil {
                throw BoxSDKError(.invalidArgument, "The credential \(id) is not in this store.")
            }
            catalog.defaultId = id
        }
    }

    /// Every change of the default credential made through this store, as it happens: the
    /// new default, or `nil` when it was cleared or removed.
    public func defaultCredentialChanges() -> AsyncStream<Credential?> {
        let (stream, continuation) = AsyncStream.makeStream(of: Credential?.self, bufferingPolicy: .unbounded)
        let key = UUID()
        subscribers[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(key) }
        }
        return stream
    }

    /// Every ``CredentialEvent`` from now on: refreshes that succeeded or failed (a failure
    /// the server calls `invalid_grant` marks the credential as needing sign-in), revocations,
    /// removals and changes of the default credential. Each call returns an independent stream.
    ///
    /// Refresh and revocation events come from credentials this store handed out while the
    /// app holds them.
    public nonisolated func events() -> AsyncStream<CredentialEvent> {
        eventBroadcaster.subscribe()
    }

    // MARK: - Migration

    /// Copies every credential (its token, tags, cached user info and whether it needs
    /// sign-in) and the default credential into `destination`, another storage family
    /// (memory → encrypted file → PostgreSQL, say), and returns the ids copied. This store's
    /// storage is only read.
    ///
    /// Tokens are copied first and the catalog last, each write replacing what an earlier
    /// attempt left, so a migration interrupted at any point (even by `SIGKILL`) completes
    /// when run again. Credentials already in `destination` under other ids are kept.
    ///
    /// ```swift
    /// let file = try EncryptedFileTokenStorage(directory: dir, key: key, namespace: store.namespace)
    /// try await store.migrate(to: file)
    /// let migrated = CredentialStore(storage: file, authentication: .oauth(clientId: id, clientSecret: secret))
    /// ```
    @discardableResult
    public func migrate(to destination: some CredentialStorage) async throws -> [String] {
        let catalog = try await loadCatalog()
        let ids = Set(catalog.entries.keys).union(try await storage.storedCredentialIds()).sorted()
        for id in ids {
            if let token = try await storage.storage(forCredential: id).get() {
                try await destination.storage(forCredential: id).store(token: token)
            }
        }
        let destinationNamespace = destination.namespace
        try await destination.updateCatalog { data in
            var merged = try CredentialCatalog.decode(data, namespace: destinationNamespace)
            for (id, entry) in catalog.entries {
                merged.entries[id] = entry
            }
            if let defaultId = catalog.defaultId { merged.defaultId = defaultId }
            return try merged.encoded()
        }
        return ids
    }

    // MARK: - Changes made by credentials

    /// Passes a credential's authentication event on, marking or unmarking it as needing
    /// sign-in first so that listeners see the record as it now is.
    private func forward(_ event: AuthenticationEvent, from id: String) async {
        switch event {
        case .refreshSucceeded:
            if (try? await loadCatalog().entries[id]?.needsSignIn) == true {
                try? await updateCatalog { $0.entries[id]?.needsSignIn = nil }
            }
            eventBroadcaster.publish(.refreshSucceeded(credentialId: id))
        case .refreshFailed(let error, let signInRequired):
            if signInRequired {
                try? await updateCatalog { $0.entries[id]?.needsSignIn = true }
            }
            eventBroadcaster.publish(.refreshFailed(credentialId: id, error: error, signInRequired: signInRequired))
        case .revoked:
            eventBroadcaster.publish(.revoked(credentialId: id))
        }
    }

    func setTags(_ tags: [String: String], for id: String) async throws {
        try await updateCatalog { catalog in
            guard catalog.entries[id] != nil else {
                throw BoxSDKError(.invalidArgument, "The credential \(id) is not in this store.")
            }
            catalog.entries[id]?.tags = tags
        }
    }

    func cacheUserInfo(_ info: CredentialUserInfo, for id: String) async throws {
        try await updateCatalog { catalog in
            catalog.entries[id]?.userInfo = info
        }
    }

    /// Forgets `id`: token first (the secret), then the catalog entry; the default is cleared
    /// when it was this credential.
    func remove(id: String) async throws {
        try await storage.storage(forCredential: id).clear()
        try await updateCatalog { catalog in
            catalog.entries[id] = nil
            if catalog.defaultId == id { catalog.defaultId = nil }
        }
        authenticationOverrides[id] = nil
        liveCredentials[id] = nil
        eventBroadcaster.publish(.removed(credentialId: id))
    }

    // MARK: - Internals

    private func loadCatalog() async throws -> CredentialCatalog {
        try CredentialCatalog.decode(try await storage.loadCatalog(), namespace: namespace)
    }

    private func updateCatalog(_ change: @escaping @Sendable (inout CredentialCatalog) throws -> Void) async throws {
        let namespace = self.namespace
        if publishedDefaultId == nil {
            // The state before this store's first change, so that only real changes are published.
            publishedDefaultId = .some(try await loadCatalog().defaultId)
        }
        let data = try await storage.updateCatalog { data in
            var catalog = try CredentialCatalog.decode(data, namespace: namespace)
            try change(&catalog)
            return try catalog.encoded()
        }
        let catalog = try CredentialCatalog.decode(data, namespace: namespace)
        publishDefaultIfChanged(catalog.defaultId)
    }

    private func publishDefaultIfChanged(_ defaultId: String?) {
        if case .some(let previous) = publishedDefaultId, previous == defaultId { return }
        publishedDefaultId = .some(defaultId)
        eventBroadcaster.publish(.defaultChanged(credentialId: defaultId))
        let credential = defaultId.flatMap { try? instance(id: $0) }
        for continuation in subscribers.values {
            continuation.yield(credential)
        }
    }

    private func unsubscribe(_ key: UUID) {
        subscribers[key] = nil
    }

    private func instance(id: String, tokenStorage: (any CredentialStorage)? = nil) throws -> Credential {
        if let live = liveCredentials[id]?.credential { return live }
        let tokenStorage = try tokenStorage ?? storage.storage(forCredential: id)
        let factory = authenticationOverrides[id] ?? authentication
        let credential = Credential(id: id, auth: factory.make(tokenStorage, networkSession),
                                    tokenStorage: tokenStorage, store: self)
        liveCredentials[id] = WeakCredential(credential: credential)
        // Subscribed now, so no event is missed; the forwarding ends with the authentication.
        let events = credential.auth.authenticationEvents
        Task { [weak self] in
            for await event in events {
                guard let self else { return }
                await self.forward(event, from: id)
            }
        }
        return credential
    }
}
