import OpenAPIKit

/// What the model stage looks up about component schemas, fixed once they are named: a
/// value, so work that only reads it could run side by side.
struct ComponentLookup: Sendable {
    /// Component schemas by key.
    let schemas: [String: JSONSchema]
    /// Component key → Swift type name.
    let typeNames: [String: String]
    /// Component schemas' descriptions by key (a property without one shows its type's).
    let descriptions: [String: String]

    init(schemas: [String: JSONSchema], typeNames: [String: String]) {
        self.schemas = schemas
        self.typeNames = typeNames
        descriptions = schemas.compactMapValues(\.coreDescription)
    }

    /// The component key a schema reference points to, when the component exists.
    func key(_ reference: JSONReference<JSONSchema>) -> String? {
        guard case .internal(let internalReference) = reference,
              case .component(let name) = internalReference,
              typeNames[name] != nil
        else { return nil }
        return name
    }
}

/// Gathers the properties, required names and extra-key policy of an object schema, merging
/// `allOf` members and following references to components.
///
/// A component's own collection is made once and reused wherever an `allOf` refers to it
/// (chains of `allOf` parents would otherwise be walked again for every descendant).
/// Collected on its own, a component gives what collecting it in place gives unless a
/// reference cycle runs through it; such components, and those whose collection reports
/// anything, are collected in place every time, so results and notes stay exactly as they
/// were. Notes (what the model stage reports) are kept in order until taken.
struct ObjectCollector {
    /// Something to report, at a pointer.
    struct Note {
        var isError: Bool
        var pointer: JSONPointer
        var message: String
        var kind: Diagnostic.Kind?
    }

    let lookup: ComponentLookup
    /// Components' own collections, made once.
    private var collected: [String: CollectedObject] = [:]
    private var uncollectable: Set<String> = []
    private var collecting: Set<String> = []
    private var notes: [Note] = []

    init(lookup: ComponentLookup) {
        self.lookup = lookup
    }

    /// Whether collecting reported anything since the last ``takeNotes()``.
    var hasNotes: Bool { !notes.isEmpty }

    /// The notes made since the last call, in order.
    mutating func takeNotes() -> [Note] {
        defer { notes = [] }
        return notes
    }

    /// The merged shape of `schema`, an object schema or `allOf`, found at `pointer`, whose
    /// inline types are named after `ownerName` (`nil`: after the type being declared, see
    /// ``CollectedProperty/ownerName``).
    mutating func collectObject(_ schema: JSONSchema, pointer: JSONPointer, ownerName: String?) -> CollectedObject {
        var collected = CollectedObject()
        var visiting: Set<String> = []
        collect(schema, pointer: pointer, ownerName: ownerName, into: &collected, visiting: &visiting)
        return collected
    }

    private mutating func collect(_ schema: JSONSchema, pointer: JSONPointer, ownerName: String?,
                                  into collected: inout CollectedObject, visiting: inout Set<String>) {
        if collected.description == nil, let description = schema.coreDescription { collected.description = description }
        switch schema.value {
        case .object(_, let object):
            let propertiesPointer = pointer.appending("properties")
            var found: [CollectedProperty] = []
            found.reserveCapacity(object.properties.count)
            for (wireName, propertySchema) in object.properties {
                if propertySchema.coreRequired { collected.required.insert(wireName) }
                found.append(CollectedProperty(wireName: wireName, schema: propertySchema,
                                               propertiesPointer: propertiesPointer, ownerName: ownerName))
            }
            collected.add(distinct: found)
            if let additional = object.additionalProperties {
                collected.additionalProperties = additional
                collected.additionalPropertiesPointer = pointer
                collected.additionalPropertiesOwner = ownerName
            }
        case .reference(let reference, _):
            guard let key = lookup.key(reference), let target = lookup.schemas[key],
                  let targetName = lookup.typeNames[key] else {
                notes.append(Note(isError: false, pointer: pointer,
                                  message: "`$ref: \(reference.absoluteString)` does not point to a schema in "
                                      + "#/components/schemas; its properties are left out"))
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
        case .one(let members, _), .any(let members, _):
            collectVariants(members, keyword: schema.value.isOneOf ? "oneOf" : "anyOf", pointer: pointer,
                            ownerName: ownerName, into: &collected, visiting: &visiting)
        case .null:
            break
        default:
            notes.append(Note(isError: false, pointer: pointer,
                              message: "a non-object schema inside an `allOf` of objects is ignored",
                              kind: .nonObjectInObjectAllOf))
        }
    }

    /// A `oneOf`/`anyOf` inside `allOf` (`allOf: [$ref: Base, {oneOf: [A, B]}]`): every
    /// variant's properties join the struct after those collected so far (a name already
    /// there keeps its schema), required only when every variant requires them, so any
    /// variant decodes and encodes as it came.
    private mutating func collectVariants(_ members: [JSONSchema], keyword: String, pointer: JSONPointer,
                                          ownerName: String?, into collected: inout CollectedObject,
                                          visiting: inout Set<String>) {
        var known = Set(collected.properties.map(\.wireName))
        var requiredByAll: Set<String>?
        for (index, member) in members.enumerated() {
            if case .null = member.value { continue }
            var variant = CollectedObject()
            collect(member, pointer: pointer.appending(keyword, String(index)), ownerName: ownerName,
                    into: &variant, visiting: &visiting)
            collected.cutCycle = collected.cutCycle || variant.cutCycle
            for property in variant.properties where known.insert(property.wireName).inserted {
                collected.add(property)
            }
            requiredByAll = requiredByAll.map { $0.intersection(variant.required) } ?? variant.required
        }
        collected.required.formUnion(requiredByAll ?? [])
    }

    /// A component's own collection, or `nil` when it must be collected in place.
    private mutating func reusableCollection(key: String, schema: JSONSchema, ownerName: String) -> CollectedObject? {
        if let done = collected[key] { return done }
        guard !uncollectable.contains(key), collecting.insert(key).inserted else {
            return nil
        }
        defer { collecting.remove(key) }
        let mark = notes.count
        var own = CollectedObject()
        var visiting: Set<String> = [key]
        collect(schema, pointer: JSONPointer(["components", "schemas", key]), ownerName: ownerName,
                into: &own, visiting: &visiting)
        guard !own.cutCycle, notes.count == mark else {
            notes.removeLast(notes.count - mark)
            uncollectable.insert(key)
            return nil
        }
        collected[key] = own
        return own
    }
}
