import Foundation

/// What the ``CredentialStore`` knows about a credential without asking the server: its tags,
/// the cached user info and whether it is the default. ``CredentialStore/find(where:)``
/// matches against it.
///
/// ```swift
/// let admins = try await store.find { $0.tags["role"] == "admin" || $0.userInfo?.login == "root@example.com" }
/// ```
public struct CredentialRecord: Codable, Sendable, Hashable {
    /// The credential id.
    public var id: String
    /// The app's labels for the credential.
    public var tags: [String: String]
    /// The user info from the last ``Credential/userInfo(reload:)``, if any.
    public var userInfo: CredentialUserInfo?
    /// When the credential was first stored.
    public var createdAt: Date
    /// Whether this is the store's default credential.
    public var isDefault: Bool

    /// Creates a record.
    public init(id: String, tags: [String: String], userInfo: CredentialUserInfo?, createdAt: Date, isDefault: Bool) {
        self.id = id
        self.tags = tags
        self.userInfo = userInfo
        self.createdAt = createdAt
        self.isDefault = isDefault
    }
}
