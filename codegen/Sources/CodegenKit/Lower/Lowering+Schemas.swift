import Foundation
import OpenAPIKit

/// A property gathered from an object schema or the members of an `allOf`.
struct CollectedProperty {
    var wireName: String
    var schema: JSONSchema
    /// Where the property's schema is, so reaching it again reuses its inline types.
    var pointer: JSONPointer
    /// The type name inline types of this property are named after.
    var ownerName: String
}

/// The merged shape of an object schema.
struct CollectedObject {
    private(set) var properties: [CollectedProperty] = []
    var required: Set<String> = []
    var additionalProperties: Either<Bool, JSONSchema>?
    var additionalPropertiesPointer = JSONPointer.root
    var additionalPropertiesOwner = ""
    var description: String?
    /// Whether a reference cycle was cut while collecting (so the result depends on where
    /// the collection started and must not be reused).
    var cutCycle = false
    /// Positions in `properties` by wire name.
    private var positions: [String: Int] = [:]

    /// Adds a property; one with the same wire name is replaced where it stands.
    mutating func add(_ property: CollectedProperty) {
        if let index = positions[property.wireName] {
            properties[index] = property
        } else {
            positions[property.wireName] = properties.count
            properties.append(property)
        }
    }

    /// Adds what `other` collected, as if it had been collected here at this point.
    mutating func merge(_ other: CollectedObject) {
        if description == nil { description = other.description }
        for property in other.properties { add(property) }
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
        case .all(let members, _):
            return significantMembers(members).count == 1 ? .other : .structure
        case .one(let members, let core), .any(let members, let core):
            let variants = members.filter { !isNullSchema($0) }
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
        switch schema.value {
        case .reference(let reference, _):
            if let key = componentKey(reference), let name = componentTypeNames[key] {
                return LoweredType(type: .named(name), isNullable: schema.coreNullable)
            }
        case .boolean, .integer, .number, .null, .fragment:
            return lowerSchemaUncached(schema, nameHint: "", group: group, pointer: pointer)
        default:
            break
        }
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
        case .null:
            return LoweredType(type: .jsonValue, isNullable: true)
        case .boolean:
            return LoweredType(type: .bool, isNullable: nullable)
        case .integer(let core, _):
            return LoweredType(type: core.format == .int64 ? .int64 : .int, isNullable: nullable)
        case .number:
            return LoweredType(type: .double, isNullable: nullable)
        case .string(let core, _):
            let values = stringEnumValues(schema)
            if !values.isEmpty {
                let name = typeNames.claim(nameHint, alternatives: [nameHint + "Field"])
                declareEnum(name: name, group: group, values: values,
                            documentation: documentation(schema.coreDescription, fallback: "Values of `\(name)`."))
                return LoweredType(type: .named(name), isNullable: nullable)
            }
            return LoweredType(type: core.format == .dateTime ? .date : .string, isNullable: nullable)
        case .array(_, let array):
            guard let items = array.items else { return LoweredType(type: .array(.jsonValue), isNullable: nullable) }
            let element = lowerSchema(items, nameHint: nameHint + "Item", group: group,
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
            let significant = significantMembers(members)
            if significant.count == 1, let only = significant.first {
                let inner = lowerSchema(only.schema, nameHint: nameHint, group: group,
                                        pointer: pointer.appending("allOf", String(only.index)))
                return LoweredType(type: inner.type, isNullable: nullable || inner.isNullable)
            }
            let name = typeNames.claim(nameHint, alternatives: [nameHint + "Field"])
            declareStruct(name: name, group: group, schema: schema, pointer: pointer,
                          documentation: documentation(schema.coreDescription, schema.coreTitle, fallback: "A `\(name)`."))
            return LoweredType(type: .named(name), isNullable: nullable)
        case .one(let members, let core), .any(let members, let core):
            let variants = members.filter { !isNullSchema($0) }
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
            diagnostics.warning(pointer, "`not` schemas are not supported; the value is typed as JSONValue")
            return LoweredType(type: .jsonValue, isNullable: nullable)
        case .fragment:
            return LoweredType(type: .jsonValue, isNullable: nullable)
        }
    }

    /// The type a `$ref` names; an error when it points nowhere.
    func referencedType(_ reference: JSONReference<JSONSchema>, pointer: JSONPointer) -> TypeReference {
        guard let key = componentKey(reference) else {
            diagnostics.error(pointer, "`$ref: \(reference.absoluteString)` does not point to a schema in "
                + "#/components/schemas")
            return .jsonValue
        }
        return componentTypeNames[key].map { .named($0) } ?? .jsonValue
    }

