import Crypto
import Foundation
import HTTPTypes

/// Checks that a webhook delivery comes from the API and is fresh, before its body is trusted.
///
/// The API signs each delivery twice, with the app's primary and secondary keys: each
/// signature is the base64 HMAC-SHA256 of the raw body bytes followed by the bytes of the
/// `BOX-DELIVERY-TIMESTAMP` header. A delivery is accepted when either signature matches its
/// key (so a key can be rotated without dropping deliveries), its signature version and
/// algorithm are known (`1`, `HmacSHA256`) and its timestamp is within ``maximumAge`` of now.
/// Signatures are compared in constant time.
///
/// ```swift
/// let validator = WebhookValidator(primaryKey: primary, secondaryKey: secondary)
/// switch validator.validate(body: rawBodyBytes, headers: requestHeaders) {
/// case .valid: handle(rawBodyBytes)
/// case .rejected(let reason): logger.warning("webhook rejected: \(reason)")
/// }
/// ```
///
/// Validate the bytes exactly as received, before any JSON parsing: re-encoding changes them.
/// The keys are secrets: descriptions, `dump` and logs show them redacted.
///
/// A valid delivery captured on the way can be sent again within ``maximumAge``. Give the
/// validator a ``WebhookReplayCache`` and a delivery it already accepted is refused as
/// ``WebhookRejection/replayed``. The cache remembers what is signed (the timestamp and the
/// body), not `BOX-DELIVERY-ID`: that header is not covered by the signature, so anyone
/// replaying a delivery could change it. The API's own retries are signed again at a new
/// timestamp (each with a new `BOX-DELIVERY-ID`), so they are accepted.
public struct WebhookValidator: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The header names of a delivery.
    public enum Header {
        /// A unique id for the delivery attempt (a retry has a new one; the body's `id` names
        /// the notification).
        public static let deliveryId = "BOX-DELIVERY-ID"
        /// When the delivery was signed, RFC 3339.
        public static let deliveryTimestamp = "BOX-DELIVERY-TIMESTAMP"
        /// The signature under the primary key.
        public static let signaturePrimary = "BOX-SIGNATURE-PRIMARY"
        /// The signature under the secondary key.
        public static let signatureSecondary = "BOX-SIGNATURE-SECONDARY"
        /// The signature scheme's version, `1`.
        public static let signatureVersion = "BOX-SIGNATURE-VERSION"
        /// The signature algorithm, `HmacSHA256`.
        public static let signatureAlgorithm = "BOX-SIGNATURE-ALGORITHM"
    }

    private let primaryKey: SymmetricKey?
    private let secondaryKey: SymmetricKey?
    /// Where accepted deliveries are remembered, to refuse them when they come again; `nil`
    /// (the default) remembers nothing.
    public var replayCache: WebhookReplayCache?
    /// How old a delivery may be; 10 minutes by default. Deliveries signed further than this
    /// in the future are rejected too.
    public var maximumAge: Duration

    /// Creates a validator for the app's keys; give at least one.
    ///
    /// - Parameters:
    ///   - primaryKey: The primary signature key from the app's settings.
    ///   - secondaryKey: The secondary signature key.
    ///   - maximumAge: How old a delivery may be.
    ///   - replayCache: Remembers accepted deliveries so that a replay is refused.
    public init(primaryKey: String?, secondaryKey: String? = nil, maximumAge: Duration = .seconds(600),
                replayCache: WebhookReplayCache? = nil) {
        self.primaryKey = primaryKey.flatMap { $0.isEmpty ? nil : SymmetricKey(data: Array($0.utf8)) }
        self.secondaryKey = secondaryKey.flatMap { $0.isEmpty ? nil : SymmetricKey(data: Array($0.utf8)) }
        self.maximumAge = maximumAge
        self.replayCache = replayCache
    }

    /// Validates a delivery whose headers are given by name (matched case-insensitively).
    ///
    /// - Parameters:
    ///   - body: The request body exactly as received.
    ///   - headers: The request headers.
    ///   - now: The time to judge freshness by.
    public func validate(body: some Collection<UInt8>, headers: [String: String], now: Date = Date()) -> WebhookValidationResult {
        var lowercased: [String: String] = [:]
        for (name, value) in headers { lowercased[name.lowercased()] = value }
        return validate(body: Array(body), now: now) { lowercased[$0.lowercased()] }
    }

    /// Validates a delivery received as `HTTPFields` (Hummingbird, swift-http-types).
    ///
    /// - Parameters:
    ///   - body: The request body exactly as received.
    ///   - headers: The request headers.
    ///   - now: The time to judge freshness by.
    public func validate(body: some Collection<UInt8>, headers: HTTPFields, now: Date = Date()) -> WebhookValidationResult {
        validate(body: Array(body), now: now) { name in HTTPField.Name(name).flatMap { headers[$0] } }
    }

    private func validate(body: [UInt8], now: Date, header: (String) -> String?) -> WebhookValidationResult {
        guard primaryKey != nil || secondaryKey != nil else { return .rejected(.noKeys) }
        guard let version = header(Header.signatureVersion) else { return .rejected(.missingHeader(Header.signatureVersion)) }
        guard version.trimmingCharacters(in: .whitespaces) == "1" else { return .rejected(.unsupportedSignatureVersion(version)) }
        guard let algorithm = header(Header.signatureAlgorithm) else { return .rejected(.missingHeader(Header.signatureAlgorithm)) }
        guard algorithm.trimmingCharacters(in: .whitespaces) == "HmacSHA256" else {
            return .rejected(.unsupportedSignatureAlgorithm(algorithm))
        }
        guard let timestamp = header(Header.deliveryTimestamp) else { return .rejected(.missingHeader(Header.deliveryTimestamp)) }
        guard let signedAt = Self.parseTimestamp(timestamp) else { return .rejected(.malformedTimestamp) }
        let age = now.timeIntervalSince(signedAt)
        let limit = Self.seconds(maximumAge)
        if age > limit { return .rejected(.expired(age: .seconds(age))) }
        if -age > limit { return .rejected(.timestampInFuture) }

        let primarySignature = header(Header.signaturePrimary)
        let secondarySignature = header(Header.signatureSecondary)
        if primarySignature == nil && secondarySignature == nil { return .rejected(.missingHeader(Header.signaturePrimary)) }
        var signed = body
        signed.append(contentsOf: Array(timestamp.utf8))
        var sawMalformed = false
        for (key, signature, which) in [(primaryKey, primarySignature, WebhookSignatureKey.primary),
                                        (secondaryKey, secondarySignature, WebhookSignatureKey.secondary)] {
            guard let key, let signature else { continue }
            guard let given = Data(base64Encoded: signature.trimmingCharacters(in: .whitespaces)) else {
                sawMalformed = true
                continue
            }
            let expected = Array(HMAC<SHA256>.authenticationCode(for: signed, using: key))
            guard Self.constantTimeEqual(expected, Array(given)) else { continue }
            if let replayCache {
                // The same signed content under either key is the same delivery.
                let fingerprint = Data(SHA256.hash(data: signed)).base64EncodedString()
                guard replayCache.admit(fingerprint, signedAt: signedAt, now: now, maximumAge: limit) else {
                    return .rejected(.replayed)
                }
            }
            return .valid(which)
        }
        return .rejected(sawMalformed ? .malformedSignature : .signatureMismatch)
    }

    /// Compares every byte whatever the first difference, so timing does not tell how much
    /// of a forged signature is right.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    static func parseTimestamp(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date(trimmed, strategy: .iso8601) { return date }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: trimmed) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: trimmed)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `WebhookValidator(primaryKey: <redacted>, secondaryKey: nil, maximumAge: 600.0 seconds)`.
    public var description: String { RedactedDescription.describe(self) }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the keys redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "primaryKey": RedactedDescription.redact(primaryKey) as Any,
            "secondaryKey": RedactedDescription.redact(secondaryKey) as Any,
            "maximumAge": maximumAge,
        ], displayStyle: .struct)
    }
}

