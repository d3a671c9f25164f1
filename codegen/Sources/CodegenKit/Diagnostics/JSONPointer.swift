import Foundation

/// A location in the spec as a JSON pointer fragment (RFC 6901), e.g.
/// `#/paths/~1files~1{file_id}/get/parameters/0`.
struct JSONPointer: Hashable, CustomStringConvertible {
    private(set) var tokens: [String]

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

    var description: String {
        guard !tokens.isEmpty else { return "#" }
        var text = "#"
        for token in tokens {
            text += "/"
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                text += token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                text += token
            }
        }
        return text
    }
}
