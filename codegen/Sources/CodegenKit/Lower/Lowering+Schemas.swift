import Foundation
import OpenAPIKit

/// A property gathered from an object schema or the members of an `allOf`.
///
/// A class: collections are merged into every `allOf` descendant, and copying a schema
/// value (its core context's many fields) at each step showed on large documents.
final class CollectedProperty: Sendable {
    let wireName: String
    let schema: JSONSchema
    /// The `properties` member the property is in, shared by its siblings.
    private let propertiesPointer: JSONPointer
    /// The type name inline types of this property are named after; `nil` for the type
    /// being declared (whose name the collection does not need to know).
    let ownerName: String?

    init(wireName: String, schema: JSONSchema, propertiesPointer: JSONPointer, ownerName: String?) {
        self.wireName = wireName
        self.schema = schema
        self.propertiesPointer = propertiesPointer
        self.ownerName = ownerName
    }

    /// Where the property's schema is, so reaching it again reuses its inline types. Made
    /// when asked for: most properties (references, scalars) never need theirs.
    var pointer: JSONPointer { propertiesPointer.appending(wireName) }

    /// Whether the property is only a name in `required`: the loader gives such a name an
    /// inferred, empty schema (OpenAPIKit's rule), which says nothing about its type.
    var isRequiredPlaceholder: Bool { schema.inferred }
}

/// The merged shape of an object schema.
struct CollectedObject {
    private(set) var properties: [CollectedProperty] = []
    var required: Set<String> = []
    var additionalProperties: Either<Bool, JSONSchema>?
    var additionalPropertiesPointer = JSONPointer.root
    /// The type name the `additionalProperties` value type is named after (`nil`: as for
    /// ``CollectedProperty/ownerName``).
    var additionalPropertiesOwner: String?
    var description: String?
    /// Whether a reference cycle was cut while collecting (so the result depends on where
    /// the collection started and must not be reused).
    var cutCycle = false
    /// Positions in `properties` by wire name; made when a property may repeat a name (the
    /// first properties to arrive, those of one object or of one collection, never do).
    private var positions: [String: Int]?

    /// Adds a property; one with the same wire name is replaced where it stands.
    ///
    /// A required name without a schema (the placeholder the loader makes for a `required`
    /// entry its object does not describe, as an `allOf` container's `required` is) replaces
    /// nothing: the property another member describes keeps its type, and the name is only
    /// required. A placeholder stays the property when no member describes the name.
    mutating func add(_ property: CollectedProperty) {
        var table = positions ?? Self.positions(of: properties)
        positions = nil
        if let index = table[property.wireName] {
            if !property.isRequiredPlaceholder { properties[index] = property }
        } else {
            table[property.wireName] = properties.count
            properties.append(property)
        }
        positions = table
    }

    /// Adds properties whose wire names differ from each other (those of one object schema,
    /// or of another collection), each as ``add(_:)`` would.
    mutating func add(distinct newProperties: [CollectedProperty]) {
        if properties.isEmpty {
            properties = newProperties
            positions = nil
        } else {
            for property in newProperties { add(property) }
        }
    }

    private static func positions(of properties: [CollectedProperty]) -> [String: Int] {
        var table: [String: Int] = [:]
        table.reserveCapacity(properties.count + 4)
        for (index, property) in properties.enumerated() { table[property.wireName] = index }
        return table
    }

    /// Adds what `other` collected, as if it had been collected here at this point.
    mutating func merge(_ other: CollectedObject) {
        if description == nil { description = other.description }
        add(distinct: other.properties)
        required.formUnion(other.required)
        if let additional = other.additionalProperties {
            additionalProperties = additional
            additionalPropertiesPointer = other.additionalPropertiesPointer
            additionalPropertiesOwner = other.additionalPropertiesOwner
        }
        cutCycle = cutCycle || other.cutCycle
    }
}

extension Lowering {
    // MARK: Components

