import OpenAPIKit

extension Lowering {
    // MARK: Structs

    /// Declares a struct for an object schema (or merged `allOf`).
    func declareStruct(name: String, group: String, schema: JSONSchema, pointer: JSONPointer, documentation: String) {
        reserveSlot(name)
        let prepared = PreparedStruct(collectObject(schema, pointer: pointer, ownerName: nil), lookup: collector.lookup,
                                      extensions: extensions)
        let collected = prepared.collected
        var properties: [PropertyDeclaration] = []
        properties.reserveCapacity(collected.properties.count)
        // By index: copying each collected property (its schema) shows on large documents.
        for index in prepared.properties.indices {
            let facts = prepared.properties[index]
            let lowered = facts.plainType ?? lowerProperty(collected.properties[index], ownerName: name, group: group)
            properties.append(PropertyDeclaration(
                name: facts.identifier,
                wireName: collected.properties[index].wireName,
                type: lowered.type,
                isRequired: facts.isRequired,
                isNullable: lowered.isNullable,
                documentation: facts.documentation,
                isSecret: facts.isSecret
            ))
        }
        var additional: AdditionalPropertiesDeclaration?
        switch (collected.additionalProperties, prepared.additionalPropertiesName) {
        case (.a(true), let memberName?):
            additional = AdditionalPropertiesDeclaration(name: memberName, valueType: .jsonValue)
        case (.b(let valueSchema), let memberName?):
            let lowered = lowerSchema(valueSchema, nameHint: (collected.additionalPropertiesOwner ?? name) + "Value",
                                      group: group,
                                      pointer: collected.additionalPropertiesPointer.appending("additionalProperties"))
            additional = AdditionalPropertiesDeclaration(name: memberName, valueType: lowered.type)
        default:
            additional = nil
        }
        declare(.structure(StructDeclaration(name: name, group: group, documentation: documentation,
                                             properties: properties, additionalProperties: additional)))
    }

