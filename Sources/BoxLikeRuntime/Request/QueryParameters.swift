import Foundation

/// A value that can be written into a URL query string.
///
/// Strings, integers, booleans, doubles, dates (RFC 3339), string-backed enums and arrays of
/// those conform. Generated code adds parameters with ``QueryParameters/add(_:_:explode:)``.
public protocol QueryParameterValue: Sendable {
    /// The textual forms of this value; more than one for arrays.
    var queryParameterStrings: [String] { get }
}

extension String: QueryParameterValue {
    /// The string itself.
    public var queryParameterStrings: [String] { [self] }
}

extension Int: QueryParameterValue {
    /// The decimal form.
    public var queryParameterStrings: [String] { [String(self)] }
}

extension Int64: QueryParameterValue {
    /// The decimal form.
    public var queryParameterStrings: [String] { [String(self)] }
}

extension Double: QueryParameterValue {
    /// The shortest decimal form that reads back as the same value.
    public var queryParameterStrings: [String] { [String(self)] }
}

extension Bool: QueryParameterValue {
    /// `true` or `false`.
    public var queryParameterStrings: [String] { [self ? "true" : "false"] }
}

extension Date: QueryParameterValue {
    /// The RFC 3339 form used in JSON bodies.
    public var queryParameterStrings: [String] { [RFC3339Date.string(from: self)] }
}

extension Array: QueryParameterValue where Element: QueryParameterValue {
    /// The forms of every element, in order.
    public var queryParameterStrings: [String] { flatMap(\.queryParameterStrings) }
}

extension QueryParameterValue where Self: RawRepresentable, RawValue == String {
    /// The raw value of a string-backed enumeration.
    public var queryParameterStrings: [String] { [rawValue] }
}

/// The ordered query items of a request.
///
/// ```swift
/// var query = QueryParameters()
/// query.add("fields", ["name", "size"])        // fields=name,size
/// query.add("limit", 100)
/// query.add("marker", nil as String?)          // left out
/// ```
package struct QueryParameters: Sendable, Hashable {
    /// The items in the order they were added; names may repeat (exploded arrays).
    package private(set) var items: [(name: String, value: String)] = []

    /// Creates an empty query.
    package init() {}

    /// Adds a parameter unless `value` is `nil`.
    ///
    /// - Parameters:
    ///   - name: The parameter's name as the API spells it.
    ///   - value: The value; arrays are joined with commas unless `explode` is `true`, in
    ///     which case the name is repeated for every element (OpenAPI `style: form`).
    ///   - explode: Whether to repeat the name for every array element.
    package mutating func add(_ name: String, _ value: (any QueryParameterValue)?, explode: Bool = false) {
        guard let value else { return }
        let strings = value.queryParameterStrings
        if explode {
            for string in strings { items.append((name, string)) }
        } else {
            items.append((name, strings.joined(separator: ",")))
        }
    }

    /// The value of the first item with this name.
    package subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Whether there are no items.
    package var isEmpty: Bool { items.isEmpty }

    /// The percent-encoded query string without the leading `?`.
    package var encoded: String {
        var query = ""
        for item in items {
            if !query.isEmpty { query += "&" }
            query += Self.escape(item.name)
            query += "="
            query += Self.escape(item.value)
        }
        return query
    }

    /// Escapes a query name or value: everything but RFC 3986 unreserved characters is
    /// percent-encoded (so `+`, `&`, `=` and `,` inside values survive the trip).
    static func escape(_ string: String) -> String {
        PercentEncoding.escapeUnreserved(string)
    }

    /// Two queries are equal when they hold the same items in the same order.
    package static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the items in order.
    package func hash(into hasher: inout Hasher) {
        for item in items {
            hasher.combine(item.name)
            hasher.combine(item.value)
        }
    }
}
