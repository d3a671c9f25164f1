import Foundation
import HTTPTypes

/// Removes secrets from what the SDK logs or puts in errors.
package enum Redaction {
    /// What stands in for a removed secret.
    package static let placeholder = "<redacted>"

    /// Header names whose values are secrets.
    package static let sensitiveHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "boxapi",
        "x-api-key", "www-authenticate",
    ]

    /// Query, form and JSON field names whose values are secrets.
    package static let sensitiveFields: Set<String> = [
        "access_token", "refresh_token", "client_secret", "code", "code_verifier", "password",
        "shared_link_password", "subject_token", "actor_token", "token", "assertion",
        "box_shared_link", "id_token", "client_assertion",
        // Signed (capability) URLs: whoever holds the signature holds the content.
        "sig", "signature", "ticket", "x-amz-signature", "x-amz-credential", "x-amz-security-token",
        "x-goog-signature", "x-goog-credential",
        // A realtime long-poll URL's channel lets its holder watch the user's event stream.
        "channel",
    ]

    /// Path segments after which the next segment is a capability (a download ticket, a
    /// shared-link token): `/dl/<ticket>`, `/d/<token>`, `/shared/static/<token>`.
    static let capabilityPathMarkers: Set<Substring> = ["dl", "d", "static"]

    /// A copy of `fields` with sensitive values replaced.
    package static func redact(_ fields: HTTPFields) -> [(name: String, value: String)] {
        fields.map { field in
            let name = field.name.canonicalName
            return (name, sensitiveHeaders.contains(name) ? placeholder : field.value)
        }
    }

    /// A URL string whose sensitive query values and capability path segments are replaced:
    /// the segment after `/dl/`, `/d/` or `/static/`, and any opaque segment of 32 or more
    /// characters (a signed token, never an id).
    package static func redact(url: String) -> String {
        let pathEnd = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
        let redactedPath = redact(pathOf: url[..<pathEnd])
        guard let questionMark = url.firstIndex(of: "?") else { return redactedPath + url[pathEnd...] }
        let base = redactedPath
        let query = url[url.index(after: questionMark)...]
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals].removingPercentEncoding ?? String(item[..<equals])
            return sensitiveFields.contains(name.lowercased()) ? "\(item[..<equals])=\(placeholder)" : String(item)
        }
        return "\(base)?\(items.joined(separator: "&"))"
    }

    /// The URL up to its query, with capability segments of its path replaced.
    private static func redact(pathOf url: Substring) -> String {
        // Leave the scheme and authority alone: only the path after them can be a capability.
        let pathStart = url.range(of: "://").flatMap { scheme in
            url[scheme.upperBound...].firstIndex(of: "/")
        } ?? url.startIndex
        let segments = url[pathStart...].split(separator: "/", omittingEmptySubsequences: false)
        var previous: Substring = ""
        let redacted = segments.map { segment -> Substring in
            defer { previous = segment }
            let opaque = segment.count >= 32 && !segment.allSatisfy(\.isNumber)
            return (capabilityPathMarkers.contains(previous) && !segment.isEmpty) || opaque
                ? Substring(placeholder) : segment
        }
        return String(url[..<pathStart]) + redacted.joined(separator: "/")
    }

    /// A JSON or form body with the values of sensitive fields replaced; bodies that are
    /// neither are returned unchanged.
    package static func redact(body: String) -> String {
        var text = body
        for name in sensitiveFields {
            // "name": "value"  (JSON). Box error bodies use `code` for the error code, which
            // is no secret; authorization codes travel in forms and queries only.
            if name != "code" {
                text = replaceMatches(in: text, pattern: "(\"\(name)\"\\s*:\\s*\")([^\"]*)(\")")
            }
            // name=value  (form)
            text = replaceMatches(in: text, pattern: "((?:^|&)\(name)=)([^&]*)()")
        }
        return text
    }

    private static func replaceMatches(in text: String, pattern: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return regex.stringByReplacingMatches(in: text, range: range, withTemplate: "$1\(placeholder)$3")
    }
}
