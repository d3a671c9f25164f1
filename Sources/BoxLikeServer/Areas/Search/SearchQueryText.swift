/// The `query` of `GET /search` with Box's operators: words, `"exact phrases"`, `AND`, `OR`
/// and `NOT` (upper case only; lower-case `and`, `or`, `not` are words). Words next to each
/// other without an operator match when either does (Box reads them as `OR`); `AND` binds
/// tighter than `OR`, and `NOT` applies to the term after it.
///
/// ```
/// marketing AND NOT "box works"
/// ```
indirect enum SearchQueryText: Sendable, Equatable {
    /// A word, matched anywhere in the text without regard to case.
    case word(String)
    /// Words that must follow each other in this order, whatever separates them
    /// (`"Blue-Box"` finds `blue.box` and `Blue Box`).
    case phrase([String])
    case and(SearchQueryText, SearchQueryText)
    case or(SearchQueryText, SearchQueryText)
    case not(SearchQueryText)
    /// An empty query: everything matches.
    case everything

    /// Reads `query`; operators where no term can follow them are left out rather than refused.
    static func parse(_ query: String) -> SearchQueryText {
        var parser = Parser(tokens: tokenize(query))
        return parser.expression() ?? .everything
    }

    /// Whether `text` (an item's searchable text) satisfies the query.
    func matches(_ text: SearchableText) -> Bool {
        switch self {
        case .everything: true
        case .word(let word): text.lowercased.contains(word)
        case .phrase(let words): text.contains(phrase: words)
        case .and(let left, let right): left.matches(text) && right.matches(text)
        case .or(let left, let right): left.matches(text) || right.matches(text)
        case .not(let inner): !inner.matches(text)
        }
    }

    /// The words and phrases the query looks for (not those after `NOT`), for ranking.
    var soughtTerms: [SearchQueryText] {
        switch self {
        case .word, .phrase: [self]
        case .and(let left, let right), .or(let left, let right): left.soughtTerms + right.soughtTerms
        case .not, .everything: []
        }
    }

    // MARK: - Reading

    private enum Token: Equatable {
        case word(String)
        case phrase([String])
        case and, or, not
    }

    private static func tokenize(_ query: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(query)
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
            } else if first == "\"" {
                let body = rest.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                let words = SearchableText.words(of: body[..<end])
                if !words.isEmpty { tokens.append(.phrase(words)) }
                rest = end == body.endIndex ? body[end...] : body[body.index(after: end)...]
            } else {
                let end = rest.firstIndex { $0.isWhitespace || $0 == "\"" } ?? rest.endIndex
                let word = String(rest[..<end])
                switch word {
                case "AND": tokens.append(.and)
                case "OR": tokens.append(.or)
                case "NOT": tokens.append(.not)
                default: tokens.append(.word(word.lowercased()))
                }
                rest = rest[end...]
            }
        }
        return tokens
    }

    private struct Parser {
        let tokens: [Token]
        var position = 0

        var peek: Token? { position < tokens.count ? tokens[position] : nil }

        /// Terms side by side, or with `OR` between them.
        mutating func expression() -> SearchQueryText? {
            var result: SearchQueryText?
            while position < tokens.count {
                if peek == .or || peek == .and {
                    position += 1
                    continue
                }
                guard let next = conjunction() else { break }
                result = result.map { .or($0, next) } ?? next
            }
            return result
        }

        mutating func conjunction() -> SearchQueryText? {
            guard var left = negation() else { return nil }
            while peek == .and {
                position += 1
                guard let right = negation() else { break }
                left = .and(left, right)
            }
            return left
        }

        mutating func negation() -> SearchQueryText? {
            if peek == .not {
                position += 1
                return negation().map { .not($0) }
            }
            switch peek {
            case .word(let word):
                position += 1
                return .word(word)
            case .phrase(let words):
                position += 1
                return .phrase(words)
            case .and, .or, .not, nil:
                return nil
            }
        }
    }
}

/// The text search looks in, prepared once per item: lower-cased as it is, and as its words
/// (letters and digits) separated by single spaces, for phrases.
struct SearchableText {
    let lowercased: String
    private let spacedWords: String

    init(_ text: String) {
        lowercased = text.lowercased()
        spacedWords = " " + Self.words(of: text[...]).joined(separator: " ") + " "
    }

    /// Whether `words` follow each other in the text.
    func contains(phrase words: [String]) -> Bool {
        spacedWords.contains(" " + words.joined(separator: " ") + " ")
    }

    /// The lower-cased runs of letters and digits in `text`.
    static func words(of text: Substring) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