    /// Declares a struct for an array with `prefixItems` (a tuple): one property per element,
    /// `item0`, `item1`..., required for the first `minItems`; the elements `items` allows after
    /// them (any value when it is absent, none when it is `false`) in `additionalItems`.
    func declareTuple(name: String, group: String, array: JSONSchema.ArrayContext, pointer: JSONPointer,
                      documentation: String) {
        reserveSlot(name)
        let elements = array.prefixItems ?? []
        var properties: [PropertyDeclaration] = []
        properties.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPointer = pointer.appending("prefixItems", String(index))
            let lowered = lowerSchema(element, nameHint: name + "Item\(index)", group: group, pointer: elementPointer)
            properties.append(PropertyDeclaration(
                name: "item\(index)",
                wireName: String(index),
                type: lowered.type,
                isRequired: index < array.minItems,
                isNullable: lowered.isNullable,
                documentation: SchemaFacts.documentation([element.coreDescription, element.coreTitle],
                                                         fallback: "Element \(index) of the array."),
                isSecret: isSecret(element, at: elementPointer)
            ))
        }
        var additional: AdditionalPropertiesDeclaration?
        switch array.items {
        case nil:
            additional = AdditionalPropertiesDeclaration(name: "additionalItems", valueType: .jsonValue)
        case let items? where SchemaFacts.allowsNothing(items):
            additional = nil
        case let items?:
            let lowered = lowerSchema(items, nameHint: name + "AdditionalItem", group: group,
                                      pointer: pointer.appending("items"))
            additional = AdditionalPropertiesDeclaration(name: "additionalItems", valueType: lowered.type)
        }
        declare(.structure(StructDeclaration(name: name, group: group, documentation: documentation,
                                             properties: properties, additionalProperties: additional,
                                             coding: .tuple)))
    }

    /// The type of a property that declares something (not a ``PreparedStruct/Property/plainType``).
    private func lowerProperty(_ property: CollectedProperty, ownerName: String, group: String) -> LoweredType {
        lowerSchemaMemoized(property.schema,
                            nameHint: Naming.fieldTypeName(owner: property.ownerName ?? ownerName, wireName: property.wireName),
                            group: group, pointer: property.pointer)
    }

    /// ``Naming/fieldPart(_:)`` of a property's wire name, worked out once per name: the same
    /// names (`id`, `name`, `created_at`) recur in nearly every schema.
    func wireTypeName(_ wireName: String) -> String {
        if let known = wireTypeNames[wireName] { return known }
        let name = Naming.fieldPart(wireName)
        wireTypeNames[wireName] = name
        return name
    }

    /// Whether a property holds a secret (``SchemaFacts/isSecret(_:at:extensions:)``).
    func isSecret(_ schema: JSONSchema, at pointer: JSONPointer) -> Bool {
        SchemaFacts.isSecret(schema, at: pointer, extensions: extensions)
    }

    // MARK: Enumerations

    func declareEnum(name: String, group: String, values: [String], documentation: String) {
        var memberNames = NameRegistry(reserved: ["rawValue", "description", "init", "hashValue"])
        let cases = values.map { value in
            EnumDeclaration.Case(name: memberNames.claim(Naming.identifier(value, fallback: "empty")), rawValue: value)
        }
        declare(.openEnum(EnumDeclaration(name: name, group: group, documentation: documentation, cases: cases)))
    }

    // MARK: Unions

    /// Declares an enum for a `oneOf`/`anyOf` and returns the type to use.
    ///
    /// Inline unions whose variants all have names are named after them
    /// (`FileFullOrFolderMini`) and shared between the places that use the same choice.
    func declareUnion(componentName: String?, nameHint: String, group: String, members: [JSONSchema],
                      core: JSONSchema.CoreContext<JSONTypeFormat.AnyFormat>, keyword: String, pointer: JSONPointer,
                      documentation: String) -> TypeReference {
        let discriminator = unionDiscriminator(members: members, core: core, pointer: pointer)

        // Variant types first: the union's inline name depends on them.
        var variantTypes: [TypeReference] = []
        // The one inline enum of strings among the members is `<Union>Enum`, as Box's generator
        // names it (`RetentionPolicyMaxExtensionLengthRequestEnum`).
        let enumMembers = members.indices.filter { index in
            guard case .string = members[index].value else { return false }
            return !stringEnumValues(members[index]).isEmpty
        }
        for (index, member) in members.enumerated() {
            let suffix = enumMembers == [index] && discriminator == nil
                ? "Enum" : variantNameSuffix(member, discriminator: discriminator, index: index)
            let hint = nameHint + suffix
            let lowered = lowerSchema(member, nameHint: hint, group: group,
                                      pointer: pointer.appending(keyword, String(index)))
            variantTypes.append(lowered.type)
        }

        var caseNames = NameRegistry(reserved: ["unknown"])
        var variants: [UnionDeclaration.Variant] = []
        if let discriminator {
            for entry in discriminator.entries {
                let type = entry.memberIndex.map { variantTypes[$0] } ?? entry.type
                guard let type else { continue }
                if entry.isFallback {
                    let name = boxCaseName(for: type, unionName: componentName ?? nameHint) ?? caseName(for: type)
                    variants.append(UnionDeclaration.Variant(caseName: caseNames.claim(name), type: type))
                    continue
                }
                // Box's Swift SDK names a case after its type (`Item.fileFull`,
                // `HubItemReferenceV2025R0.folderReferenceV2025R0`), inline members' types too,
                // not after the value of the discriminator.
                let name = boxCaseName(for: type, unionName: componentName ?? nameHint)
                    ?? Naming.identifier(entry.value, fallback: "variant")
                variants.append(UnionDeclaration.Variant(
                    caseName: caseNames.claim(name), type: type, discriminatorValue: entry.value))
            }
        } else {
            for type in variantTypes {
                let name = boxCaseName(for: type, unionName: componentName ?? nameHint) ?? caseName(for: type)
                variants.append(UnionDeclaration.Variant(caseName: caseNames.claim(name), type: type))
            }
        }

        let name: String
        if let componentName {
            name = componentName
        } else if variantTypes.allSatisfy({ $0.namedType != nil }) {
            let joined = variantTypes.compactMap(\.namedType).joined(separator: "Or")
            if case .union(let existing)? = declarations[joined], existing.variants == variants,
               existing.discriminatorProperty == discriminator?.property {
                return .named(joined)
            }
            name = typeNames.claim(joined, alternatives: [nameHint])
        } else {
            name = typeNames.claim(nameHint, alternatives: [nameHint + "Field"])
        }
        let docs = documentation.isEmpty
            // A symbol link only for the module's own types: DocC cannot resolve `String` or
            // `[String: JSONValue]` as a link, so those stay code voice.
            ? "One of: " + variants.map { variant in
                variant.type.namedType != nil ? "``\(variant.type.swiftSpelling)``" : "`\(variant.type.swiftSpelling)`"
            }.joined(separator: ", ") + "."
            : documentation
        declare(.union(UnionDeclaration(name: name, group: group, documentation: docs,
                                        discriminatorProperty: discriminator?.property, variants: variants)))
        return .named(name)
    }

    /// A readable name for an inline variant type.
    private func variantNameSuffix(_ member: JSONSchema, discriminator: UnionDiscriminator?, index: Int) -> String {
        if let value = discriminator?.entries.first(where: { $0.memberIndex == index })?.value {
            return Naming.typeName(value)
        }
        return "Variant\(index + 1)"
    }

    /// The case name Box's Swift SDK gives a member of a named type: the type's name with a
    /// lower-case first letter, and for a union of API 2025.0 or 2026.0 the version's suffix when
    /// the type (shared with the unversioned API) lacks it.
    func boxCaseName(for type: TypeReference, unionName: String) -> String? {
        guard case .named(let typeName) = type, let first = typeName.first else { return nil }
        var name = first.lowercased() + typeName.dropFirst()
        if let version = ["V2025R0", "V2026R0"].first(where: { unionName.hasSuffix($0) }),
           !typeName.hasSuffix(version) {
            name += version
        }
        return Naming.keywords.contains(name) ? nil : name
    }

    /// A case name for an undiscriminated variant, from its type.
    func caseName(for type: TypeReference) -> String {
        switch type {
        // Scalars are named after their Swift types, as Box's Swift SDK names them.
        case .string: "string"
        case .int64: "int64"
        case .double: "double"
        case .bool: "bool"
        case .date: "date"
        case .jsonValue: "json"
        case .byteSource: "bytes"
        case .named(let name): Naming.identifier(name)
        case .array(let element): Naming.unescaped(caseName(for: element)) + "Array"
        case .dictionary(let value): Naming.unescaped(caseName(for: value)) + "Dictionary"
        }
    }
}