    func lowerComponent(key: String, schema: JSONSchema) {
        guard let name = componentTypeNames[key] else { return }
        let pointer = JSONPointer(["components", "schemas", key])
        let docs = documentation(schema.coreDescription, schema.coreTitle, fallback: "The `\(key)` schema.")
        reserveSlot(name)
        switch classify(schema) {
        case .structure:
            declareStruct(name: name, group: name, schema: schema, pointer: pointer, documentation: docs)
        case .enumeration(let values):
            declareEnum(name: name, group: name, values: values, documentation: docs)
        case .tuple(let array):
            declareTuple(name: name, group: name, array: array, pointer: pointer, documentation: docs)
        case .union(let members, let core):
            _ = declareUnion(componentName: name, nameHint: name, group: name, members: members, core: core,
                             keyword: schema.value.isOneOf ? "oneOf" : "anyOf", pointer: pointer,
                             documentation: docs)
        case .other:
            let lowered = lowerSchema(schema, nameHint: name + "Value", group: name, pointer: pointer,
                                      alreadyNamed: true)
            declare(.alias(AliasDeclaration(name: name, group: name, documentation: docs, target: lowered.type)))
        }
    }

    enum SchemaShape {
        case structure
        case enumeration([String])
        /// An array with `prefixItems`: a struct whose properties are its elements.
        case tuple(JSONSchema.ArrayContext)
        case union([JSONSchema], JSONSchema.CoreContext<JSONTypeFormat.AnyFormat>)
        case other
    }

    /// What kind of declaration a schema needs when it has a name of its own.
    func classify(_ schema: JSONSchema) -> SchemaShape {
        switch schema.value {
        case .object(_, let object):
            return object.properties.isEmpty ? .other : .structure
        case .string:
            let values = stringEnumValues(schema)
            return values.isEmpty ? .other : .enumeration(values)
        case .array(_, let array):
            return array.prefixItems?.isEmpty == false ? .tuple(array) : .other
        case .all(let members, _):
            guard let value = SchemaFacts.valueMember(of: members, lookup: collector.lookup) else { return .structure }
            // One object written out in place (`SignTemplate: {allOf: [{properties: …}]}`) is the
            // component's own struct, so its inline types are named after the component.
            if case .object(_, let object) = value.schema.value, !object.properties.isEmpty { return .structure }
            return .other
        case .one(let members, let core), .any(let members, let core):
            // `null`, and an object that may hold nothing (`{type: [object, 'null'],
            // additionalProperties: false}`, Box's way of saying "absent"), are the absence of
            // the other members' value, not a variant of their own.
            let variants = members.filter { !isNullSchema($0) && !SchemaFacts.isEmptyClosedObject($0) }
            return variants.count > 1 ? .union(variants, core) : .other
        default:
            return .other
        }
    }

    // MARK: Schemas where they are used

    /// Lowers a schema where it is used, declaring inline types named `nameHint`.
    ///
    /// - Parameter alreadyNamed: Whether `nameHint` is taken by the caller's own alias,
    ///   so inline types must not claim it.
    func lowerSchema(_ schema: JSONSchema, nameHint: @autoclosure () -> String, group: String, pointer: JSONPointer,
                     alreadyNamed: Bool = false) -> LoweredType {
        // Schemas that declare nothing and report nothing need no memo (and no hashing of
        // their pointer): references that resolve and plain scalars.
        if let plain = SchemaFacts.plainType(schema, lookup: collector.lookup) { return plain }
        return lowerSchemaMemoized(schema, nameHint: nameHint(), group: group, pointer: pointer)
    }

    /// ``lowerSchema(_:nameHint:group:pointer:alreadyNamed:)`` for a schema known not to be
    /// plain: the first time a pointer is reached it is lowered, then the memo answers.
    func lowerSchemaMemoized(_ schema: JSONSchema, nameHint: @autoclosure () -> String, group: String,
                             pointer: JSONPointer) -> LoweredType {
        if let done = loweredInline[pointer] { return done }
        let lowered = lowerSchemaUncached(schema, nameHint: nameHint(), group: group, pointer: pointer)
        loweredInline[pointer] = lowered
        return lowered
    }

