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
    /// Whether the server refused the credential's grant, so the user must sign in again
    /// (``CredentialEvent/refreshFailed(credentialId:error:signInRequired:)``); storing a new
    /// token clears it.
    public var needsSignIn: Bool

    /// Creates a record.
    public init(id: String, tags: [String: String], userInfo: CredentialUserInfo?, createdAt: Date, isDefault: Bool,
                needsSignIn: Bool = false) {
        self.id = id
        self.tags = tags
        self.userInfo = userInfo
        self.createdAt = createdAt
        self.isDefault = isDefault
        self.needsSignIn = needsSignIn
    }

    private enum CodingKeys: String, CodingKey {
        case id, tags, userInfo, createdAt, isDefault, needsSignIn
    }

    /// Decodes a record; one written before ``needsSignIn`` existed reads as `false`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        tags = try container.decode([String: String].self, forKey: .tags)
        userInfo = try container.decodeIfPresent(CredentialUserInfo.self, forKey: .userInfo)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        isDefault = try container.decode(Bool.self, forKey: .isDefault)
        needsSignIn = try container.decodeIfPresent(Bool.self, forKey: .needsSignIn) ?? false
    }
}
