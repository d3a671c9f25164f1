import OpenAPIKit

/// How a union's variants are told apart on the wire.
struct UnionDiscriminator {
    struct Entry {
        /// The discriminator value.
        var value: String
        /// The union member it selects, when it is one of the listed members.
        var memberIndex: Int?
        /// The type it selects, when the mapping names a schema outside the members.
        var type: TypeReference?
        /// A member that does not have the discriminator property at all: tried, in order,
        /// when the property names no other member (`value` is then only its name).
        var isFallback = false
    }

    /// The property holding the value.
    var property: String
    /// Value → variant, in mapping order then member order.
    var entries: [Entry]
}

extension Lowering {
    /// The discriminator of a union: the spec's own, or one inferred when every member is
    /// an object with a one-value string enum in the same property (`type: [file]`),
    /// which is how many APIs tag their objects without saying so. `nil` means the
    /// variants are tried in order.
    func unionDiscriminator(members: [JSONSchema], core: JSONSchema.CoreContext<JSONTypeFormat.AnyFormat>,
                            pointer: JSONPointer) -> UnionDiscriminator? {
        if let explicit = core.discriminator {
            if let discriminator = explicitDiscriminator(explicit, members: members, pointer: pointer) {
                return discriminator
            }
            diagnostics.warning(pointer.appending("discriminator"),
                                "the discriminator does not identify every variant; variants are tried in order")
            return nil
        }
        return inferredDiscriminator(members: members, pointer: pointer)
    }

    private func explicitDiscriminator(_ discriminator: OpenAPI.Discriminator, members: [JSONSchema],
                                       pointer: JSONPointer) -> UnionDiscriminator? {
        let property = discriminator.propertyName
        var entries: [UnionDiscriminator.Entry] = []
        var coveredMembers: Set<Int> = []
        for (value, target) in discriminator.mapping ?? [:] {
            let key = target.hasPrefix("#/components/schemas/")
                ? String(target.dropFirst("#/components/schemas/".count))
                : target
            guard let typeName = componentTypeNames[key] else {
                diagnostics.warning(pointer.appending("discriminator", "mapping", value),
                                    "`\(target)` does not point to a schema in #/components/schemas; the mapping entry is ignored")
                continue
            }
            let memberIndex = members.firstIndex { memberComponentKey($0) == key }
            if let memberIndex { coveredMembers.insert(memberIndex) }
            entries.append(UnionDiscriminator.Entry(value: value, memberIndex: memberIndex,
                                                    type: memberIndex == nil ? .named(typeName) : nil))
        }
        for (index, member) in members.enumerated() where !coveredMembers.contains(index) {
            // A member without the property (Box's admin-log `EventSource`, which names its item
            // with `item_type`) cannot be picked by it: it is tried when no value matches.
            let shape = objectShapeWithoutDiagnostics(member)
            if !shape.properties.isEmpty || shape.additionalProperties != nil,
               !shape.properties.contains(where: { $0.wireName == property }) {
                entries.append(UnionDiscriminator.Entry(value: memberComponentKey(member) ?? "variant\(index + 1)",
                                                        memberIndex: index, type: nil, isFallback: true))
                continue
            }
            guard let value = singleEnumValue(of: property, in: shape)
                ?? memberComponentKey(member) else { return nil }
            entries.append(UnionDiscriminator.Entry(value: value, memberIndex: index, type: nil))
        }
        return entries.isEmpty ? nil : UnionDiscriminator(property: property, entries: entries)
    }

    private func inferredDiscriminator(members: [JSONSchema], pointer: JSONPointer) -> UnionDiscriminator? {
        guard members.count > 1, let first = members.first else { return nil }
        let candidates = objectShapeWithoutDiagnostics(first).properties.map(\.wireName)
        for property in candidates {
            var entries: [UnionDiscriminator.Entry] = []
            var seen: Set<String> = []
            for (index, member) in members.enumerated() {
                guard let value = singleEnumValue(of: property, in: member, pointer: nil),
                      seen.insert(value).inserted else { break }
                entries.append(UnionDiscriminator.Entry(value: value, memberIndex: index, type: nil))
            }
            if entries.count == members.count {
                return UnionDiscriminator(property: property, entries: entries)
            }
        }
        return nil
    }

    /// The component a member refers to, directly or through a one-member `allOf`.
    private func memberComponentKey(_ member: JSONSchema) -> String? {
        switch member.value {
        case .reference(let reference, _):
            return componentKey(reference)
        case .all(let members, _):
            let significant = significantMembers(members)
            return significant.count == 1 ? significant.first.flatMap { memberComponentKey($0.schema) } : nil
        default:
            return nil
        }
    }

    /// The one value a member's property may take (`type: {enum: [file]}`), if it is so
    /// constrained.
    private func singleEnumValue(of property: String, in member: JSONSchema, pointer: JSONPointer?) -> String? {
        singleEnumValue(of: property, in: objectShapeWithoutDiagnostics(member))
    }

    /// ``singleEnumValue(of:in:pointer:)`` for a member whose shape is already collected.
    private func singleEnumValue(of property: String, in shape: CollectedObject) -> String? {
        guard let propertySchema = shape.properties.first(where: { $0.wireName == property })?.schema else {
            return nil
        }
        var schema = propertySchema
        if case .reference(let reference, _) = schema.value, let key = componentKey(reference),
           let target = componentSchema(key) {
            schema = target
        }
        let values = stringEnumValues(schema)
        return values.count == 1 ? values.first : nil
    }

    /// An object's merged shape for inspection only: problems are reported when the
    /// object is declared, not while peeking at it.
    private func objectShapeWithoutDiagnostics(_ schema: JSONSchema) -> CollectedObject {
        let saved = diagnostics.diagnostics.count
        let shape = collectObject(schema, pointer: .root, ownerName: nil)
        diagnostics.truncate(to: saved)
        return shape
    }
}
