import Foundation

/// The credential store's persisted record for one namespace: which credentials exist, their
/// tags and cached user info, and which one is the default.
///
/// It is kept as one small document (in the storage's catalog slot) and always changed by a
/// read-modify-write under the storage's lock, so processes sharing a namespace never lose
/// each other's changes.
struct CredentialCatalog: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        var tags: [String: String]
        var userInfo: CredentialUserInfo?
        var createdAt: Date
        /// Set when the server refused the credential's grant; cleared when a token is
        /// stored or refreshed again. Absent in catalogs written before it existed.
        var needsSignIn: Bool?
    }

    var formatVersion = 1
    var defaultId: String?
    var entries: [String: Entry] = [:]

    static func decode(_ data: Data?, namespace: String) throws -> CredentialCatalog {
        guard let data else { return CredentialCatalog() }
        return try StoredTokenCoding.decode(CredentialCatalog.self, from: data, resource: "credential catalog of \(namespace)")
    }

    func encoded() throws -> Data {
        try StoredTokenCoding.encode(self)
    }

    func record(_ id: String) -> CredentialRecord? {
        entries[id].map {
            CredentialRecord(id: id, tags: $0.tags, userInfo: $0.userInfo, createdAt: $0.createdAt, isDefault: defaultId == id,
                             needsSignIn: $0.needsSignIn ?? false)
        }
    }

    /// Every record, oldest first, so listings are stable.
    var records: [CredentialRecord] {
        entries.keys.compactMap(record).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
}
