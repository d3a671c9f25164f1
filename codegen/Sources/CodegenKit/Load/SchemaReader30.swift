import Foundation
import OpenAPIKit30

/// Reads an OpenAPI 3.0 Schema Object straight from the tree, for speed.
///
/// OpenAPIKit decodes a schema through `Decodable`: five keyed containers per schema, each
/// listing its keys, and a thrown error for every `Either` branch that does not match. On
/// documents with thousands of schemas that is most of the loading time. This reader builds
/// the same `JSONSchema` value with OpenAPIKit's public initializers in one pass over the
/// schema's members, following OpenAPIKit's decoding rules (which keys make a schema numeric
/// or an object, how `required` marks properties, how `nullable` spreads through `allOf`...).
///
/// It is a shortcut, never a second opinion: whenever a schema holds something it does not
/// handle, or anything OpenAPIKit would reject, it returns `nil` and the decoder falls back to
/// OpenAPIKit for that schema, so errors and unusual shapes come out exactly as before.
/// `SchemaReaderTests` checks that both give equal documents.
enum SchemaReader30: SchemaValueReading {
    /// The `userInfo` key that turns the reader off (`false`), so tests can compare it with
    /// OpenAPIKit's own decoding.
    static let enabledKey = CodingUserInfoKey(rawValue: "BoxLikeCodegen.schemaReader")!

    /// Whether a decode with this `userInfo` may use the reader: not when turned off, and
    /// only when vendor extensions are off, as the reader does not collect them.
    static func isEnabled(_ userInfo: [CodingUserInfoKey: Any]) -> Bool {
        userInfo[enabledKey] as? Bool != false
            && userInfo[VendorExtensionsConfiguration.enabledKey] as? Bool == false
    }

    /// The schema `value` describes, or `nil` when OpenAPIKit should decode it.
    static func read(_ value: SpecValue) -> JSONSchema? {
        try? schema(value)
    }

    private static func schema(_ value: SpecValue) throws -> JSONSchema {
        guard case .object(let object) = value else { throw SchemaReaderUnsupported() }
        let fields = SchemaFields(object)

        if let reference = fields.ref {
            // Only plain in-document references; anything else takes OpenAPIKit's path.
            guard case .string(let text) = reference, text.first == "#",
                  let target = JSONReference<JSONSchema>.InternalReference(rawValue: text) else {
                throw SchemaReaderUnsupported()
            }
            return .reference(.internal(target), .init(required: true))
        }
        if let members = fields.allOf {
            return nullableIfAnyMember(.all(of: try schemas(members), core: try core(fields)))
        }
        if let members = fields.anyOf {
            return nullableIfAnyMember(.any(of: try schemas(members), core: try core(fields)))
        }
        if let members = fields.oneOf {
            return nullableIfAnyMember(.one(of: try schemas(members), core: try core(fields)))
        }
        if let negated = fields.not {
            return .not(try schema(negated), core: try core(fields))
        }

        let typeHint: JSONType?
        if let type = present(fields.type) {
            guard let text = type.decodedString, let hint = JSONType(rawValue: text) else { throw SchemaReaderUnsupported() }
            typeHint = hint
        } else {
            typeHint = nil
        }

        switch typeHint {
        case .integer:
            return .integer(try core(fields), try integerContext(fields))
        case .number:
            return .number(try core(fields), try numericContext(fields))
        case nil where fields.hasNumericKeys:
            return .number(try core(fields), try numericContext(fields))
        case .string:
            return .string(try core(fields), try stringContext(fields))
        case nil where fields.hasStringKeys:
            return .string(try core(fields), try stringContext(fields))
        case .array:
            return .array(try core(fields), try arrayContext(fields))
        case nil where fields.hasArrayKeys:
            return .array(try core(fields), try arrayContext(fields))
        case .object:
            return .object(try core(fields), try objectContext(fields))
        case nil where fields.hasObjectKeys:
            return .object(try core(fields), try objectContext(fields))
        case .boolean:
            return .boolean(try core(fields))
        default:
            return .fragment(try core(fields))
        }
    }

