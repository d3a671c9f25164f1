import BoxLikeJSON
import Foundation

/// Box's metadata query language, as far as the server serves it: comparisons of template
/// fields with `:name` parameters or literals (`=`, `!=`, `<`, `<=`, `>`, `>=`, `LIKE`,
/// `ILIKE`, `IS NULL`, `IS NOT NULL`), lists (`IN`, and for multi-select fields `HASANY` and
/// `HASALL`), combined with `AND`, `OR`, `NOT` and parentheses.
///
/// ```
/// amount >= :min AND (region = :region OR region ILIKE 'north%')
/// region IN (:first, :second) AND tags HASALL (:urgent, :legal)
/// ```
indirect enum MetadataQuery: Sendable {
    /// How a field is compared with a list of values.
    enum ListMatch: String, Sendable {
        /// The field's value is one of the list's (for a multi-select field: one of its values is).
        case `in` = "IN"
        /// Some value of a multi-select field is in the list.
        case hasAny = "HASANY"
        /// Every value in the list is among the multi-select field's values.
        case hasAll = "HASALL"
    }

    case comparison(field: String, op: String, value: JSONValue)
    case list(field: String, match: ListMatch, values: [JSONValue])
    case isNull(field: String, negated: Bool)
    case and(MetadataQuery, MetadataQuery)
    case or(MetadataQuery, MetadataQuery)
    case not(MetadataQuery)
    case always

    /// A query that cannot be parsed or refers to a missing parameter.
    struct Invalid: Error {
        let message: String
    }

    /// Parses `text`, taking `:name` values from `parameters`.
    static func parse(_ text: String?, parameters: [String: JSONValue]) throws -> MetadataQuery {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return .always }
        var parser = Parser(tokens: try tokenize(text), parameters: parameters)
        let query = try parser.expression()
        guard parser.atEnd else { throw Invalid(message: "unexpected '\(parser.peek ?? "")' in the query") }
        return query
    }

    /// Whether an instance's values satisfy the query.
    func matches(_ instance: [String: JSONValue]) -> Bool {
        switch self {
        case .always: return true
        case .and(let left, let right): return left.matches(instance) && right.matches(instance)
        case .or(let left, let right): return left.matches(instance) || right.matches(instance)
        case .not(let inner): return !inner.matches(instance)
        case .isNull(let field, let negated):
            let missing = instance[field] == nil || instance[field] == .null
            return negated ? !missing : missing
        case .list(let field, let match, let values):
            guard let actual = instance[field], actual != .null else { return false }
            let chosen = actual.arrayValue ?? [actual]
            let isListed = { (value: JSONValue) in values.contains { Self.ordering(value, $0) == 0 } }
            switch match {
            case .in, .hasAny: return chosen.contains(where: isListed)
            case .hasAll: return values.allSatisfy { wanted in chosen.contains { Self.ordering($0, wanted) == 0 } }
            }
        case .comparison(let field, let op, let value):
            guard let actual = instance[field], actual != .null else { return false }
            // A multi-select field matches when any chosen option does.
            if case .array(let chosen) = actual { return chosen.contains { Self.compare($0, op, value) } }
            return Self.compare(actual, op, value)
        }
    }

    private static func compare(_ actual: JSONValue, _ op: String, _ expected: JSONValue) -> Bool {
        switch op {
        case "LIKE", "ILIKE":
            guard let text = actual.stringValue, let pattern = expected.stringValue else { return false }
            return like(text, pattern, caseInsensitive: op == "ILIKE")
        default:
            guard let order = ordering(actual, expected) else { return op == "!=" }
            switch op {
            case "=": return order == 0
            case "!=": return order != 0
            case "<": return order < 0
            case "<=": return order <= 0
            case ">": return order > 0
            case ">=": return order >= 0
            default: return false
            }
        }
    }

    /// -1, 0 or 1 for two numbers, two dates or two strings; `nil` when they do not compare.
    static func ordering(_ left: JSONValue, _ right: JSONValue) -> Int? {
        if let a = left.numberValue, let b = right.numberValue { return a < b ? -1 : (a > b ? 1 : 0) }
        guard let a = left.stringValue, let b = right.stringValue else { return nil }
        if let x = Timestamp.parse(a), let y = Timestamp.parse(b), a.contains("-"), b.contains("-") {
            return x < y ? -1 : (x > y ? 1 : 0)
        }
        return a < b ? -1 : (a > b ? 1 : 0)
    }

    /// SQL `LIKE`: `%` any run, `_` one character.
    static func like(_ text: String, _ pattern: String, caseInsensitive: Bool) -> Bool {
        let subject = Array(caseInsensitive ? text.lowercased() : text)
        let shape = Array(caseInsensitive ? pattern.lowercased() : pattern)
        // Classic wildcard matching with backtracking to the last `%`.
        var s = 0, p = 0
        var star: Int?, resume = 0
        while s < subject.count {
            if p < shape.count, shape[p] == "_" || shape[p] == subject[s] {
                s += 1
                p += 1
            } else if p < shape.count, shape[p] == "%" {
                star = p
                resume = s
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                s = resume
            } else {
                return false
            }
        }
        while p < shape.count, shape[p] == "%" { p += 1 }
        return p == shape.count
    }

    // MARK: - Tokens

    private static func tokenize(_ text: String) throws -> [String] {
        var tokens: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "(" || character == ")" || character == "," {
                tokens.append(String(character))
                index += 1
            } else if "<>!=".contains(character) {
                var op = String(character)
                if index + 1 < characters.count, characters[index + 1] == "=" || (character == "<" && characters[index + 1] == ">") {
                    op.append(characters[index + 1])
                }
                tokens.append(op == "<>" ? "!=" : op)
                index += op.count
            } else if character == "'" {
                var literal = "'"
                index += 1
                var closed = false
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            literal.append("'")
                            index += 2
                            continue
                        }
                        closed = true
                        index += 1
                        break
                    }
                    literal.append(characters[index])
                    index += 1
                }
                guard closed else { throw Invalid(message: "a string in the query is not closed") }
                tokens.append(literal)
            } else {
                var word = ""
                while index < characters.count, !characters[index].isWhitespace, !"()<>!=',".contains(characters[index]) {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(word)
            }
        }
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        let parameters: [String: JSONValue]
        var position = 0

        var atEnd: Bool { position >= tokens.count }
        var peek: String? { atEnd ? nil : tokens[position] }

        mutating func next() throws -> String {
            guard let token = peek else { throw Invalid(message: "the query ends too early") }
            position += 1
            return token
        }

        mutating func keyword(_ word: String) -> Bool {
            if peek?.uppercased() == word {
                position += 1
                return true
            }
            return false
        }

        mutating func expression() throws -> MetadataQuery {
            var left = try conjunction()
            while keyword("OR") { left = .or(left, try conjunction()) }
            return left
        }

        mutating func conjunction() throws -> MetadataQuery {
            var left = try negation()
            while keyword("AND") { left = .and(left, try negation()) }
            return left
        }

        mutating func negation() throws -> MetadataQuery {
            if keyword("NOT") { return .not(try negation()) }
            return try primary()
        }

        mutating func primary() throws -> MetadataQuery {
            if peek == "(" {
                position += 1
                let inner = try expression()
                guard try next() == ")" else { throw Invalid(message: "a parenthesis in the query is not closed") }
                return inner
            }
            let field = try next()
            guard field.first.map({ $0.isLetter || $0 == "_" }) == true else {
                throw Invalid(message: "'\(field)' is not a field name")
            }
            if keyword("IS") {
                let negated = keyword("NOT")
                guard keyword("NULL") else { throw Invalid(message: "IS must be followed by NULL or NOT NULL") }
                return .isNull(field: field, negated: negated)
            }
            let op = try next().uppercased()
            if let match = ListMatch(rawValue: op) {
                return .list(field: field, match: match, values: try list())
            }
            guard ["=", "!=", "<", "<=", ">", ">=", "LIKE", "ILIKE"].contains(op) else {
                throw Invalid(message: "'\(op)' is not a comparison")
            }
            return .comparison(field: field, op: op, value: try value())
        }

        /// `(value, value, ...)`: at least one value.
        mutating func list() throws -> [JSONValue] {
            guard try next() == "(" else { throw Invalid(message: "IN, HASANY and HASALL take a list in parentheses") }
            var values = [try value()]
            while peek == "," {
                position += 1
                values.append(try value())
            }
            guard try next() == ")" else { throw Invalid(message: "a list in the query is not closed") }
            return values
        }

        mutating func value() throws -> JSONValue {
            let token = try next()
            if token.hasPrefix(":") {
                let name = String(token.dropFirst())
                guard let value = parameters[name] else { throw Invalid(message: "query_params has no '\(name)'") }
                return value
            }
            if token.hasPrefix("'") { return .string(String(token.dropFirst())) }
            if let integer = Int64(token) { return .integer(integer) }
            if let number = Double(token) { return .number(number) }
            throw Invalid(message: "'\(token)' is neither a :parameter nor a literal")
        }
    }
}
