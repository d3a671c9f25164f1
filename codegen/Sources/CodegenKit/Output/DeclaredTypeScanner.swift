import Foundation

/// Lists the type names hand-written Swift files declare, so generated types in the same
/// module can avoid them (a schema `AccessToken` next to a hand-written `AccessToken`
/// becomes `AccessTokenModel` instead of a compile error).
///
/// A light textual scan, not a parse: it looks for `struct`, `enum`, `class`, `actor`,
/// `protocol` and `typealias` declarations at the top level (unindented lines). File base names are
/// included too, since two files with one name cannot live in one module.
package enum DeclaredTypeScanner {
    /// Names declared in the Swift files below `directory`, skipping `excluding`.
    package static func declaredNames(in directory: URL, excluding excluded: URL? = nil) -> Set<String> {
        var names: Set<String> = []
        let excludedPath = excluded?.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            if let excludedPath, path == excludedPath || path.hasPrefix(excludedPath + "/") { continue }
            names.insert(url.deletingPathExtension().lastPathComponent)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            names.formUnion(declaredNames(inSource: text))
        }
        return names
    }

    /// Names declared in one file's text.
    package static func declaredNames(inSource text: String) -> Set<String> {
        let kinds: Set<Substring> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
        let modifiers: Set<Substring> = ["public", "internal", "fileprivate", "private", "package", "final",
                                          "open", "indirect", "nonisolated", "@frozen", "@MainActor"]
        var names: Set<String> = []
        for line in text.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            var index = 0
            while index < words.count, modifiers.contains(words[index]) {
                index += 1
            }
            guard index + 1 < words.count, kinds.contains(words[index]) else { continue }
            let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.insert(String(name)) }
        }
        return names
    }
}
