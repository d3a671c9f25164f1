import Foundation

/// A location in the spec as a JSON pointer fragment (RFC 6901), e.g.
/// `#/paths/~1files~1{file_id}/get/parameters/0`.
struct JSONPointer: Hashable, CustomStringConvertible {
    let tokens: [String]

    init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    static let root = JSONPointer()

    /// The pointer one level further down.
    func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens + [token])
    }

    /// The pointer several levels further down.
    func appending(_ more: String...) -> JSONPointer {
        JSONPointer(tokens + more)
    }

    /// Parses a pointer written as a fragment (`#/a~1b/0`) or plainly (`/a~1b/0`); `#` and
    /// the empty string are the root.
    ///
    /// - Parameter percentEncoded: Whether to decode `%20`-style escapes first, as in a
    ///   `$ref`'s URI fragment.
    init?(parsing text: String, percentEncoded: Bool = false) {
        var body = Substring(text)
        if body.hasPrefix("#") { body = body.dropFirst() }
        // Most pointers (`#/components/schemas/File`) have nothing to unescape.
        if body.hasPrefix("/"), !body.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "%") }) {
            self.init(body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init))
            return
        }
        let decoded = percentEncoded ? (body.removingPercentEncoding ?? String(body)) : String(body)
        if decoded.isEmpty {
            self.init()
            return
        }
        guard decoded.hasPrefix("/") else { return nil }
        self.init(decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        })
    }

    /// Whether `other` is this pointer or below it.
    func contains(_ other: JSONPointer) -> Bool {
        other.tokens.starts(with: tokens)
    }

    var description: String {
        guard !tokens.isEmpty else { return "#" }
        var text = "#"
        for token in tokens {
            text += "/"
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                for character in token.unicodeScalars {
                    switch character {
                    case "~": text += "~0"
                    case "/": text += "~1"
                    default: text.unicodeScalars.append(character)
                    }
                }
            } else {
                text += token
            }
        }
        return text
    }
}
