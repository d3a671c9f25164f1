/// A type the generated code declares.
package enum TypeDeclaration: Hashable, Sendable {
    /// A struct with stored properties.
    case structure(StructDeclaration)
    /// A string enumeration that keeps unknown values.
    case openEnum(EnumDeclaration)
    /// A choice between several types (`oneOf`/`anyOf`).
    case union(UnionDeclaration)
    /// Another name for an existing type.
    case alias(AliasDeclaration)

    /// The declared Swift name.
    package var name: String {
        switch self {
        case .structure(let declaration): declaration.name
        case .openEnum(let declaration): declaration.name
        case .union(let declaration): declaration.name
        case .alias(let declaration): declaration.name
        }
    }

    /// The output group (file) the declaration belongs to.
    package var group: String {
        switch self {
        case .structure(let declaration): declaration.group
        case .openEnum(let declaration): declaration.group
        case .union(let declaration): declaration.group
        case .alias(let declaration): declaration.group
        }
    }
}

/// A struct: an object schema, a merged `allOf`, or an operation's parameters.
package struct StructDeclaration: Hashable, Sendable {
    /// How a struct is encoded.
    package enum Coding: Hashable, Sendable {
        /// `Codable`, through synthesized conformance unless it has additional properties.
        case codable
        /// Not coded at all: holds values the operation turns into a request by hand
        /// (query parameters, headers, multipart parts).
        case none
        /// A JSON array whose elements are the properties in order (`prefixItems`), then
        /// ``StructDeclaration/additionalProperties`` (the `items` after them), if any.
        /// Properties that are not required may be missing from the end of the array.
        case tuple
    }

    /// The Swift name.
    package var name: String
    /// The output group (file).
    package var group: String
    /// The doc comment's text.
    package var documentation: String
    /// The stored properties in declaration order.
    package var properties: [PropertyDeclaration]
    /// A dictionary property holding keys the schema does not name, if the schema allows them;
    /// for a ``Coding/tuple``, an array property holding the elements after the named ones.
    package var additionalProperties: AdditionalPropertiesDeclaration?
    /// How the struct is encoded.
    package var coding: Coding
    /// Whether nullable properties are declared `Nullable<T>?` (request bodies tell "leave
    /// unchanged" from "set to null") instead of a plain optional.
    package var distinguishesNull: Bool

    /// Creates a declaration.
    package init(name: String, group: String, documentation: String, properties: [PropertyDeclaration],
                additionalProperties: AdditionalPropertiesDeclaration? = nil, coding: Coding = .codable,
                distinguishesNull: Bool = false) {
        self.name = name
        self.group = group
        self.documentation = documentation
        self.properties = properties
        self.additionalProperties = additionalProperties
        self.coding = coding
        self.distinguishesNull = distinguishesNull
    }
}

/// One stored property of a struct.
package struct PropertyDeclaration: Hashable, Sendable {
    /// The Swift identifier (back-quoted when it is a keyword).
    package var name: String
    /// The name on the wire (JSON key, query or header name).
    package var wireName: String
    /// The value's type.
    package var type: TypeReference
    /// Whether the value must be given (not optional in Swift).
    package var isRequired: Bool
    /// Whether `null` is a meaningful value.
    package var isNullable: Bool
    /// Whether the value is stored out of line to break a recursive layout.
    package var isIndirect: Bool
    /// The doc comment's text.
    package var documentation: String
    /// Whether the value is a secret (`format: password` or `x-secret: true`) that
    /// descriptions and mirrors of the struct must not show.
    package var isSecret: Bool
    /// The initializer's default for a required value that can only be one thing (an enum of
    /// one value: `type: .folder`), as Swift source; `nil` when the caller must give it.
    package var defaultValue: String?

    /// Creates a property.
    package init(name: String, wireName: String, type: TypeReference, isRequired: Bool, isNullable: Bool = false,
                isIndirect: Bool = false, documentation: String, isSecret: Bool = false, defaultValue: String? = nil) {
        self.name = name
        self.wireName = wireName
        self.type = type
        self.isRequired = isRequired
        self.isNullable = isNullable
        self.isIndirect = isIndirect
        self.documentation = documentation
        self.isSecret = isSecret
        self.defaultValue = defaultValue
    }
}

/// The dictionary property that keeps an object's unnamed keys (for a tuple, the array
/// property that keeps the elements after the named ones).
package struct AdditionalPropertiesDeclaration: Hashable, Sendable {
    /// The Swift identifier of the dictionary (or array) property.
    package var name: String
    /// The type of each value.
    package var valueType: TypeReference

    /// Creates the declaration.
    package init(name: String, valueType: TypeReference) {
        self.name = name
        self.valueType = valueType
    }
}

/// A string enumeration.
package struct EnumDeclaration: Hashable, Sendable {
    /// One known value.
    package struct Case: Hashable, Sendable {
        /// The Swift identifier of the static member.
        package var name: String
        /// The value on the wire.
        package var rawValue: String

        /// Creates a case.
        package init(name: String, rawValue: String) {
            self.name = name
            self.rawValue = rawValue
        }
    }

    /// The Swift name.
    package var name: String
    /// The output group (file).
    package var group: String
    /// The doc comment's text.
    package var documentation: String
    /// The known values in spec order.
    package var cases: [Case]

    /// Creates a declaration.
    package init(name: String, group: String, documentation: String, cases: [Case]) {
        self.name = name
        self.group = group
        self.documentation = documentation
        self.cases = cases
    }
}

/// A choice between types.
package struct UnionDeclaration: Hashable, Sendable {
    /// One alternative.
    package struct Variant: Hashable, Sendable {
        /// The enum case's Swift identifier.
        package var caseName: String
        /// The payload type.
        package var type: TypeReference
        /// The discriminator value that selects this variant, for discriminated unions.
        package var discriminatorValue: String?

        /// Creates a variant.
        package init(caseName: String, type: TypeReference, discriminatorValue: String? = nil) {
            self.caseName = caseName
            self.type = type
            self.discriminatorValue = discriminatorValue
        }
    }

    /// The Swift name.
    package var name: String
    /// The output group (file).
    package var group: String
    /// The doc comment's text.
    package var documentation: String
    /// The property whose value picks the variant; `nil` to try variants in order.
    package var discriminatorProperty: String?
    /// The alternatives in spec order.
    package var variants: [Variant]
    /// Whether the enum is `indirect` because a variant contains the union itself.
    package var isIndirect: Bool

    /// Creates a declaration.
    package init(name: String, group: String, documentation: String, discriminatorProperty: String?,
                variants: [Variant], isIndirect: Bool = false) {
        self.name = name
        self.group = group
        self.documentation = documentation
        self.discriminatorProperty = discriminatorProperty
        self.variants = variants
        self.isIndirect = isIndirect
    }
}

/// A type alias.
package struct AliasDeclaration: Hashable, Sendable {
    /// The Swift name.
    package var name: String
    /// The output group (file).
    package var group: String
    /// The doc comment's text.
    package var documentation: String
    /// The aliased type.
    package var target: TypeReference

    /// Creates a declaration.
    package init(name: String, group: String, documentation: String, target: TypeReference) {
        self.name = name
        self.group = group
        self.documentation = documentation
        self.target = target
    }
}
