import BoxLikeSDK
import BoxLikeSDKPostgres
import Foundation
import Testing

/// The storages the conformance suite runs against.
enum StorageKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case encryptedFile
    case postgres

    var testDescription: String { rawValue }

    /// A storage in a namespace no other test uses, plus a cleanup to call at the end.
    func makeStorage(namespace: String = "ns-\(UUID().uuidString.prefix(8).lowercased())") async throws
        -> (storage: any CredentialStorage, cleanup: @Sendable () -> Void) {
        switch self {
        case .memory:
            return (InMemoryTokenStorage(namespace: namespace), {})
        case .encryptedFile:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-conformance-\(UUID().uuidString)")
            let storage = try EncryptedFileTokenStorage(directory: directory, key: .generate(), namespace: namespace)
            return (storage, { try? FileManager.default.removeItem(at: directory) })
        case .postgres:
            let client = try await PostgresFixture.shared.client()
            return (PostgresTokenStorage(client: client, namespace: namespace), {})
        }
    }
}
