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
    ]

    /// A copy of `fields` with sensitive values replaced.
    package static func redact(_ fields: HTTPFields) -> [(name: String, value: String)] {
        fields.map { field in
            let name = field.name.canonicalName
            return (name, sensitiveHeaders.contains(name) ? placeholder : field.value)
        }
    }

    /// A URL string whose sensitive query values are replaced.
    package static func redact(url: String) -> String {
        guard let questionMark = url.firstIndex(of: "?") else { return url }
        let base = url[..<questionMark]
        let query = url[url.index(after: questionMark)...]
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals].removingPercentEncoding ?? String(item[..<equals])
            return sensitiveFields.contains(name.lowercased()) ? "\(item[..<equals])=\(placeholder)" : String(item)
        }
        return "\(base)?\(items.joined(separator: "&"))"
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
