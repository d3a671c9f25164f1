import Foundation
import OpenAPIKit
import OpenAPIKit30

/// Reads an OpenAPI 3.0 Schema Object straight into OpenAPIKit's 3.1 model.
///
/// A 3.0 document's component schemas would otherwise be read as 3.0 schemas
/// (``SchemaReader30``) and then converted by OpenAPIKit, which copies every schema again. This
/// reader gives in one pass what that conversion gives: the 3.0 reading rules of
/// ``SchemaReader30`` with the 3.0 → 3.1 mapping of OpenAPIKit's converter (`nullable` and
/// `example` moved into the 3.1 forms, defaults made explicit, `byte` and `binary` strings
/// given their content encoding, references keeping only whether they are required).
///
/// As with ``SchemaReader30``, anything unusual or invalid gives `nil`, and the loader then
/// decodes and converts that schema with OpenAPIKit. `SchemaReaderTests` checks both give
/// equal schemas.
enum SchemaReader30To31: SchemaValueReading {
    typealias Schema = OpenAPIKit.JSONSchema

    /// The 3.1 schema a 3.0 schema `value` converts to, or `nil` when OpenAPIKit should read it.
    static func read(_ value: SpecValue) -> Schema? {
        try? schema(value, required: true)
    }

    /// A schema; `required: false` as OpenAPIKit marks a property its object does not require.
    private static func schema(_ value: SpecValue, required: Bool) throws -> Schema {
        guard case .object(let object) = value else { throw SchemaReaderUnsupported() }
        let fields = SchemaFields(object)

        if let reference = fields.ref {
            guard case .string(let text) = reference, text.first == "#",
                  let target = OpenAPIKit30.JSONReference<OpenAPIKit30.JSONSchema>.InternalReference(rawValue: text) else {
                throw SchemaReaderUnsupported()
            }
            let converted: OpenAPIKit.JSONReference<Schema>.InternalReference
            switch target {
            case .component(let name): converted = .component(name: name)
            case .path(let path): converted = .path(.init(rawValue: path.rawValue))
            }
            return converting(.reference(.internal(converted), .init(required: required)))
        }
        if let members = fields.allOf {
            let subschemas = try schemas(members)
            return converting(.all(of: subschemas, core: try core(fields, required: required, members: subschemas)))
        }
        if let members = fields.anyOf {
            let subschemas = try schemas(members)
            return converting(.any(of: subschemas, core: try core(fields, required: required, members: subschemas)))
        }
        if let members = fields.oneOf {
            let subschemas = try schemas(members)
            return converting(.one(of: subschemas, core: try core(fields, required: required, members: subschemas)))
        }
        if let negated = fields.not {
            return converting(.not(try schema(negated, required: true), core: try core(fields, required: required)))
        }

        let typeHint: OpenAPIKit30.JSONType?
        if let type = present(fields.type) {
            guard let text = type.decodedString, let hint = OpenAPIKit30.JSONType(rawValue: text) else { throw SchemaReaderUnsupported() }
            typeHint = hint
        } else {
            typeHint = nil
        }

        switch typeHint {
        case .integer:
            return converting(.integer(try core(fields, required: required), try integerContext(fields)))
        case .number:
            return converting(.number(try core(fields, required: required), try numericContext(fields)))
        case nil where fields.hasNumericKeys:
            return converting(.number(try core(fields, required: required), try numericContext(fields)))
        case .string:
            return try stringSchema(fields, required: required)
        case nil where fields.hasStringKeys:
            return try stringSchema(fields, required: required)
        case .array:
            return converting(.array(try core(fields, required: required), try arrayContext(fields)))
        case nil where fields.hasArrayKeys:
            return converting(.array(try core(fields, required: required), try arrayContext(fields)))
        case .object:
            return converting(.object(try core(fields, required: required), try objectContext(fields)))
        case nil where fields.hasObjectKeys:
            return converting(.object(try core(fields, required: required), try objectContext(fields)))
        case .boolean:
            return converting(.boolean(try core(fields, required: required)))
        default:
            return converting(.fragment(try core(fields, required: required)))
        }
    }

    /// A schema as OpenAPIKit's converter finishes one.
    private static func converting(_ schema: Schema.Schema) -> Schema {
        Schema(schema: schema).with(vendorExtensions: [:])
    }

    private static func schemas(_ value: SpecValue) throws -> [Schema] {
        guard case .array(let elements) = value else { throw SchemaReaderUnsupported() }
        return try elements.map { try schema($0, required: true) }
    }

    private static func stringSchema(_ fields: SchemaFields, required: Bool) throws -> Schema {
        let core: Schema.CoreContext<OpenAPIKit.JSONTypeFormat.StringFormat> = try core(fields, required: required)
        // The converter gives 3.0's `byte` and `binary` strings a content encoding.
        let contentEncoding: OpenAPIKit.OpenAPI.ContentEncoding? = switch core.format.rawValue {
        case OpenAPIKit30.JSONTypeFormat.StringFormat.byte.rawValue: .base64
        case OpenAPIKit30.JSONTypeFormat.StringFormat.binary.rawValue: .binary
        default: nil
        }
        return converting(.string(core, Schema.StringContext(
            maxLength: try optional(fields.maxLength, integer),
            minLength: try optional(fields.minLength, integer),
            pattern: try optional(fields.pattern, string),
            contentEncoding: contentEncoding
        )))
    }

    // MARK: Contexts

