import BoxLikeSDK
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Encrypted file token storage")
struct StorageEncryptedFileTests {
    let token = AccessToken(accessToken: "access-secret", expiresIn: 3600, refreshToken: "refresh-secret",
                            issuedAt: Date(timeIntervalSince1970: 1_800_000_000.25))

    private func withStorage(_ body: (EncryptedFileTokenStorage, StorageTestDirectory) async throws -> Void) async throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        try await body(try EncryptedFileTokenStorage(directory: directory.url, key: .generate()), directory)
    }

    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func storedTokenReadsBackEqualAndTheFileIsPrivate() async throws {
        try await withStorage { (storage, _) async throws in
            try await storage.store(token: token)
            #expect(try await storage.get() == token)
            #expect(try mode(storage.tokenFile.path) == 0o600)
            #expect(try mode(storage.tokenFile.deletingLastPathComponent().path) == 0o700)
        }
    }

    @Test func theFileContainsNoPlaintextSecrets() async throws {
        try await withStorage { (storage, _) async throws in
            try await storage.store(token: token)
            let bytes = try Data(contentsOf: storage.tokenFile)
            #expect(bytes.range(of: Data("access-secret".utf8)) == nil)
            #expect(bytes.range(of: Data("refresh-secret".utf8)) == nil)
        }
    }

    @Test func aWrongKeyIsReportedAndTheFileIsKept() async throws {
        try await withStorage { (storage, directory) async throws in
            try await storage.store(token: token)
            let before = try Data(contentsOf: storage.tokenFile)
            let other = try EncryptedFileTokenStorage(directory: directory.url, key: .generate())
            await #expect(throws: TokenStorageError.wrongKey(path: storage.tokenFile.path)) { try await other.get() }
            // A refresh must not overwrite what it could not read.
            await #expect(throws: TokenStorageError.wrongKey(path: storage.tokenFile.path)) {
                try await other.refreshCoordinated(isUsable: { _ in false }) { _ in AccessToken(accessToken: "new") }
            }
            #expect(try Data(contentsOf: storage.tokenFile) == before)
        }
    }

    @Test func aModifiedByteIsReportedAsTampering() async throws {
        try await withStorage { (storage, _) async throws in
            try await storage.store(token: token)
            var bytes = try Data(contentsOf: storage.tokenFile)
            bytes[bytes.count - 5] ^= 0x01
            try bytes.write(to: storage.tokenFile)
            await #expect(throws: TokenStorageError.tampered(path: storage.tokenFile.path)) { try await storage.get() }
        }
    }

    @Test func aCutOffFileIsReportedAsTruncated() async throws {
        try await withStorage { (storage, _) async throws in
            try await storage.store(token: token)
            let bytes = try Data(contentsOf: storage.tokenFile)
            for length in [0, 10, bytes.count - 1] {
                try bytes.prefix(length).write(to: storage.tokenFile)
                await #expect(throws: TokenStorageError.truncated(path: storage.tokenFile.path)) { try await storage.get() }
            }
        }
    }

    @Test func aFileCopiedOverAnotherCredentialIsRejected() async throws {
        try await withStorage { (storage, _) async throws in
            let other = try storage.storage(forCredential: "other")
            try await storage.store(token: token)
            try await other.store(token: AccessToken(accessToken: "other"))
            try FileManager.default.removeItem(at: other.tokenFile)
            try FileManager.default.copyItem(at: storage.tokenFile, to: other.tokenFile)
            await #expect(throws: TokenStorageError.tampered(path: other.tokenFile.path)) { try await other.get() }
        }
    }

    @Test func aDirectoryOthersCanWriteIsRefused() throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.url.path)
        #expect(throws: TokenStorageError.insecureDirectory(path: directory.url.path, mode: 0o777)) {
            try EncryptedFileTokenStorage(directory: directory.url, key: .generate())
        }
    }

    @Test func aTokenFileOthersCanReadIsRefused() async throws {
        try await withStorage { (storage, _) async throws in
            try await storage.store(token: token)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: storage.tokenFile.path)
            await #expect(throws: TokenStorageError.insecureFile(path: storage.tokenFile.path, mode: 0o644)) {
                try await storage.get()
            }
        }
    }

    @Test func namespacesInOneDirectoryDoNotSeeEachOther() async throws {
        try await withStorage { (work, _) async throws in
            let home = try work.storage(forNamespace: "home")
            try await work.store(token: token)
            #expect(try await home.get() == nil)
            try await home.store(token: AccessToken(accessToken: "home"))
            #expect(try await work.get() == token)
            #expect(try await home.get()?.accessToken == "home")
        }
    }

    @Test func namesThatCouldEscapeTheDirectoryAreRefused() async throws {
        try await withStorage { (storage, _) async throws in
            for name in ["..", "../x", "a/b", ".hidden", ""] {
                #expect(throws: TokenStorageError.invalidName(name)) { try storage.storage(forCredential: name) }
            }
        }
    }

    @Test func namesDifferingOnlyByCaseCannotShareAFileOnACaseInsensitiveDisk() async throws {
        try await withStorage { (storage, directory) async throws in
            #expect(throws: TokenStorageError.invalidName("Work")) { try storage.storage(forCredential: "Work") }
            #expect(throws: TokenStorageError.invalidName("Prod")) {
                try EncryptedFileTokenStorage(directory: directory.url, key: .generate(), namespace: "Prod")
            }
            #expect(try storage.storage(forCredential: "work").credentialId == "work")
        }
    }

    @Test func aWriterGivesUpWhenAnotherProcessHoldsTheLockTooLong() async throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        let storage = try EncryptedFileTokenStorage(directory: directory.url, key: .generate(),
                                                    lockTimeout: .milliseconds(200))
        try await storage.store(token: token)
        // flock locks belong to open file descriptions, so this descriptor competes with the
        // storage's exactly as another process would.
        let lockPath = storage.tokenFile.deletingPathExtension().appendingPathExtension("lock").path
        let fd = open(lockPath, O_RDWR)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        await #expect(throws: TokenStorageError.lockTimeout(resource: lockPath, seconds: 0.2)) {
            try await storage.store(token: AccessToken(accessToken: "blocked"))
        }
        flock(fd, LOCK_UN)
        try await storage.store(token: AccessToken(accessToken: "after"))
        #expect(try await storage.get()?.accessToken == "after")
    }

    @Test func clearDeletesTheFileAndLeavesNoTemporaryFiles() async throws {
        try await withStorage { (storage, _) async throws in
            try await storage.store(token: token)
            try await storage.store(token: AccessToken(accessToken: "second"))
            try await storage.clear()
            #expect(try await storage.get() == nil)
            let names = try FileManager.default.contentsOfDirectory(atPath: storage.tokenFile.deletingLastPathComponent().path)
            #expect(names.filter { $0.hasSuffix(".token") || $0.hasSuffix(".tmp") }.isEmpty)
        }
    }
}