    /// As OpenAPIKit does for `allOf`/`anyOf`/`oneOf`: nullable when any member is.
    private static func nullableIfAnyMember(_ schema: JSONSchema) -> JSONSchema {
        schema.subschemas.contains(where: \.nullable) ? schema.nullableSchemaObject() : schema
    }

    private static func schemas(_ value: SpecValue) throws -> [JSONSchema] {
        guard case .array(let elements) = value else { throw SchemaReaderUnsupported() }
        return try elements.map(schema)
    }

    // MARK: Contexts

    private static func core<Format: OpenAPIFormat>(_ fields: SchemaFields) throws -> JSONSchema.CoreContext<Format> {
        let format = try present(fields.format).map { value -> Format in
            guard let text = value.decodedString, let format = Format(rawValue: text) else { throw SchemaReaderUnsupported() }
            return format
        } ?? .unspecified
        let nullable = try optional(fields.nullable, bool)

        let allowedValues: [AnyCodable]?
        if Format.self == JSONTypeFormat.StringFormat.self {
            // OpenAPIKit reads a string schema's enum as strings (`[String?]` when nullable);
            // a null member takes its path.
            allowedValues = try optional(fields.enumValues) { value in
                guard case .array(let elements) = value else { throw SchemaReaderUnsupported() }
                return try elements.map { element in AnyCodable(try string(element)) }
            }
        } else {
            allowedValues = try optional(fields.enumValues) { value in
                guard case .array(let elements) = value else { throw SchemaReaderUnsupported() }
                return elements.map(anyCodable)
            }
        }

        let readOnly = try optional(fields.readOnly, bool)
        let writeOnly = try optional(fields.writeOnly, bool)
        let permissions: JSONSchema.Permissions?
        switch (readOnly, writeOnly) {
        case (nil, nil): permissions = nil
        case (true?, true?): throw SchemaReaderUnsupported()
        case (true?, _): permissions = .readOnly
        case (_, true?): permissions = .writeOnly
        default: permissions = .readWrite
        }

        return JSONSchema.CoreContext<Format>(
            format: format,
            required: true,
            nullable: nullable,
            permissions: permissions,
            deprecated: try optional(fields.deprecated, bool),
            title: try optional(fields.title, string),
            description: try optional(fields.description, string),
            discriminator: try optional(fields.discriminator) { value in
                try SpecValueDecoder.decode(OpenAPI.Discriminator.self, from: value)
            },
            externalDocs: try optional(fields.externalDocs) { value in
                try SpecValueDecoder.decode(OpenAPI.ExternalDocumentation.self, from: value)
            },
            allowedValues: allowedValues,
            defaultValue: try optional(fields.defaultValue, anyCodable),
            example: try optional(fields.example, anyCodable)
        )
    }

    private static func numericContext(_ fields: SchemaFields) throws -> JSONSchema.NumericContext {
        let bounds = try numberBounds(fields)
        return JSONSchema.NumericContext(multipleOf: bounds.multipleOf, maximum: bounds.maximum, minimum: bounds.minimum)
    }

    private static func integerContext(_ fields: SchemaFields) throws -> JSONSchema.IntegerContext {
        let bounds = try integerBounds(fields)
        return JSONSchema.IntegerContext(multipleOf: bounds.multipleOf, maximum: bounds.maximum, minimum: bounds.minimum)
    }

    private static func stringContext(_ fields: SchemaFields) throws -> JSONSchema.StringContext {
        JSONSchema.StringContext(
            maxLength: try optional(fields.maxLength, integer),
            minLength: try optional(fields.minLength, integer),
            pattern: try optional(fields.pattern, string)
        )
    }

