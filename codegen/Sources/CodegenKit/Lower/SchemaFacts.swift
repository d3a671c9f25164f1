import OpenAPIKit

/// Facts about schemas that depend only on the named components.
enum SchemaFacts {
    /// The members of an `allOf` that say something (not empty `{}` fragments, which only
    /// carry descriptions), with their positions.
    static func significantMembers(_ members: [JSONSchema]) -> [(index: Int, schema: JSONSchema)] {
        members.enumerated().filter { !$0.element.isFragment }.map { (index: $0.offset, schema: $0.element) }
    }

    /// The member an `allOf` takes its type from when it declares no struct of its own: its
    /// one significant member, or, when none of its members is an object (a string enum with
    /// a `maxLength` beside it), the first; `nil` when the `allOf` merges into a struct.
    static func valueMember(of members: [JSONSchema], lookup: ComponentLookup) -> (index: Int, schema: JSONSchema)? {
        let significant = significantMembers(members)
        if significant.count == 1 { return significant.first }
        guard let first = significant.first,
              !significant.contains(where: { isObjectLike($0.schema, lookup: lookup, depth: 0) }) else { return nil }
        return first
    }

    /// Whether a schema is an object that can hold nothing: no properties, and
    /// `additionalProperties: false`.
    static func isEmptyClosedObject(_ schema: JSONSchema) -> Bool {
        guard case .object(_, let object) = schema.value, object.properties.isEmpty,
              case .a(false)? = object.additionalProperties else { return false }
        return true
    }

    /// Whether a schema describes an object's properties (an object, a composition, or a
    /// reference to one), so that an `allOf` holding it merges into a struct.
    static func isObjectLike(_ schema: JSONSchema, lookup: ComponentLookup, depth: Int) -> Bool {
        switch schema.value {
        case .object, .all, .one, .any:
            return true
        case .reference(let reference, _):
            guard depth < 16, let key = lookup.key(reference), let target = lookup.schemas[key] else { return true }
            return isObjectLike(target, lookup: lookup, depth: depth + 1)
        default:
            return false
        }
    }

    /// Whether a schema allows no value: `false`, which the loader reads as `{not: {}}`
    /// (`items: false` after `prefixItems`: no elements past those).
    static func allowsNothing(_ schema: JSONSchema) -> Bool {
        guard case .not(let inner, _) = schema.value else { return false }
        return inner.isEmpty
    }

    /// The string values of an `enum`, in order, without repeats.
    static func stringEnumValues(_ schema: JSONSchema) -> [String] {
        guard case .string(let core, _) = schema.value, let allowed = core.allowedValues else { return [] }
        var seen: Set<String> = []
        return allowed.compactMap { $0.value as? String }.filter { seen.insert($0).inserted }
    }

    /// Whether a string schema's `enum` has a string value (whether ``stringEnumValues(_:)``
    /// is not empty), found without building the list.
    static func hasStringEnumValue(_ core: JSONSchema.CoreContext<JSONTypeFormat.StringFormat>) -> Bool {
        guard let allowed = core.allowedValues else { return false }
        return allowed.contains { $0.value is String }
    }

    /// The type of a schema that declares nothing and reports nothing where it is used: a
    /// reference to a component, a scalar, a string without `enum`, `{}`; `nil` otherwise.
    static func plainType(_ schema: JSONSchema, lookup: ComponentLookup) -> LoweredType? {
        switch schema.value {
        case .reference(let reference, _):
            guard let key = lookup.key(reference), let name = lookup.typeNames[key] else { return nil }
            return LoweredType(type: .named(name), isNullable: schema.coreNullable)
        default:
            return scalarType(schema)
        }
    }

    /// The type of a scalar schema (`null`, boolean, integer, number, string without `enum`,
    /// `{}`); `nil` for others.
    static func scalarType(_ schema: JSONSchema) -> LoweredType? {
        switch schema.value {
        case .null:
            LoweredType(type: .jsonValue, isNullable: true)
        case .boolean:
            LoweredType(type: .bool, isNullable: schema.coreNullable)
        case .integer(let core, _):
            // Every integer is an `Int64`, as in Box's Swift SDK (`levelIndex: Int64`, `daysValid`).
            LoweredType(type: .int64, isNullable: core.nullable)
        case .number(let core, _):
            LoweredType(type: .double, isNullable: core.nullable)
        case .string(let core, _) where !hasStringEnumValue(core):
            LoweredType(type: core.format == .dateTime ? .date : .string, isNullable: core.nullable)
        case .fragment(let core):
            LoweredType(type: .jsonValue, isNullable: core.nullable)
        default:
            nil
        }
    }

    /// The description of the schema a property refers to, used when the property has none.
    static func referencedDescription(_ schema: JSONSchema, lookup: ComponentLookup) -> String? {
        if case .reference(let reference, _) = schema.value {
            return lookup.key(reference).flatMap { lookup.descriptions[$0] }
        }
        guard case .all(let members, _) = schema.value, let only = significantMembers(members).first,
              case .reference(let reference, _) = only.schema.value, let key = lookup.key(reference) else {
            return nil
        }
        return lookup.descriptions[key]
    }

    /// Whether a property holds a secret: `format: password` (OpenAPI's hint to hide a value)
    /// or the `x-secret: true` extension.
    static func isSecret(_ schema: JSONSchema, at pointer: @autoclosure () -> JSONPointer,
                         extensions: VendorExtensions) -> Bool {
        schema.formatString == "password" || extensions.string("x-secret", at: pointer().description) == "true"
    }

    /// Text for a doc comment: `text` trimmed, or when it is missing or blank `other`
    /// trimmed, or when that is too, `fallback`; `other` is only worked out when needed.
    static func documentation(_ text: String?, orElse other: @autoclosure () -> String?,
                              fallback: @autoclosure () -> String) -> String {
        if let text {
            let trimmed = text.trimmingWhitespaceAndNewlines()
            if !trimmed.isEmpty { return trimmed }
        }
        if let other = other() {
            let trimmed = other.trimmingWhitespaceAndNewlines()
            if !trimmed.isEmpty { return trimmed }
        }
        return fallback()
    }

    /// Text for a doc comment: the first of `texts` that is not blank, trimmed, else `fallback`.
    static func documentation(_ texts: [String?], fallback: @autoclosure () -> String) -> String {
        for text in texts {
            if let text {
                let trimmed = text.trimmingWhitespaceAndNewlines()
                if !trimmed.isEmpty { return trimmed }
            }
        }
        return fallback()
    }
}