    func lowerSchemaUncached(_ schema: JSONSchema, nameHint: String, group: String,
                                     pointer: JSONPointer) -> LoweredType {
        let nullable = schema.coreNullable
        switch schema.value {
        case .reference(let reference, _):
            return LoweredType(type: referencedType(reference, pointer: pointer), isNullable: nullable)
        case .null, .boolean, .integer, .number, .fragment:
            return SchemaFacts.scalarType(schema) ?? LoweredType(type: .jsonValue, isNullable: nullable)
        case .string:
            let values = stringEnumValues(schema)
            if !values.isEmpty {
                let name = typeNames.claim(nameHint, alternatives: [nameHint + "Field"])
                declareEnum(name: name, group: group, values: values,
                            documentation: documentation(schema.coreDescription, fallback: "Values of `\(name)`."))
                return LoweredType(type: .named(name), isNullable: nullable)
            }
            return SchemaFacts.scalarType(schema) ?? LoweredType(type: .string, isNullable: nullable)
        case .array(_, let array):
            if array.prefixItems?.isEmpty == false {
                let name = typeNames.claim(nameHint, alternatives: [nameHint + "Field"])
                declareTuple(name: name, group: group, array: array, pointer: pointer,
                             documentation: documentation(schema.coreDescription, schema.coreTitle, fallback: "A `\(name)`."))
                return LoweredType(type: .named(name), isNullable: nullable)
            }
            // `items: false` (read as `{not: {}}`): an array that must be empty.
            guard let items = array.items, !SchemaFacts.allowsNothing(items) else {
                return LoweredType(type: .array(.jsonValue), isNullable: nullable)
            }
            // The items of a property's array take the property's name, as Box names them
            // (`fields` → `...FieldsField`), and so do the items of a request body that is an
            // array (`AddClassificationRequestBody`, the body being `[AddClassificationRequestBody]`);
            // the items of any other top-level array are its `Item`.
            let isRequestBody = nameHint.hasSuffix("RequestBody") && pointer.tokens.last == "schema"
                && pointer.tokens.suffix(3).first == "content" && pointer.tokens.suffix(4).first == "requestBody"
            let itemName = nameHint.hasSuffix(Naming.fieldSuffix) || isRequestBody ? nameHint : nameHint + "Item"
            let element = lowerSchema(items, nameHint: itemName, group: group,
                                      pointer: pointer.appending("items"))
            return LoweredType(type: .array(element.type), isNullable: nullable)
        case .object(_, let object):
            if object.properties.isEmpty {
                return LoweredType(type: .dictionary(additionalValueType(object, nameHint: nameHint, group: group,
                                                                        pointer: pointer)),
                                   isNullable: nullable)
            }
            let name = typeNames.claim(nameHint, alternatives: [nameHint + "Field"])
            declareStruct(name: name, group: group, schema: schema, pointer: pointer,
                          documentation: documentation(schema.coreDescription, schema.coreTitle, fallback: "A `\(name)`."))
            return LoweredType(type: .named(name), isNullable: nullable)
        case .all(let members, _):
            // Members that are all `{}` fragments (descriptions only) constrain nothing: any
            // JSON value (Box's metadata instances describe their fields' values so).
            if SchemaFacts.significantMembers(members).isEmpty {
                return LoweredType(type: .jsonValue, isNullable: nullable)
            }
            if let only = SchemaFacts.valueMember(of: members, lookup: collector.lookup) {
                let inner = lowerSchema(only.schema, nameHint: nameHint, group: group,
                                        pointer: pointer.appending("allOf", String(only.index)))
                return LoweredType(type: inner.type, isNullable: nullable || inner.isNullable)
            }
            let name = typeNames.claim(nameHint, alternatives: [nameHint + "Field"])
            declareStruct(name: name, group: group, schema: schema, pointer: pointer,
                          documentation: documentation(schema.coreDescription, schema.coreTitle, fallback: "A `\(name)`."))
            return LoweredType(type: .named(name), isNullable: nullable)
        case .one(let members, let core), .any(let members, let core):
            let variants = members.filter { !isNullSchema($0) && !SchemaFacts.isEmptyClosedObject($0) }
            let unionNullable = nullable || variants.count < members.count
            if variants.isEmpty { return LoweredType(type: .jsonValue, isNullable: true) }
            let keyword = schema.value.isOneOf ? "oneOf" : "anyOf"
            if variants.count == 1, let only = variants.first, let index = members.firstIndex(of: only) {
                let inner = lowerSchema(only, nameHint: nameHint, group: group,
                                        pointer: pointer.appending(keyword, String(index)))
                return LoweredType(type: inner.type, isNullable: unionNullable || inner.isNullable)
            }
            let type = declareUnion(componentName: nil, nameHint: nameHint, group: group, members: variants,
                                    core: core, keyword: keyword, pointer: pointer,
                                    documentation: documentation(schema.coreDescription, fallback: ""))
            return LoweredType(type: type, isNullable: unionNullable)
        case .not:
            diagnostics.warning(pointer, "`not` schemas are not supported; the value is typed as JSONValue", kind: .notSchema)
            return LoweredType(type: .jsonValue, isNullable: nullable)
        }
    }

