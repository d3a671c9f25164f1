import BoxLikeJSON
import OpenAPIKit

/// Checks a JSON value against an OpenAPI 3.1 schema: types, nullability, enums, required
/// and additional properties, arrays, `allOf` / `oneOf` (with discriminator) / `anyOf` / `not`.
/// References are resolved lazily, so recursive schemas are fine.
struct SchemaChecker: Sendable {
    let components: OpenAPI.Components
    var maximumDepth = 64

    /// Problems found, each naming where (`body.parent.id`) and what is wrong; empty when valid.
    func problems(_ value: JSONValue, against schema: JSONSchema, at location: String) -> [String] {
        check(value, schema, location, depth: 0)
    }

    private func check(_ value: JSONValue, _ schema: JSONSchema, _ location: String, depth: Int) -> [String] {
        if depth > maximumDepth { return [] }
        if value == .null && schema.nullable { return [] }
        if let allowed = schema.allowedValues, !allowed.isEmpty {
            let options = allowed.map { Self.json(from: $0.value) }
            if !options.contains(where: { Self.equal($0, value) }) {
                let list = options.map { $0.stringValue ?? "\($0)" }.joined(separator: ", ")
                return ["\(location) must be one of: \(list)"]
            }
        }
        switch schema.value {
        case .null:
            return value == .null ? [] : ["\(location) must be null"]
        case .boolean:
            return value.boolValue != nil ? [] : ["\(location) must be a boolean"]
        case .integer(_, let context):
            guard let number = value.intValue else { return ["\(location) must be an integer"] }
            if let minimum = context.minimum, number < minimum.value || (minimum.exclusive && number == minimum.value) {
                return ["\(location) must be at least \(minimum.value)"]
            }
            if let maximum = context.maximum, number > maximum.value || (maximum.exclusive && number == maximum.value) {
                return ["\(location) must be at most \(maximum.value)"]
            }
            return []
        case .number(_, let context):
            let number: Double
            switch value {
            case .integer(let integer): number = Double(integer)
            case .number(let double): number = double
            default: return ["\(location) must be a number"]
            }
            if let minimum = context.minimum, number < minimum.value { return ["\(location) must be at least \(minimum.value)"] }
            if let maximum = context.maximum, number > maximum.value { return ["\(location) must be at most \(maximum.value)"] }
            return []
        case .string(_, let context):
            guard let text = value.stringValue else { return ["\(location) must be a string"] }
            if text.count < context.minLength { return ["\(location) must have at least \(context.minLength) characters"] }
            if let maxLength = context.maxLength, text.count > maxLength { return ["\(location) must have at most \(maxLength) characters"] }
            return []
        case .object(_, let context):
            guard let members = value.objectValue else { return ["\(location) must be an object"] }
            for name in context.requiredProperties where members[name] == nil {
                return ["\(location) is missing required property '\(name)'"]
            }
            var found: [String] = []
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let propertySchema = context.properties[name] {
                    found += check(member, propertySchema, "\(location).\(name)", depth: depth + 1)
                } else {
                    switch context.additionalProperties {
                    case .a(false)?: found.append("\(location) has unknown property '\(name)'")
                    case .b(let additional)?: found += check(member, additional, "\(location).\(name)", depth: depth + 1)
                    default: break
                    }
                }
                if !found.isEmpty { return found }
            }
            return found
        case .array(_, let context):
            guard let elements = value.arrayValue else { return ["\(location) must be an array"] }
            if elements.count < context.minItems { return ["\(location) must have at least \(context.minItems) items"] }
            if let maxItems = context.maxItems, elements.count > maxItems { return ["\(location) must have at most \(maxItems) items"] }
            guard let items = context.items else { return [] }
            for (index, element) in elements.enumerated() {
                let found = check(element, items, "\(location)[\(index)]", depth: depth + 1)
                if !found.isEmpty { return found }
            }
            return []
        case .all(let schemas, _):
            for part in schemas {
                let found = check(value, part, location, depth: depth + 1)
                if !found.isEmpty { return found }
            }
            return []
        case .one(let schemas, let core):
            return checkOneOf(value, schemas, discriminator: core.discriminator, location, depth: depth)
        case .any(let schemas, _):
            var first: [String] = []
            for part in schemas {
                let found = check(value, part, location, depth: depth + 1)
                if found.isEmpty { return [] }
                if first.isEmpty { first = found }
            }
            return first
        case .not(let excluded, _):
            return check(value, excluded, location, depth: depth + 1).isEmpty ? ["\(location) matches a schema it must not match"] : []
        case .reference(let reference, _):
            guard let name = reference.name, let target = components.schemas[OpenAPI.ComponentKey(stringLiteral: name)] else {
                return []
            }
            return check(value, target, location, depth: depth + 1)
        case .fragment:
            return []
        }
    }

    private func checkOneOf(_ value: JSONValue, _ schemas: [JSONSchema], discriminator: OpenAPI.Discriminator?, _ location: String, depth: Int) -> [String] {
        if let discriminator, let tag = value[discriminator.propertyName]?.stringValue {
            let targetName = discriminator.mapping?[tag].map { String($0.split(separator: "/").last ?? "") } ?? tag
            if let chosen = schemas.first(where: { Self.referenceName($0) == targetName }) {
                return check(value, chosen, location, depth: depth + 1)
            }
            return ["\(location).\(discriminator.propertyName) has unexpected value '\(tag)'"]
        }
        var firstProblems: [String] = []
        for part in schemas {
            let found = check(value, part, location, depth: depth + 1)
            // Overlapping alternatives are accepted: Box's unions differ mostly by `type`.
            if found.isEmpty { return [] }
            if firstProblems.isEmpty { firstProblems = found }
        }
        return firstProblems.isEmpty ? ["\(location) matches none of the allowed schemas"] : firstProblems
    }

    private static func referenceName(_ schema: JSONSchema) -> String? {
        if case .reference(let reference, _) = schema.value { return reference.name }
        return nil
    }

    static func json(from any: Any) -> JSONValue {
        switch any {
        case let value as String: return .string(value)
        case let value as Bool: return .bool(value)
        case let value as Int: return .int(value)
        case let value as Double: return .number(value)
        default: return .null
        }
    }

    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if lhs == rhs { return true }
        if let left = lhs.intValue, let right = rhs.intValue { return left == right }
        return false
    }
}
