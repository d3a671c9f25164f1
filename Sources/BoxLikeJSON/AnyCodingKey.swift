/// A coding key for any name, for keys that are only known at run time (discriminators,
/// additional properties).
package struct AnyCodingKey: CodingKey, Hashable, Sendable {
    /// The key's name.
    package let stringValue: String
    /// The key's index, for array positions.
    package let intValue: Int?

    /// A key with this name.
    package init(_ stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// A key with this name.
    package init?(stringValue: String) {
        self.init(stringValue)
    }

    /// A key for an array position.
    /// A key with both names, for array positions.
    init(stringValue: String, intValue: Int) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    package init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