    /// The type a `$ref` names; `JSONValue` with a warning when it points somewhere other
    /// than a component schema (a part of one is one by now: bundling copied it there).
    func referencedType(_ reference: JSONReference<JSONSchema>, pointer: JSONPointer) -> TypeReference {
        guard let key = componentKey(reference), let name = componentTypeNames[key] else {
            diagnostics.warning(pointer, "`$ref: \(reference.absoluteString)` does not point to a schema in "
                + "#/components/schemas; read as JSONValue", kind: .referenceOutsideSchemas)
            return .jsonValue
        }
        return .named(name)
    }

    /// The component key a schema reference points to, when the component exists.
    func componentKey(_ reference: JSONReference<JSONSchema>) -> String? {
        collector.lookup.key(reference)
    }

    /// The schema of a component by key.
    func componentSchema(_ key: String) -> JSONSchema? {
        componentSchemas[key]
    }

    private func additionalValueType(_ object: JSONSchema.ObjectContext, nameHint: String, group: String,
                                     pointer: JSONPointer) -> TypeReference {
        guard case .b(let valueSchema) = object.additionalProperties else { return .jsonValue }
        let lowered = lowerSchema(valueSchema, nameHint: nameHint + "Value", group: group,
                                  pointer: pointer.appending("additionalProperties"))
        return lowered.type
    }

    // MARK: Helpers on raw schemas

    /// The members of an `allOf` that say something (not empty `{}` fragments, which only
    /// carry descriptions), with their positions.
    func significantMembers(_ members: [JSONSchema]) -> [(index: Int, schema: JSONSchema)] {
        SchemaFacts.significantMembers(members)
    }

    func isNullSchema(_ schema: JSONSchema) -> Bool {
        if case .null = schema.value { return true }
        return false
    }

    /// The string values of an `enum`, in order, without repeats.
    func stringEnumValues(_ schema: JSONSchema) -> [String] {
        SchemaFacts.stringEnumValues(schema)
    }

    /// The properties, required names and extra-key policy of an object schema, merging
    /// `allOf` members and following references (``ObjectCollector``).
    func collectObject(_ schema: JSONSchema, pointer: JSONPointer, ownerName: String?) -> CollectedObject {
        let collected = collector.collectObject(schema, pointer: pointer, ownerName: ownerName)
        for note in collector.takeNotes() {
            if note.isError {
                diagnostics.error(note.pointer, note.message)
            } else {
                diagnostics.warning(note.pointer, note.message, kind: note.kind)
            }
        }
        return collected
    }
}

extension JSONSchema.Schema {
    var isOneOf: Bool {
        if case .one = self { return true }
        return false
    }
}