    /// The component key a schema reference points to, when the component exists.
    func componentKey(_ reference: JSONReference<JSONSchema>) -> String? {
        guard case .internal(let internalReference) = reference,
              case .component(let name) = internalReference,
              componentTypeNames[name] != nil
        else { return nil }
        return name
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
        members.enumerated().filter { !$0.element.isFragment }.map { (index: $0.offset, schema: $0.element) }
    }

    func isNullSchema(_ schema: JSONSchema) -> Bool {
        if case .null = schema.value { return true }
        return false
    }

    /// The string values of an `enum`, in order, without repeats.
    func stringEnumValues(_ schema: JSONSchema) -> [String] {
        guard case .string(let core, _) = schema.value, let allowed = core.allowedValues else { return [] }
        var seen: Set<String> = []
        return allowed.compactMap { $0.value as? String }.filter { seen.insert($0).inserted }
    }

    /// The properties, required names and extra-key policy of an object schema, merging
    /// `allOf` members and following references.
    func collectObject(_ schema: JSONSchema, pointer: JSONPointer, ownerName: String) -> CollectedObject {
        var collected = CollectedObject()
        var visiting: Set<String> = []
        collect(schema, pointer: pointer, ownerName: ownerName, into: &collected, visiting: &visiting)
        return collected
    }

    fileprivate func collect(_ schema: JSONSchema, pointer: JSONPointer, ownerName: String,
                         into collected: inout CollectedObject, visiting: inout Set<String>) {
        if collected.description == nil, let description = schema.coreDescription { collected.description = description }
        switch schema.value {
        case .object(_, let object):
            let propertiesPointer = pointer.appending("properties")
            for (wireName, propertySchema) in object.properties {
                if propertySchema.coreRequired { collected.required.insert(wireName) }
                collected.add(CollectedProperty(wireName: wireName, schema: propertySchema,
                                                pointer: propertiesPointer.appending(wireName),
                                                ownerName: ownerName))
            }
            if let additional = object.additionalProperties {
                collected.additionalProperties = additional
                collected.additionalPropertiesPointer = pointer
                collected.additionalPropertiesOwner = ownerName
            }
        case .reference(let reference, _):
            guard let key = componentKey(reference), let target = componentSchema(key),
                  let targetName = componentTypeNames[key] else {
                diagnostics.error(pointer, "`$ref: \(reference.absoluteString)` does not point to a schema in "
                    + "#/components/schemas")
                return
            }
            guard visiting.insert(key).inserted else {
                collected.cutCycle = true
                return
            }
            defer { visiting.remove(key) }
            if let reusable = reusableCollection(key: key, schema: target, ownerName: targetName) {
                collected.merge(reusable)
            } else {
                collect(target, pointer: JSONPointer(["components", "schemas", key]), ownerName: targetName,
                        into: &collected, visiting: &visiting)
            }
        case .all(let members, _):
            for (index, member) in members.enumerated() {
                collect(member, pointer: pointer.appending("allOf", String(index)), ownerName: ownerName,
                        into: &collected, visiting: &visiting)
            }
        case .fragment:
            break
        case .one, .any:
            diagnostics.warning(pointer, "a oneOf/anyOf inside allOf is not supported; its properties are left out")
        default:
            diagnostics.warning(pointer, "a non-object schema inside allOf is ignored")
        }
    }
}

extension Lowering {
    /// A component's own collection, made once and reused wherever an `allOf` refers to it
    /// (chains of `allOf` parents would otherwise be walked again for every descendant).
    ///
    /// Collected on its own, a component gives what collecting it in place gives unless a
    /// reference cycle runs through it; such components, and those whose collection reports
    /// anything, are collected in place every time (`nil`), so results and diagnostics stay
    /// exactly as they were.
    private func reusableCollection(key: String, schema: JSONSchema, ownerName: String) -> CollectedObject? {
        if let done = collectedComponents[key] { return done }
        guard !uncollectableComponents.contains(key), collectingComponents.insert(key).inserted else {
            return nil
        }
        defer { collectingComponents.remove(key) }
        let mark = diagnostics.diagnostics.count
        var own = CollectedObject()
        var visiting: Set<String> = [key]
        collect(schema, pointer: JSONPointer(["components", "schemas", key]), ownerName: ownerName,
                into: &own, visiting: &visiting)
        guard !own.cutCycle, diagnostics.diagnostics.count == mark else {
            diagnostics.truncate(to: mark)
            uncollectableComponents.insert(key)
            return nil
        }
        collectedComponents[key] = own
        return own
    }
}

extension JSONSchema.Schema {
    var isOneOf: Bool {
        if case .one = self { return true }
        return false
    }
}
