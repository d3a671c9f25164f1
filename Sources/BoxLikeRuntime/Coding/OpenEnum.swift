/// A string enumeration that keeps values it does not know.
///
/// APIs add enumeration values over time; a closed Swift `enum` would fail to decode a
/// whole response because of one new value. Generated enumerations are therefore structs
/// wrapping the raw string, with a static member per known value. They compare, switch
/// and encode like enums, and an unknown value survives a decode-encode round trip.
///
/// ```swift
/// switch item.role {
/// case .editor: print("can edit")
/// case .viewer: print("can view")
/// default: print("new role \(item.role.rawValue)")
/// }
/// let role: CollaborationRole = "co-owner"   // any string, e.g. a value added later
/// ```
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible where RawValue == String {
    /// Wraps any value, known or not.
    init(rawValue: String)
}

extension OpenEnum {
    /// Wraps a literal value.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The raw value.
    public var description: String { rawValue }
}
