import OpenAPIKit

/// What declaring a struct needs that does not depend on the order types are named in: the
/// merged shape, and for each property its identifier, its type when the property declares
/// nothing (a reference or a scalar), its doc comment and whether it is a secret.
struct PreparedStruct: Sendable {
    struct Property: Sendable {
        var identifier: String
        var isRequired: Bool
        var plainType: LoweredType?
        var documentation: String
        var isSecret: Bool
    }

    var collected: CollectedObject
    var properties: [Property]
    /// The member name `additionalProperties` gets, when the schema allows them.
    var additionalPropertiesName: String?

    /// Works out what `collected`, an object's merged shape, needs.
    init(_ collected: CollectedObject, lookup: ComponentLookup, extensions: VendorExtensions) {
        self.collected = collected
        var memberNames = NameRegistry()
        properties = collected.properties.map { property in
            Property(
                identifier: memberNames.claim(Naming.identifier(property.wireName)),
                isRequired: collected.required.contains(property.wireName),
                plainType: SchemaFacts.plainType(property.schema, lookup: lookup),
                documentation: SchemaFacts.documentation(
                    property.schema.coreDescription,
                    orElse: SchemaFacts.referencedDescription(property.schema, lookup: lookup),
                    fallback: "The `\(property.wireName)` field."),
                isSecret: SchemaFacts.isSecret(property.schema, at: property.pointer, extensions: extensions))
        }
        switch collected.additionalProperties {
        case .a(true), .b: additionalPropertiesName = memberNames.claim("additionalProperties")
        case .a(false), nil: additionalPropertiesName = nil
        }
    }
}
