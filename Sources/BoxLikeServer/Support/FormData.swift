import Foundation

/// `application/x-www-form-urlencoded` and query-string decoding.
enum FormData {
    static func parse(_ text: String) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = decode(parts.first.map(String.init) ?? "")
            let value = parts.count > 1 ? decode(String(parts[1])) : ""
            return (key, value)
        }
    }

    static func dictionary(_ text: String) -> [String: String] {
        Dictionary(parse(text), uniquingKeysWith: { first, _ in first })
    }

    static func decode(_ text: String) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
