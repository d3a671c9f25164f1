import Crypto
import Foundation

extension EncryptedFileTokenStorage {
    /// The 256-bit AES key an ``EncryptedFileTokenStorage`` seals its files with.
    ///
    /// The app supplies it: as raw bytes, from a key file, or from an environment variable
    /// holding it in base64. ``generate()`` makes a new one. Its `description` never shows
    /// the key.
    ///
    /// ```swift
    /// // Once, at install time:
    /// try EncryptedFileTokenStorage.Key.generate().write(to: URL(fileURLWithPath: "/etc/myapp/token.key"))
    /// // At every start:
    /// let key = try EncryptedFileTokenStorage.Key(contentsOf: URL(fileURLWithPath: "/etc/myapp/token.key"))
    /// // or, with BOXLIKE_TOKEN_KEY=<base64> in the environment:
    /// let key = try EncryptedFileTokenStorage.Key(environmentVariable: "BOXLIKE_TOKEN_KEY")
    /// ```
    public struct Key: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        /// The number of bytes in a key.
        public static let byteCount = 32

        let symmetricKey: SymmetricKey
        /// A short fingerprint written into every file, so that a wrong key is reported as
        /// such rather than as tampering. It is an HMAC, so it reveals nothing about the key.
        let identifier: [UInt8]

        /// A key made of exactly 32 raw bytes.
        public init(rawBytes: some ContiguousBytes) throws {
            let bytes = rawBytes.withUnsafeBytes { Array($0) }
            guard bytes.count == Self.byteCount else {
                throw TokenStorageError.invalidKey(reason: "expected \(Self.byteCount) bytes, got \(bytes.count)")
            }
            self.init(checked: SymmetricKey(data: bytes))
        }

        private init(checked key: SymmetricKey) {
            self.symmetricKey = key
            let mac = HMAC<SHA256>.authenticationCode(for: Array("boxlike-token-key-id".utf8), using: key)
            self.identifier = Array(Array(mac).prefix(8))
        }

        /// A key from its base64 text (surrounding whitespace is ignored).
        public init(base64Encoded text: String) throws {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let data = Data(base64Encoded: trimmed) else {
                throw TokenStorageError.invalidKey(reason: "not base64")
            }
            try self.init(rawBytes: data)
        }

        /// A key read from `file`, which holds either 32 raw bytes or their base64 text.
        ///
        /// The file must belong to this user and be closed to everyone else (mode 0600 or
        /// stricter), like an SSH private key.
        public init(contentsOf file: URL) throws {
            guard let data = try SecureFiles.readPrivateFile(file.path) else {
                throw TokenStorageError.invalidKey(reason: "no key file at \(file.path)")
            }
            if data.count == Self.byteCount {
                try self.init(rawBytes: data)
            } else {
                try self.init(base64Encoded: String(decoding: data, as: UTF8.self))
            }
        }

        /// A key from the base64 text in the environment variable `name`.
        public init(
            environmentVariable name: String = "BOXLIKE_TOKEN_KEY",
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) throws {
            guard let text = environment[name], !text.isEmpty else {
                throw TokenStorageError.invalidKey(reason: "the environment variable \(name) is not set")
            }
            try self.init(base64Encoded: text)
        }

        /// A new random key from the system's secure random generator.
        public static func generate() -> Key {
            Key(checked: SymmetricKey(size: .bits256))
        }

        /// The key as base64 text, to put in a key file or a secret manager. Handle it as the
        /// secret it is.
        public func base64EncodedString() -> String {
            symmetricKey.withUnsafeBytes { Data($0).base64EncodedString() }
        }

        /// Writes the key as base64 text to a new file with mode 0600; never replaces an
        /// existing file.
        public func write(to file: URL) throws {
            try SecureFiles.createPrivateFile(file.path, data: Data((base64EncodedString() + "\n").utf8))
        }

        /// A description without the key.
        public var description: String { "EncryptedFileTokenStorage.Key(<redacted>)" }
        /// A description without the key.
        public var debugDescription: String { description }
    }
}