@Suite("Encrypted file storage keys")
struct StorageKeyTests {
    @Test func aKeyFileRoundTripsAndIsPrivate() async throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("token.key")
        let key = EncryptedFileTokenStorage.Key.generate()
        try key.write(to: file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let loaded = try EncryptedFileTokenStorage.Key(contentsOf: file)
        #expect(loaded.base64EncodedString() == key.base64EncodedString())
        // Writing a key never replaces one.
        #expect(throws: TokenStorageError.self) { try EncryptedFileTokenStorage.Key.generate().write(to: file) }
    }

    @Test func aKeyFileOthersCanReadIsRefused() throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("token.key")
        try EncryptedFileTokenStorage.Key.generate().write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(throws: TokenStorageError.insecureFile(path: file.path, mode: 0o644)) {
            try EncryptedFileTokenStorage.Key(contentsOf: file)
        }
    }

    @Test func aKeyComesFromAnEnvironmentVariable() throws {
        let key = EncryptedFileTokenStorage.Key.generate()
        let loaded = try EncryptedFileTokenStorage.Key(environmentVariable: "K", environment: ["K": key.base64EncodedString()])
        #expect(loaded.base64EncodedString() == key.base64EncodedString())
        #expect(throws: TokenStorageError.self) { try EncryptedFileTokenStorage.Key(environmentVariable: "K", environment: [:]) }
    }

    @Test func keysOfTheWrongLengthAreRefusedAndKeysNeverPrint() throws {
        #expect(throws: TokenStorageError.invalidKey(reason: "expected 32 bytes, got 16")) {
            try EncryptedFileTokenStorage.Key(rawBytes: [UInt8](repeating: 1, count: 16))
        }
        let key = try EncryptedFileTokenStorage.Key(rawBytes: [UInt8](repeating: 7, count: 32))
        #expect(!"\(key)".contains(key.base64EncodedString()))
        #expect("\(key)".contains("redacted"))
    }
}
