/// Why a ``JWTConfig`` cannot be used: an app settings file that cannot be read, a field
/// that is missing, or a private key that cannot sign JWT assertions.
///
/// Each problem has its own ``Kind``, so a caller can tell a wrong passphrase from an EC key
/// without reading the message. The message names the problem and never contains key
/// material, a passphrase or a client secret.
///
/// ```swift
/// do {
///     let config = try JWTConfig.fromConfigFile(path: "config.json")
/// } catch let error as JWTConfigError where error.kind == .wrongPassphrase {
///     print("Check the passphrase in config.json")
/// }
/// ```
public struct JWTConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The app settings file could not be read.
        case unreadableConfigFile
        /// The app settings are not JSON, or not shaped like Box app settings.
        case malformedConfig
        /// A required field of the app settings is absent or empty (see ``JWTConfigError/field``).
        case missingField
        /// The configuration names neither an enterprise nor a user to authenticate as.
        case missingSubject
        /// The private key is encrypted and no passphrase was given.
        case missingPassphrase
        /// The passphrase does not decrypt the private key.
        case wrongPassphrase
        /// The text is not a PEM private key: a certificate, a public key, or no PEM at all.
        case wrongPEMKind
        /// The private key is not an RSA key (an EC or Ed25519 key, say); JWT assertions
        /// here are signed with RSA.
        case unsupportedKeyAlgorithm
        /// The RSA key is smaller than 2048 or larger than 4096 bits.
        case unsupportedKeySize
        /// The private key is encrypted with a scheme other than PBES2 with PBKDF2 and
        /// AES-CBC (legacy `Proc-Type` PEM encryption, PBES1, scrypt...).
        case unsupportedKeyEncryption
        /// The PEM block's content is not a well-formed key.
        case malformedPrivateKey
    }

    /// What is wrong, for `switch`ing.
    public let kind: Kind
    /// What went wrong, in a sentence with no secrets in it.
    public let message: String
    /// For ``Kind/missingField``: the missing field's path (`boxAppSettings.appAuth.privateKey`).
    public let field: String?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, field: String? = nil) {
        self.kind = kind
        self.message = message
        self.field = field
    }

    /// The message.
    public var description: String { "JWTConfigError.\(kind): \(message)" }

    static func missingField(_ path: String) -> JWTConfigError {
        JWTConfigError(.missingField, "The app settings have no \(path).", field: path)
    }
}
