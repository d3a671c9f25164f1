import Foundation
import OpenAPIKit30

/// Reads an `AnyCodable` (examples, defaults, enum values) straight from the tree.
///
/// OpenAPIKit decodes one by trying `Bool`, `Int`, `UInt`, `Double`, `String`, an array and
/// a dictionary in turn, each failure a thrown error, which made large examples a visible
/// share of loading. Through ``SpecValueDecoder`` those attempts always end the same way, so
/// this gives the same value directly: `null` is `NSNull`, a number the first of `Int`, `UInt`
/// and `Double` that reads it, arrays and objects hold their members read the same way.
enum AnyCodableReader {
    static func read(_ value: SpecValue) -> AnyCodable {
        AnyCodable(member(value))
    }

    private static func member(_ value: SpecValue) -> any Sendable {
        switch value {
        case .null:
            return NSNull()
        case .bool(let flag):
            return flag
        case .number(let text):
            if let integer = Int(text) { return integer }
            if let unsigned = UInt(text) { return unsigned }
            if let double = Double(text) { return double }
            return text
        case .string(let text):
            return text
        case .array(let elements):
            return elements.map(member)
        case .object(let object):
            var members: [String: any Sendable] = [:]
            members.reserveCapacity(object.count)
            for entry in object.entries {
                members[entry.key] = member(entry.value)
            }
            return members
        }
    }
}