    /// The core context: read by the 3.0 rules, with the converter's explicit defaults.
    /// `members` are an `allOf`/`anyOf`/`oneOf`'s, which make it nullable when one is.
    private static func core<Format: OpenAPIKit.OpenAPIFormat>(
        _ fields: SchemaFields, required: Bool, members: [Schema] = []
    ) throws -> Schema.CoreContext<Format> {
        let isString = Format.self == OpenAPIKit.JSONTypeFormat.StringFormat.self
        let format = try present(fields.format).map { value -> Format in
            guard let text = value.decodedString else { throw SchemaReaderUnsupported() }
            // A string format is read by the 3.0 model and carried over by its text.
            if isString {
                let legacy = OpenAPIKit30.JSONTypeFormat.StringFormat(rawValue: text)
                guard let format = Format(rawValue: legacy.rawValue) else { throw SchemaReaderUnsupported() }
                return format
            }
            guard let format = Format(rawValue: text) else { throw SchemaReaderUnsupported() }
            return format
        } ?? .unspecified
        let nullable = try optional(fields.nullable, bool) ?? false

        let allowedValues: [AnyCodable]? = try optional(fields.enumValues) { value in
            guard case .array(let elements) = value else { throw SchemaReaderUnsupported() }
            // A string schema's enum is read as strings; a null member takes OpenAPIKit's path.
            return isString ? try elements.map { AnyCodable(try string($0)) } : elements.map(AnyCodableReader.read)
        }

        let readOnly = try optional(fields.readOnly, bool)
        let writeOnly = try optional(fields.writeOnly, bool)
        let permissions: Schema.Permissions
        switch (readOnly, writeOnly) {
        case (true?, true?): throw SchemaReaderUnsupported()
        case (true?, _): permissions = .readOnly
        case (_, true?): permissions = .writeOnly
        default: permissions = .readWrite
        }

        return Schema.CoreContext<Format>(
            format: format,
            required: required,
            nullable: nullable || members.contains(where: \.nullable),
            permissions: permissions,
            deprecated: try optional(fields.deprecated, bool) ?? false,
            title: try optional(fields.title, string),
            description: try optional(fields.description, string),
            discriminator: try optional(fields.discriminator) { value in
                let legacy = try SpecValueDecoder.decode(OpenAPIKit30.OpenAPI.Discriminator.self, from: value)
                return OpenAPIKit.OpenAPI.Discriminator(propertyName: legacy.propertyName, mapping: legacy.mapping)
            },
            externalDocs: try optional(fields.externalDocs) { value in
                let legacy = try SpecValueDecoder.decode(OpenAPIKit30.OpenAPI.ExternalDocumentation.self, from: value,
                                                         userInfo: [OpenAPIKit30.VendorExtensionsConfiguration.enabledKey: false])
                return OpenAPIKit.OpenAPI.ExternalDocumentation(description: legacy.description, url: legacy.url,
                                                                vendorExtensions: legacy.vendorExtensions)
            },
            allowedValues: allowedValues,
            defaultValue: present(fields.defaultValue).map(AnyCodableReader.read),
            examples: present(fields.example).map { [AnyCodableReader.read($0)] } ?? []
        )
    }

    private static func numericContext(_ fields: SchemaFields) throws -> Schema.NumericContext {
        let bounds = try numberBounds(fields)
        return Schema.NumericContext(multipleOf: bounds.multipleOf, maximum: bounds.maximum, minimum: bounds.minimum)
    }

    private static func integerContext(_ fields: SchemaFields) throws -> Schema.IntegerContext {
        let bounds = try integerBounds(fields)
        return Schema.IntegerContext(multipleOf: bounds.multipleOf, maximum: bounds.maximum, minimum: bounds.minimum)
    }

    private static func arrayContext(_ fields: SchemaFields) throws -> Schema.ArrayContext {
        Schema.ArrayContext(
            items: try optional(fields.items) { try schema($0, required: true) },
            maxItems: try optional(fields.maxItems, integer),
            minItems: try optional(fields.minItems, integer) ?? 0,
            uniqueItems: try optional(fields.uniqueItems, bool) ?? false
        )
    }

    private static func objectContext(_ fields: SchemaFields) throws -> Schema.ObjectContext {
        let additionalProperties = try optional(fields.additionalProperties) { value -> Either<Bool, Schema> in
            if case .bool(let flag) = value { return .a(flag) }
            return .b(try schema(value, required: true))
        }
        let required: [String] = try optional(fields.required) { value in
            guard case .array(let elements) = value else { throw SchemaReaderUnsupported() }
            return try elements.map(string)
        } ?? []
        // A property not listed in `required` is optional; a listed name without a property
        // becomes an inferred required fragment, at the end.
        let requiredNames = Set(required)
        var properties = OrderedDictionary<String, Schema>()
        var names: Set<String> = []
        var requiredCount = 0
        if let members = present(fields.properties) {
            guard case .object(let members) = members else { throw SchemaReaderUnsupported() }
            for member in members.entries {
                let isRequired = requiredNames.contains(member.key)
                properties[member.key] = try schema(member.value, required: isRequired)
                names.insert(member.key)
                if isRequired { requiredCount += 1 }
            }
        }
        for name in required where names.insert(name).inserted {
            properties[name] = converting(.fragment(.init(required: true, permissions: .readWrite, deprecated: false,
                                                          _inferred: true)))
            requiredCount += 1
        }
        return Schema.ObjectContext(
            properties: properties,
            additionalProperties: additionalProperties,
            maxProperties: try optional(fields.maxProperties, integer),
            minProperties: max(try optional(fields.minProperties, integer) ?? 0, requiredCount)
        )
    }

}