    private static func arrayContext(_ fields: SchemaFields) throws -> JSONSchema.ArrayContext {
        JSONSchema.ArrayContext(
            items: try optional(fields.items, schema),
            maxItems: try optional(fields.maxItems, integer),
            minItems: try optional(fields.minItems, integer),
            uniqueItems: try optional(fields.uniqueItems, bool)
        )
    }

    private static func objectContext(_ fields: SchemaFields) throws -> JSONSchema.ObjectContext {
        let additionalProperties = try optional(fields.additionalProperties) { value -> Either<Bool, JSONSchema> in
            if case .bool(let flag) = value { return .a(flag) }
            return .b(try schema(value))
        }
        let required: [String] = try optional(fields.required) { value in
            guard case .array(let elements) = value else { throw SchemaReaderUnsupported() }
            return try elements.map(string)
        } ?? []
        // As OpenAPIKit does: a property not listed in `required` is optional, and a listed
        // name without a property becomes an inferred required fragment, at the end.
        let requiredNames = Set(required)
        var properties = OrderedDictionary<String, JSONSchema>()
        var names: Set<String> = []
        if let members = present(fields.properties) {
            guard case .object(let members) = members else { throw SchemaReaderUnsupported() }
            for member in members.entries {
                let property = try schema(member.value)
                properties[member.key] = requiredNames.contains(member.key) ? property : property.optionalSchemaObject()
                names.insert(member.key)
            }
        }
        for name in required where names.insert(name).inserted {
            properties[name] = .fragment(.init(required: true, _inferred: true))
        }
        return JSONSchema.ObjectContext(
            properties: properties,
            additionalProperties: additionalProperties,
            maxProperties: try optional(fields.maxProperties, integer),
            minProperties: try optional(fields.minProperties, integer)
        )
    }

    /// An example, default or enum value as OpenAPIKit's `AnyCodable` reads it through the
    /// decoder (``AnyCodableReader``).
    private static func anyCodable(_ value: SpecValue) -> AnyCodable {
        AnyCodableReader.read(value)
    }
}

/// What ``SchemaReader30`` and ``SchemaReader30To31`` share: reading members as OpenAPIKit's
/// decoding reads them through ``SpecValueDecoder``, and giving up (``SchemaReaderUnsupported``) where
/// OpenAPIKit would fail or decide differently.
protocol SchemaValueReading {}

/// A schema the readers leave to OpenAPIKit.
struct SchemaReaderUnsupported: Error {}

extension SchemaValueReading {
    /// `value` unless it is absent or `null`, as `decodeIfPresent` sees it.
    static func present(_ value: SpecValue?) -> SpecValue? {
        if case .null? = value { return nil }
        return value
    }

    static func optional<T>(_ value: SpecValue?, _ read: (SpecValue) throws -> T) throws -> T? {
        guard let value = present(value) else { return nil }
        return try read(value)
    }

    static func string(_ value: SpecValue) throws -> String {
        guard let text = value.decodedString else { throw SchemaReaderUnsupported() }
        return text
    }

    static func bool(_ value: SpecValue) throws -> Bool {
        guard case .bool(let flag) = value else { throw SchemaReaderUnsupported() }
        return flag
    }

    static func integer(_ value: SpecValue) throws -> Int {
        guard let number = value.decodedInteger(Int.self) else { throw SchemaReaderUnsupported() }
        return number
    }

    static func double(_ value: SpecValue) throws -> Double {
        guard let number = value.decodedDouble else { throw SchemaReaderUnsupported() }
        return number
    }

    /// A number schema's `multipleOf` and bounds, 3.0 style (boolean `exclusive...`).
    static func numberBounds(_ fields: SchemaFields) throws
        -> (multipleOf: Double?, maximum: (Double, exclusive: Bool)?, minimum: (Double, exclusive: Bool)?) {
        let exclusiveMaximum = try optional(fields.exclusiveMaximum, bool) ?? false
        let exclusiveMinimum = try optional(fields.exclusiveMinimum, bool) ?? false
        return (try optional(fields.multipleOf, double),
                try optional(fields.maximum, double).map { ($0, exclusive: exclusiveMaximum) },
                try optional(fields.minimum, double).map { ($0, exclusive: exclusiveMinimum) })
    }

