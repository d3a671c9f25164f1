/// A problem found while generating, with where it is.
///
/// Errors stop generation (nothing is written); warnings name a piece of the spec that was
/// skipped or simplified and generation goes on.
package struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    package enum Severity: String, Sendable, Hashable {
        /// The spec cannot be used; nothing is generated.
        case error
        /// Something was skipped or simplified; the output still compiles.
        case warning
    }

    /// Warnings of one kind that would otherwise fill a screen (an unknown `format` on every
    /// property that uses it) are reported as one line per ``group``, counting each
    /// ``item`` (``Diagnostic/summarized(_:)``).
    package struct Summary: Sendable, Hashable {
        /// What the line is about, in the plural (`unknown string formats`).
        package var group: String
        /// The thing counted (`'url'`).
        package var item: String
        /// What a place is, in the plural (`schemas`).
        package var places: String
        /// What was done (`read as String`).
        package var outcome: String

        /// Creates a summary key.
        package init(group: String, item: String, places: String, outcome: String) {
            self.group = group
            self.item = item
            self.places = places
            self.outcome = outcome
        }
    }

    /// What a warning is about, the same wherever it is found: warnings of one kind are
    /// reported as one line with a count and the first place (``Diagnostic/summarized(_:)``),
    /// with what to change in the spec.
    package struct Kind: Sendable, Hashable {
        /// What every place of the kind has in common (`` `nullable` is not an OpenAPI 3.1
        /// keyword ``).
        package var text: String
        /// What to change in the spec so the warning goes away (`` write `type: [T, "null"]` ``).
        package var hint: String?

        /// Creates a kind.
        package init(_ text: String, hint: String? = nil) {
            self.text = text
            self.hint = hint
        }
    }

    /// How serious it is.
    package let severity: Severity
    /// Where it is: a JSON pointer (`#/paths/~1files/post`) or `file:line:column`.
    package let location: String
    /// What is wrong and what was done about it.
    package let message: String
    /// Set when the same warning at other places is to be counted into one line.
    package var summary: Summary?
    /// The warning's kind; without one, a warning's kind is its message (every place where
    /// the same words are said is counted into one line).
    package var kind: Kind?
    /// For a summarized warning: every item and place, the first included, in the order found.
    package var occurrences: [Occurrence] = []

    /// One place a summarized warning was found.
    package struct Occurrence: Sendable, Hashable {
        /// The summary's item there (`'url'`).
        package var item: String
        /// Where.
        package var location: String
    }

    /// Creates a diagnostic.
    package init(_ severity: Severity, at location: String, _ message: String, summary: Summary? = nil,
                 kind: Kind? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.summary = summary
        self.kind = kind
    }

    /// A copy at another place, the rest unchanged.
    package func moved(to location: String) -> Diagnostic {
        var moved = Diagnostic(severity, at: location, message, summary: summary, kind: kind)
        moved.occurrences = occurrences
        return moved
    }

    /// `warning: #/paths/~1files/post/requestBody: unsupported content type text/csv`; a
    /// summary of several places counts them per item: `warning: unknown string formats,
    /// read as String: 'url' in 31 schemas, 'token' in 2 schemas; first at #/components/...`.
    ///
    /// Several places of one kind: `warning: `nullable` is not an OpenAPI 3.1 keyword (37
    /// places, first at #/components/schemas/X/properties/y): write `type: [T, "null"]``.
    package var description: String {
        let hint = kind?.hint.map { ": " + $0 } ?? ""
        if summary == nil, occurrences.count > 1 {
            return "\(severity.rawValue): \(kind?.text ?? message) (\(occurrences.count) places, first at \(location))\(hint)"
        }
        guard let summary, occurrences.count > 1 else {
            let text = summary.map { "\(message), \($0.outcome)" } ?? message
            return location.isEmpty ? "\(severity.rawValue): \(text)\(hint)"
                : "\(severity.rawValue): \(location): \(text)\(hint)"
        }
        // `places` is a plural ending in `s` (`schemas`); one place is said in the singular.
        let counts = Self.counts(of: occurrences).map {
            "\($0.item) in \($0.count) \($0.count == 1 ? String(summary.places.dropLast()) : summary.places)"
        }
        return "\(severity.rawValue): \(summary.group), \(summary.outcome): \(counts.joined(separator: ", ")); "
            + "first at \(location)\(hint)"
    }

    /// ``description`` and, for a summary of several places, one line per place.
    package var verboseDescription: String {
        guard occurrences.count > 1 else { return description }
        if summary == nil {
            return ([description] + occurrences.map { "  \($0.location): \($0.item)" }).joined(separator: "\n")
        }
        return ([description] + occurrences.map { "  \($0.item) at \($0.location)" }).joined(separator: "\n")
    }

    /// Items by how many places they are found in (most first; ties in the order found).
    private static func counts(of occurrences: [Occurrence]) -> [(item: String, count: Int)] {
        var counts: [(item: String, count: Int)] = []
        var index: [String: Int] = [:]
        for occurrence in occurrences {
            if let position = index[occurrence.item] {
                counts[position].count += 1
            } else {
                index[occurrence.item] = counts.count
                counts.append((occurrence.item, 1))
            }
        }
        let order = Dictionary(uniqueKeysWithValues: counts.enumerated().map { ($1.item, $0) })
        return counts.sorted { $0.count != $1.count ? $0.count > $1.count : order[$0.item, default: 0] < order[$1.item, default: 0] }
    }

    /// Warnings with a ``summary`` of the same severity and group merged into the first of
    /// them, which keeps its place in the list and its location and collects every place;
    /// other warnings merged the same way by ``kind`` (by message when they have none).
    /// Errors stay one per place.
    package static func summarized(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var firstIndex: [AnyHashable: Int] = [:]
        /// Adds `diagnostic`'s places to the first one of `key`, or keeps it as that first one.
        func merge(_ diagnostic: Diagnostic, key: AnyHashable, item: String) {
            let found = diagnostic.occurrences.isEmpty
                ? [Occurrence(item: item, location: diagnostic.location)] : diagnostic.occurrences
            if let index = firstIndex[key] {
                result[index].occurrences += found
            } else {
                firstIndex[key] = result.count
                var first = diagnostic
                first.occurrences = found
                result.append(first)
            }
        }
        for diagnostic in diagnostics {
            if let summary = diagnostic.summary {
                merge(diagnostic, key: "\(diagnostic.severity.rawValue)\u{0}\(summary.group)\u{0}\(summary.outcome)",
                      item: summary.item)
            } else if diagnostic.severity == .warning {
                merge(diagnostic, key: diagnostic.kind ?? Kind(diagnostic.message), item: diagnostic.message)
            } else {
                result.append(diagnostic)
            }
        }
        return result
    }
}
