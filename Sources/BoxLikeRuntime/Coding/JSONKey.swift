/// The coding key generated models name their members with: a JSON member's name, written as
/// a string literal (`forKey: "modified_at"`).
///
/// One key type for every model, instead of a `CodingKeys` enumeration in each, is what makes
/// the generated module cheaper to compile: the compiler derives `RawRepresentable` and
/// `CodingKey` for every such enumeration, which measured a fifth of a build of models like
/// these. Decoding and encoding are the same as with the synthesized conformances, including
/// the paths that errors name.
public struct JSONKey: CodingKey, ExpressibleByStringLiteral, Hashable, Sendable {
    /// The member's name.
    public let stringValue: String

    /// Always `nil`: JSON object members have names, not positions.
    public var intValue: Int? { nil }

    /// The member named `value`.
    public init(stringLiteral value: String) {
        stringValue = value
    }

    /// The member named `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// A key for a position: its decimal text as the name.
    public init(intValue: Int) {
        stringValue = String(intValue)
    }
}