/// Which key a valid delivery was signed with.
public enum WebhookSignatureKey: String, Sendable, Hashable {
    /// The primary key.
    case primary
    /// The secondary key.
    case secondary
}

/// The outcome of validating a delivery with ``WebhookValidator``.
public enum WebhookValidationResult: Sendable, Hashable {
    /// The delivery is authentic and fresh; signed with this key.
    case valid(WebhookSignatureKey)
    /// The delivery must not be trusted, for this reason.
    case rejected(WebhookRejection)

    /// Whether the delivery may be trusted.
    public var isValid: Bool {
        if case .valid = self { return true }
        return false
    }
}

/// Why a webhook delivery was rejected.
public enum WebhookRejection: Sendable, Hashable, CustomStringConvertible {
    /// The validator has no key to check with.
    case noKeys
    /// A header the check needs is absent.
    case missingHeader(String)
    /// `BOX-SIGNATURE-VERSION` is not `1`.
    case unsupportedSignatureVersion(String)
    /// `BOX-SIGNATURE-ALGORITHM` is not `HmacSHA256`.
    case unsupportedSignatureAlgorithm(String)
    /// `BOX-DELIVERY-TIMESTAMP` is not an RFC 3339 date.
    case malformedTimestamp
    /// The delivery was signed longer ago than the maximum age.
    case expired(age: Duration)
    /// The delivery claims to be signed further in the future than the maximum age.
    case timestampInFuture
    /// A signature is not valid base64 and no other signature matched.
    case malformedSignature
    /// No signature matches its key: the body, the timestamp or the key differs.
    case signatureMismatch
    /// The same signed delivery was accepted before (see ``WebhookReplayCache``).
    case replayed

    /// A sentence naming the reason.
    public var description: String {
        switch self {
        case .noKeys: "No signature key is configured."
        case .missingHeader(let name): "The \(name) header is missing."
        case .unsupportedSignatureVersion(let version): "The signature version '\(version)' is not supported."
        case .unsupportedSignatureAlgorithm(let algorithm): "The signature algorithm '\(algorithm)' is not supported."
        case .malformedTimestamp: "The delivery timestamp is not an RFC 3339 date."
        case .expired(let age): "The delivery is too old (\(age))."
        case .timestampInFuture: "The delivery timestamp is in the future."
        case .malformedSignature: "The signature is not valid base64."
        case .signatureMismatch: "The signature does not match."
        case .replayed: "The delivery was accepted before; this is a replay."
        }
    }
}