    /// An integer schema's `multipleOf` and bounds; OpenAPIKit takes an integral float
    /// (`10.0`, `1e3`) as an integer bound.
    static func integerBounds(_ fields: SchemaFields) throws
        -> (multipleOf: Int?, maximum: (Int, exclusive: Bool)?, minimum: (Int, exclusive: Bool)?) {
        let exclusiveMaximum = try optional(fields.exclusiveMaximum, bool) ?? false
        let exclusiveMinimum = try optional(fields.exclusiveMinimum, bool) ?? false
        func bound(_ value: SpecValue) throws -> Int {
            if let exact = value.decodedInteger(Int.self) { return exact }
            guard let double = value.decodedDouble, let integer = Int(exactly: double) else {
                throw SchemaReaderUnsupported()
            }
            return integer
        }
        return (try optional(fields.multipleOf, integer),
                try optional(fields.maximum, bound).map { ($0, exclusive: exclusiveMaximum) },
                try optional(fields.minimum, bound).map { ($0, exclusive: exclusiveMinimum) })
    }
}

/// A Schema Object's members by keyword, read in one pass.
struct SchemaFields {
    var ref, allOf, anyOf, oneOf, not, type: SpecValue?
    var format, title, description, discriminator, externalDocs, enumValues, defaultValue: SpecValue?
    var nullable, example, readOnly, writeOnly, deprecated: SpecValue?
    var multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum: SpecValue?
    var maxLength, minLength, pattern: SpecValue?
    var items, maxItems, minItems, uniqueItems: SpecValue?
    var maxProperties, minProperties, properties, additionalProperties, required: SpecValue?

    init(_ object: SpecObject) {
        for entry in object.entries {
            let value = entry.value
            switch entry.key {
            case "$ref": ref = value
            case "allOf": allOf = value
            case "anyOf": anyOf = value
            case "oneOf": oneOf = value
            case "not": not = value
            case "type": type = value
            case "format": format = value
            case "title": title = value
            case "description": description = value
            case "discriminator": discriminator = value
            case "externalDocs": externalDocs = value
            case "enum": enumValues = value
            case "default": defaultValue = value
            case "nullable": nullable = value
            case "example": example = value
            case "readOnly": readOnly = value
            case "writeOnly": writeOnly = value
            case "deprecated": deprecated = value
            case "multipleOf": multipleOf = value
            case "maximum": maximum = value
            case "exclusiveMaximum": exclusiveMaximum = value
            case "minimum": minimum = value
            case "exclusiveMinimum": exclusiveMinimum = value
            case "maxLength": maxLength = value
            case "minLength": minLength = value
            case "pattern": pattern = value
            case "items": items = value
            case "maxItems": maxItems = value
            case "minItems": minItems = value
            case "uniqueItems": uniqueItems = value
            case "maxProperties": maxProperties = value
            case "minProperties": minProperties = value
            case "properties": properties = value
            case "additionalProperties": additionalProperties = value
            case "required": required = value
            default: break
            }
        }
    }

    /// Keys OpenAPIKit reads as a number schema's, an untyped schema's type hint.
    var hasNumericKeys: Bool {
        multipleOf != nil || maximum != nil || exclusiveMaximum != nil || minimum != nil || exclusiveMinimum != nil
    }

    var hasStringKeys: Bool { maxLength != nil || minLength != nil || pattern != nil }
    var hasArrayKeys: Bool { items != nil || maxItems != nil || minItems != nil || uniqueItems != nil }

    var hasObjectKeys: Bool {
        maxProperties != nil || minProperties != nil || properties != nil || additionalProperties != nil
            || required != nil
    }
}
