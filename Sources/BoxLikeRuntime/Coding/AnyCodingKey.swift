/// A coding key for any name, for keys that are only known at run time (discriminators,
/// additional properties).
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    /// The key's name.
    public let stringValue: String
    /// The key's index, for array positions.
    public let intValue: Int?

    /// A key with this name.
    public init(_ stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// A key with this name.
    public init?(stringValue: String) {
        self.init(stringValue)
    }

    /// A key for an array position.
    /// A key with both names, for array positions.
    init(stringValue: String, intValue: Int) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    public init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
