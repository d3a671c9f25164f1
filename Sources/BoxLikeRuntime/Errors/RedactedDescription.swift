/// Descriptions of values that hold secrets, built from their (redacted) mirror, so that
/// `print`, string interpolation, logs and `dump` show the same thing and never the secret.
package enum RedactedDescription {
    /// What stands in for a secret: the same as everywhere else the SDK redacts.
    package static var placeholder: String { Redaction.placeholder }

    /// The placeholder when `secret` holds a value, `nil` when it does not (so a reader can
    /// still tell whether it was set).
    package static func redact<Secret>(_ secret: Secret?) -> String? {
        secret == nil ? nil : placeholder
    }

    /// `TypeName(label: value, ...)` from `value`'s custom mirror; absent optionals read `nil`.
    package static func describe(_ value: some CustomReflectable) -> String {
        let fields = value.customMirror.children.map { child in
            "\(child.label ?? "_"): \(describeChild(child.value))"
        }
        return "\(type(of: value))(\(fields.joined(separator: ", ")))"
    }

    private static func describeChild(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return describeChild(wrapped)
    }
}
