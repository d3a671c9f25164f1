/// Keeps the token in memory only; nothing survives the process.
///
/// The default storage, and the right one for high-security apps that do not want a
/// refresh token on disk.
///
/// ```swift
/// let storage = InMemoryTokenStorage()
/// try await storage.store(token: AccessToken(accessToken: "abc", expiresIn: 3600))
/// ```
public actor InMemoryTokenStorage: TokenStorage {
    private var token: AccessToken?

    /// Creates an empty storage, or one holding `token`.
    public init(token: AccessToken? = nil) {
        self.token = token
    }

    /// Stores `token`, replacing any previous one.
    public func store(token: AccessToken) {
        self.token = token
    }

    /// The stored token, or `nil`.
    public func get() -> AccessToken? {
        token
    }

    /// Removes the stored token.
    public func clear() {
        token = nil
    }
}
