import Foundation

/// A value that can be written into a URL query string.
///
/// Strings, integers, booleans, doubles, dates (RFC 3339) and arrays of those conform;
/// generated enumerations (``OpenEnum``) are written as their raw values. Package-only, so
/// the values in an app do not all offer `queryParameterStrings`. Generated code adds
/// parameters with ``QueryParameters/add(_:_:explode:)``.
package protocol QueryParameterValue: Sendable {
    /// The textual forms of this value; more than one for arrays.
    var queryParameterStrings: [String] { get }
}

extension String: QueryParameterValue {
    /// The string itself.
    package var queryParameterStrings: [String] { [self] }
}

extension Int: QueryParameterValue {
    /// The decimal form.
    package var queryParameterStrings: [String] { [String(self)] }
}

extension Int64: QueryParameterValue {
    /// The decimal form.
    package var queryParameterStrings: [String] { [String(self)] }
}

extension Double: QueryParameterValue {
    /// The shortest decimal form that reads back as the same value.
    package var queryParameterStrings: [String] { [String(self)] }
}

extension Bool: QueryParameterValue {
    /// `true` or `false`.
    package var queryParameterStrings: [String] { [self ? "true" : "false"] }
}

extension Date: QueryParameterValue {
    /// The RFC 3339 form used in JSON bodies.
    package var queryParameterStrings: [String] { [RFC3339Date.string(from: self)] }
}

extension Array: QueryParameterValue where Element: QueryParameterValue {
    /// The forms of every element, in order.
    package var queryParameterStrings: [String] { flatMap(\.queryParameterStrings) }
}

extension OpenEnum {
    /// The raw value, as a query or path parameter carries it.
    package var queryParameterStrings: [String] { [rawValue] }
}

extension Array where Element: OpenEnum {
    /// The raw value of every element, in order.
    package var queryParameterStrings: [String] { map(\.rawValue) }
}

/// The ordered query items of a request.
///
/// ```swift
/// var query = QueryParameters()
/// query.add("fields", ["name", "size"])        // fields=name,size
/// query.add("limit", 100)
/// query.add("marker", nil as String?)          // left out
/// try query.add("color", ["R": 100], style: .deepObject, explode: true)   // color%5BR%5D=100
/// ```
package struct QueryParameters: Sendable, Hashable {
    /// One `name=value` item as it goes on the wire, and its value's text for lookups.
    private struct Item: Sendable, Hashable {
        var name: String
        var value: String
        var encoded: String
    }

    private var storage: [Item] = []

    /// The items in the order they were added, with their values' text (not encoded);
    /// names may repeat (exploded arrays).
    package var items: [(name: String, value: String)] { storage.map { ($0.name, $0.value) } }

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
        let escapedName = Self.escape(name)
        if explode {
            for string in strings {
                storage.append(Item(name: name, value: string, encoded: escapedName + "=" + Self.escape(string)))
            }
        } else {
            // The commas between values are delimiters and stay literal; commas inside a
            // value are escaped, so the two cannot be confused (RFC 6570 form expansion).
            let encoded = escapedName + "=" + strings.map(Self.escape).joined(separator: ",")
            storage.append(Item(name: name, value: strings.joined(separator: ","), encoded: encoded))
        }
    }

    /// Adds a generated enumeration's raw value unless `value` is `nil`.
    package mutating func add<Value: OpenEnum>(_ name: String, _ value: Value?, explode: Bool = false) {
        add(name, value?.rawValue, explode: explode)
    }

    /// Adds the raw values of generated enumerations unless `value` is `nil`, joined with
    /// commas unless `explode` is `true`.
    package mutating func add<Value: OpenEnum>(_ name: String, _ value: [Value]?, explode: Bool = false) {
        add(name, value?.map(\.rawValue), explode: explode)
    }

    /// Adds a parameter laid out by an OpenAPI `style`, unless `value` is `nil`: arrays,
    /// objects (generated structs, dictionaries) and scalars, as ``ParameterStyle`` shows.
    ///
    /// - Throws: What the value's `encode(to:)` throws.
    package mutating func add<Value: Encodable>(_ name: String, _ value: Value?, style: ParameterStyle,
                                                explode: Bool) throws {
        guard let value else { return }
        let node = try ParameterValueEncoder.encode(value)
        for pair in ParameterSerializer.queryPairs(name: name, value: node, style: style, explode: explode) {
            let text = pair.value.removingPercentEncoding ?? pair.value
            storage.append(Item(name: pair.name.removingPercentEncoding ?? pair.name, value: text,
                                encoded: pair.name + "=" + pair.value))
        }
    }

    /// Adds a parameter described by `content: application/json`, unless `value` is `nil`:
    /// `name=` and the value's JSON text, percent-encoded.
    ///
    /// - Throws: What the value's `encode(to:)` throws.
    package mutating func addJSON<Value: Encodable>(_ name: String, _ value: Value?) throws {
        guard let value else { return }
        let json = try ParameterSerializer.jsonText(value)
        storage.append(Item(name: name, value: json, encoded: Self.escape(name) + "=" + Self.escape(json)))
    }

    /// The value of the first item with this name.
    package subscript(name: String) -> String? {
        storage.first { $0.name == name }?.value
    }

    /// Whether there are no items.
    package var isEmpty: Bool { storage.isEmpty }

    /// The percent-encoded query string without the leading `?`.
    package var encoded: String {
        storage.map(\.encoded).joined(separator: "&")
    }

    /// Escapes a query name or value: everything but RFC 3986 unreserved characters is
    /// percent-encoded (so `+`, `&`, `=` and `,` inside values survive the trip).
    static func escape(_ string: String) -> String {
        PercentEncoding.escapeUnreserved(string)
    }
}
