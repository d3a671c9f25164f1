/// Where the parts of a bundled document came from, so a diagnostic about
/// `#/components/schemas/Pet/properties/age` can name `models/pet.yaml#/properties/age`.
///
/// Parts not listed came from the root file and keep their `#/...` pointer.
package struct SourceMap: Sendable, Hashable {
    struct Entry: Hashable, Sendable {
        /// Where the part is in the bundled document.
        var bundled: JSONPointer
        /// The file it came from, as diagnostics name it.
        var file: String
        /// Where it is in that file.
        var origin: JSONPointer
    }

    private(set) var entries: [Entry] = []

    /// An empty map: everything came from the root file.
    package init() {}

    mutating func add(bundled: JSONPointer, file: String, origin: JSONPointer) {
        entries.append(Entry(bundled: bundled, file: file, origin: origin))
    }

    /// Changes the bundled pointers of entries, for names decided after they were added.
    mutating func renameBundledTokens(_ rename: (String) -> String) {
        for index in entries.indices {
            entries[index].bundled = JSONPointer(entries[index].bundled.tokens.map(rename))
        }
    }

    /// The location a pointer into the bundled document has in its own file: unchanged
    /// for the root file, `file#/pointer` for the others.
    func location(of pointer: JSONPointer) -> String {
        var best: Entry?
        for entry in entries where entry.bundled.contains(pointer) {
            if best.map({ entry.bundled.tokens.count > $0.bundled.tokens.count }) ?? true { best = entry }
        }
        guard let best else { return pointer.description }
        let rest = pointer.tokens.dropFirst(best.bundled.tokens.count)
        return best.file + JSONPointer(best.origin.tokens + rest).description
    }

    /// A diagnostic's location translated by ``location(of:)`` when it is a pointer.
    package func relocated(_ diagnostic: Diagnostic) -> Diagnostic {
        guard !entries.isEmpty, diagnostic.location.hasPrefix("#"),
              let pointer = JSONPointer(parsing: diagnostic.location) else { return diagnostic }
        return diagnostic.moved(to: location(of: pointer))
    }
}
