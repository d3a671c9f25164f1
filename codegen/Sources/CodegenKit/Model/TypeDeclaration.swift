/// A type the generated code declares.
public enum TypeDeclaration: Hashable, Sendable {
    /// A struct with stored properties.
    case structure(StructDeclaration)
    /// A string enumeration that keeps unknown values.
    case openEnum(EnumDeclaration)
    /// A choice between several types (`oneOf`/`anyOf`).
    case union(UnionDeclaration)
    /// Another name for an existing type.
    case alias(AliasDeclaration)

    /// The declared Swift name.
    public var name: String {
        switch self {
        case .structure(let declaration): declaration.name
        case .openEnum(let declaration): declaration.name
        case .union(let declaration): declaration.name
        case .alias(let declaration): declaration.name
        }
    }

    /// The output group (file) the declaration belongs to.
    public var group: String {
        switch self {
        case .structure(let declaration): declaration.group
        case .openEnum(let declaration): declaration.group
        case .union(let declaration): declaration.group
        case .alias(let declaration): declaration.group
        }
    }
}

/// A struct: an object schema, a merged `allOf`, or an operation's parameters.
public struct StructDeclaration: Hashable, Sendable {
    /// How a struct is encoded.
    public enum Coding: Hashable, Sendable {
        /// `Codable`, through synthesized conformance unless it has additional properties.
        case codable
        /// Not coded at all: holds values the operation turns into a request by hand
        /// (query parameters, headers, multipart parts).
        case none
    }

    /// The Swift name.
    public var name: String
    /// The output group (file).
    public var group: String
    /// The doc comment's text.
    public var documentation: String
    /// The stored properties in declaration order.
    public var properties: [PropertyDeclaration]
    /// A dictionary property holding keys the schema does not name, if the schema allows them.
    public var additionalProperties: AdditionalPropertiesDeclaration?
    /// How the struct is encoded.
    public var coding: Coding
    /// Whether nullable properties are declared `Nullable<T>?` (request bodies tell "leave
    /// unchanged" from "set to null") instead of a plain optional.
    public var distinguishesNull: Bool

    /// Creates a declaration.
    public init(name: String, group: String, documentation: String, properties: [PropertyDeclaration],
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
public struct PropertyDeclaration: Hashable, Sendable {
    /// The Swift identifier (back-quoted when it is a keyword).
    public var name: String
    /// The name on the wire (JSON key, query or header name).
    public var wireName: String
    /// The value's type.
    public var type: TypeReference
    /// Whether the value must be given (not optional in Swift).
    public var isRequired: Bool
    /// Whether `null` is a meaningful value.
    public var isNullable: Bool
    /// Whether the value is stored out of line to break a recursive layout.
    public var isIndirect: Bool
    /// The doc comment's text.
    public var documentation: String
    /// Whether the value is a secret (`format: password` or `x-secret: true`) that
    /// descriptions and mirrors of the struct must not show.
    public var isSecret: Bool

    /// Creates a property.
    public init(name: String, wireName: String, type: TypeReference, isRequired: Bool, isNullable: Bool = false,
                isIndirect: Bool = false, documentation: String, isSecret: Bool = false) {
        self.name = name
        self.wireName = wireName
        self.type = type
        self.isRequired = isRequired
        self.isNullable = isNullable
        self.isIndirect = isIndirect
        self.documentation = documentation
        self.isSecret = isSecret
    }
}

/// The dictionary property that keeps an object's unnamed keys.
public struct AdditionalPropertiesDeclaration: Hashable, Sendable {
    /// The Swift identifier of the dictionary property.
    public var name: String
    /// The type of each value.
    public var valueType: TypeReference

    /// Creates the declaration.
    public init(name: String, valueType: TypeReference) {
        self.name = name
        self.valueType = valueType
    }
}

/// A string enumeration.
public struct EnumDeclaration: Hashable, Sendable {
    /// One known value.
    public struct Case: Hashable, Sendable {
        /// The Swift identifier of the static member.
        public var name: String
        /// The value on the wire.
        public var rawValue: String

        /// Creates a case.
        public init(name: String, rawValue: String) {
            self.name = name
            self.rawValue = rawValue
        }
    }

    /// The Swift name.
    public var name: String
    /// The output group (file).
    public var group: String
    /// The doc comment's text.
    public var documentation: String
    /// The known values in spec order.
    public var cases: [Case]

    /// Creates a declaration.
    public init(name: String, group: String, documentation: String, cases: [Case]) {
        self.name = name
        self.group = group
        self.documentation = documentation
        self.cases = cases
    }
}

/// A choice between types.
public struct UnionDeclaration: Hashable, Sendable {
    /// One alternative.
    public struct Variant: Hashable, Sendable {
        /// The enum case's Swift identifier.
        public var caseName: String
        /// The payload type.
        public var type: TypeReference
        /// The discriminator value that selects this variant, for discriminated unions.
        public var discriminatorValue: String?

        /// Creates a variant.
        public init(caseName: String, type: TypeReference, discriminatorValue: String? = nil) {
            self.caseName = caseName
            self.type = type
            self.discriminatorValue = discriminatorValue
        }
    }

    /// The Swift name.
    public var name: String
    /// The output group (file).
    public var group: String
    /// The doc comment's text.
    public var documentation: String
    /// The property whose value picks the variant; `nil` to try variants in order.
    public var discriminatorProperty: String?
    /// The alternatives in spec order.
    public var variants: [Variant]
    /// Whether the enum is `indirect` because a variant contains the union itself.
    public var isIndirect: Bool

    /// Creates a declaration.
    public init(name: String, group: String, documentation: String, discriminatorProperty: String?,
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
public struct AliasDeclaration: Hashable, Sendable {
    /// The Swift name.
    public var name: String
    /// The output group (file).
    public var group: String
    /// The doc comment's text.
    public var documentation: String
    /// The aliased type.
    public var target: TypeReference

    /// Creates a declaration.
    public init(name: String, group: String, documentation: String, target: TypeReference) {
        self.name = name
        self.group = group
        self.documentation = documentation
        self.target = target
    }
}
