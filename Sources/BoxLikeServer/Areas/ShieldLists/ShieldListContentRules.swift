import BoxLikeJSON
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and checks the `content` of a shield list request: its `type`, and entries of that
/// kind — ISO 3166 two-letter country codes, domain names, email addresses, or IP addresses
/// and CIDR ranges (IPv4 or IPv6) — at least one, none repeated.
enum ShieldListContentRules {
    static func content(from value: JSONValue?) throws -> ShieldListContent {
        guard let value, let typeName = value["type"]?.stringValue else { throw ServerErrorResponse.badRequest("content.type is required") }
        guard let kind = ShieldListContent.Kind(rawValue: typeName) else {
            throw ServerErrorResponse.badRequest("content.type must be one of country, domain, email, ip")
        }
        guard let raw = value[kind.member]?.arrayValue else { throw ServerErrorResponse.badRequest("content.\(kind.member) is required") }
        let entries = try raw.map { entry in
            guard let text = entry.stringValue else { throw ServerErrorResponse.badRequest("content.\(kind.member) must hold strings") }
            return text
        }
        guard !entries.isEmpty else { throw ServerErrorResponse.badRequest("content.\(kind.member) must not be empty") }
        guard Set(entries).count == entries.count else { throw ServerErrorResponse.badRequest("content.\(kind.member) must not repeat an entry") }
        if let invalid = entries.first(where: { !isValid($0, kind: kind) }) {
            throw ServerErrorResponse.badRequest("'\(invalid)' is not a valid \(kind.rawValue) entry")
        }
        return ShieldListContent(kind: kind, entries: entries)
    }

    static func isValid(_ entry: String, kind: ShieldListContent.Kind) -> Bool {
        switch kind {
        case .country: entry.count == 2 && entry.allSatisfy { $0.isASCII && $0.isLetter }
        case .domain: isDomain(entry)
        case .email: isEmail(entry)
        case .ip: isAddressOrRange(entry)
        }
    }

    static func isDomain(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, text.count <= 253 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(where: \.isWhitespace) else { return false }
        return isDomain(String(parts[1]))
    }

    /// An IPv4 or IPv6 address, optionally with a `/prefix` no longer than the address.
    static func isAddressOrRange(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        let address = String(parts[0])
        let bits: Int
        if isAddress(address, family: AF_INET) {
            bits = 32
        } else if isAddress(address, family: AF_INET6) {
            bits = 128
        } else {
            return false
        }
        guard parts.count == 2 else { return true }
        guard let prefix = Int(parts[1]), parts[1].allSatisfy(\.isNumber) else { return false }
        return (0...bits).contains(prefix)
    }

    private static func isAddress(_ text: String, family: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return text.withCString { inet_pton(family, $0, &buffer) } == 1
    }
}
