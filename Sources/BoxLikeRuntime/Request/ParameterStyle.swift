import Foundation

/// How a query or cookie parameter's value is laid out on the wire (OpenAPI's `style`).
///
/// With the spec's example parameter `color` holding `["blue", "black"]` or
/// `{"R": 100, "G": 200}`:
///
/// | style | explode | array | object |
/// | --- | --- | --- | --- |
/// | `form` | `false` | `color=blue,black` | `color=R,100,G,200` |
/// | `form` | `true` | `color=blue&color=black` | `R=100&G=200` |
/// | `spaceDelimited` | `false` | `color=blue%20black` | `color=R%20100%20G%20200` |
/// | `pipeDelimited` | `false` | `color=blue%7Cblack` | `color=R%7C100%7CG%7C200` |
/// | `deepObject` | `true` | — | `color%5BR%5D=100&color%5BG%5D=200` |
///
/// Names and values are percent-encoded (RFC 3986 unreserved characters stay), delimiters
/// are written as shown. Headers always use `simple` (``RequestDescription/setHeader(_:_:explode:)``).
package enum ParameterStyle: String, Sendable, Hashable {
    /// `name=value`; arrays and objects comma-separated, or one pair per element or member
    /// when exploded. The default for query and cookie parameters.
    case form
    /// Arrays and objects separated by spaces (`%20`); exploded like `form`.
    case spaceDelimited
    /// Arrays and objects separated by pipes (`%7C`); exploded like `form`.
    case pipeDelimited
    /// `name[key]=value` per object member (nested objects add brackets).
    case deepObject
    /// A cookie in the form of OpenAPI 3.2's `cookie` style: like `form`, but pairs are
    /// separated by `; ` and values are sent as they are, without percent-encoding.
    case cookie
}

/// Turns ``ParameterNode``s into name/value pairs or header values, by OpenAPI's style rules.
enum ParameterSerializer {
    /// A name and value, each already encoded for where it goes.
    struct Pair: Equatable {
        var name: String
        var value: String
    }

    /// The query pairs for a parameter, percent-encoded; none when the value is absent or an
    /// empty array or object (RFC 6570 treats those as undefined).
    static func queryPairs(name: String, value: ParameterNode, style: ParameterStyle, explode: Bool) -> [Pair] {
        pairs(name: name, value: value, style: style, explode: explode, escape: PercentEncoding.escapeUnreserved)
    }

    /// The `Cookie` header pairs for a parameter (`form` or `cookie` style).
    static func cookiePairs(name: String, value: ParameterNode, style: ParameterStyle, explode: Bool) -> [Pair] {
        if style == .cookie {
            return pairs(name: name, value: value, style: .form, explode: explode, escape: { $0 })
        }
        return pairs(name: name, value: value, style: .form, explode: explode, escape: PercentEncoding.escapeUnreserved)
    }

    /// A header value in `simple` style: `blue,black`, `R,100,G,200`, or `R=100,G=200`
    /// exploded; `nil` when the value is absent or empty.
    static func simpleValue(_ value: ParameterNode, explode: Bool) -> String? {
        switch value {
        case .absent:
            return nil
        case .scalar(let text, _):
            return text
        case .list(let elements):
            let texts = elements.compactMap(memberText)
            return texts.isEmpty ? nil : texts.joined(separator: ",")
        case .object(let members):
            let present = members.compactMap { member in memberText(member.value).map { (member.key, $0) } }
            if present.isEmpty { return nil }
            return present.map { explode ? "\($0.0)=\($0.1)" : "\($0.0),\($0.1)" }.joined(separator: ",")
        }
    }

    private static func pairs(name: String, value: ParameterNode, style: ParameterStyle, explode: Bool,
                              escape: (String) -> String) -> [Pair] {
        switch value {
        case .absent:
            return []
        case .scalar(let text, _):
            return [Pair(name: escape(name), value: escape(text))]
        case .list(let elements):
            let texts = elements.compactMap(memberText)
            if texts.isEmpty { return [] }
            if explode || style == .deepObject {
                return texts.map { Pair(name: escape(name), value: escape($0)) }
            }
            return [Pair(name: escape(name), value: texts.map(escape).joined(separator: delimiter(style)))]
        case .object(let members):
            if style == .deepObject { return deepObjectPairs(prefix: name, members: members, escape: escape) }
            let present = members.compactMap { member in memberText(member.value).map { (member.key, $0) } }
            if present.isEmpty { return [] }
            if explode {
                return present.map { Pair(name: escape($0.0), value: escape($0.1)) }
            }
            let flattened = present.flatMap { [escape($0.0), escape($0.1)] }
            return [Pair(name: escape(name), value: flattened.joined(separator: delimiter(style)))]
        }
    }

    /// `color[R]=100`, with `color[dim][w]=3` for nested objects and `color[ids]=1&color[ids]=2`
    /// for arrays (OpenAPI leaves both undefined; this is the common reading).
    private static func deepObjectPairs(prefix: String, members: [ParameterNode.Member],
                                        escape: (String) -> String) -> [Pair] {
        var result: [Pair] = []
        for member in members {
            let name = "\(prefix)[\(member.key)]"
            switch member.value {
            case .absent:
                continue
            case .scalar(let text, _):
                result.append(Pair(name: escape(name), value: escape(text)))
            case .list(let elements):
                for text in elements.compactMap(memberText) {
                    result.append(Pair(name: escape(name), value: escape(text)))
                }
            case .object(let nested):
                result += deepObjectPairs(prefix: name, members: nested, escape: escape)
            }
        }
        return result
    }

    /// The delimiter between values when not exploded, as it goes on the wire.
    private static func delimiter(_ style: ParameterStyle) -> String {
        switch style {
        case .spaceDelimited: "%20"
        case .pipeDelimited: "%7C"
        case .form, .deepObject, .cookie: ","
        }
    }

    /// A member's text: a scalar as it is, an array or object (which the style cannot
    /// express inside another) as JSON; `nil` when absent.
    private static func memberText(_ node: ParameterNode) -> String? {
        switch node {
        case .absent: nil
        case .scalar(let text, _): text
        case .list, .object: node.jsonText
        }
    }

    /// The value as compact JSON text (sorted keys, RFC 3339 dates), for parameters described
    /// by `content: application/json`.
    static func jsonText<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
    }
}
