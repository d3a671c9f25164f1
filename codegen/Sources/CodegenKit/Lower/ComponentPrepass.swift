import Dispatch
import Foundation
import OpenAPIKit
import Synchronization

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
                    [property.schema.coreDescription, SchemaFacts.referencedDescription(property.schema, lookup: lookup)],
                    fallback: "The `\(property.wireName)` field."),
                isSecret: SchemaFacts.isSecret(property.schema, at: property.pointer, extensions: extensions))
        }
        switch collected.additionalProperties {
        case .a(true), .b: additionalPropertiesName = memberNames.claim("additionalProperties")
        case .a(false), nil: additionalPropertiesName = nil
        }
    }
}

/// Prepares every component struct, and the inline structs inside them, side by side
/// before the (sequential) lowering.
///
/// Lowering names types in a fixed order, so it runs on one thread; but most of the work of
/// declaring a struct (merging `allOf` parents, reading each property's facts) depends only
/// on the named components. That part runs here on every core; the lowering then only names
/// inline types and records declarations. A struct whose collection reports anything is
/// left to the lowering, so diagnostics come in their usual order.
///
/// Inline structs are found where the lowering finds them (object properties, array items,
/// `additionalProperties` values, an `allOf` with one member that says something) and kept
/// by JSON pointer; their properties' owner is left open (``CollectedProperty/ownerName``),
/// as their type name is only known once the lowering claims it.
enum ComponentPrepass {
    struct Result: Sendable {
        /// Prepared structs by component key.
        var structs: [String: PreparedStruct] = [:]
        /// Prepared inline structs by where they are.
        var inline: [JSONPointer: PreparedStruct] = [:]
        /// Components' own collections made on the way (see ``ObjectCollector``).
        var collections: [String: CollectedObject] = [:]
    }

    /// Below this many component structs the prepass is not worth starting threads for.
    static let threshold = 64

    /// A schema an operation lowers where it is (a request or response body), and the
    /// pointer the lowering reaches it at.
    struct InlineRoot: Sendable {
        var schema: JSONSchema
        var pointer: JSONPointer
    }

    private enum Job {
        case component(key: String, schema: JSONSchema)
        case inline(InlineRoot)
    }

    /// Prepares the component structs of `schemas`, and the inline structs inside them and
    /// inside `inlineRoots`.
    static func run(_ schemas: OpenAPI.ComponentDictionary<JSONSchema>, inlineRoots: @autoclosure () -> [InlineRoot] = [],
                    lookup: ComponentLookup, extensions: VendorExtensions) -> Result {
        let components: [Job] = schemas.compactMap { key, schema -> Job? in
            SchemaFacts.isStructure(schema) && lookup.typeNames[key.rawValue] != nil
                ? .component(key: key.rawValue, schema: schema) : nil
        }
        guard components.count >= threshold else { return Result() }
        let jobs = components + inlineRoots().map(Job.inline)
        let chunkCount = min(jobs.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let chunkSize = (jobs.count + chunkCount - 1) / chunkCount
        let result = Mutex(Result())
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = (chunk * chunkSize)..<min(jobs.count, (chunk + 1) * chunkSize)
            guard !range.isEmpty else { return }
            var work = Chunk(collector: ObjectCollector(lookup: lookup), extensions: extensions)
            var prepared: [String: PreparedStruct] = [:]
            for job in jobs[range] {
                switch job {
                case .component(let key, let schema):
                    if let done = work.prepareStruct(schema, at: JSONPointer(["components", "schemas", key])) {
                        prepared[key] = done
                    }
                case .inline(let root):
                    work.prepareInline(root.schema, at: root.pointer)
                }
            }
            let collections = work.collector.collected
            let inline = work.inline
            result.withLock { result in
                result.structs.merge(prepared) { first, _ in first }
                result.inline.merge(inline) { first, _ in first }
                result.collections.merge(collections) { first, _ in first }
            }
        }
        return result.withLock { $0 }
    }

    /// One thread's share: its collector and the inline structs it prepared.
    private struct Chunk {
        var collector: ObjectCollector
        let extensions: VendorExtensions
        var inline: [JSONPointer: PreparedStruct] = [:]

        /// Prepares the struct `schema` declares at `pointer`, then the inline structs in it;
        /// `nil` when collecting it reports anything.
        mutating func prepareStruct(_ schema: JSONSchema, at pointer: JSONPointer) -> PreparedStruct? {
            let collected = collector.collectObject(schema, pointer: pointer, ownerName: nil)
            guard !collector.hasNotes else {
                _ = collector.takeNotes()
                return nil
            }
            let prepared = PreparedStruct(collected, lookup: collector.lookup, extensions: extensions)
            for (property, facts) in zip(collected.properties, prepared.properties) where facts.plainType == nil {
                prepareInline(property.schema, at: property.pointer)
            }
            if case .b(let valueSchema) = collected.additionalProperties, prepared.additionalPropertiesName != nil {
                prepareInline(valueSchema, at: collected.additionalPropertiesPointer.appending("additionalProperties"))
            }
            return prepared
        }

        /// Prepares the inline structs a schema declares where it is used, following the
        /// lowering's path through it (``Lowering/lowerSchemaUncached(_:nameHint:group:pointer:)``).
        mutating func prepareInline(_ schema: JSONSchema, at pointer: JSONPointer) {
            switch schema.value {
            case .object(_, let object):
                if !object.properties.isEmpty {
                    prepareInlineStruct(schema, at: pointer)
                } else if case .b(let valueSchema) = object.additionalProperties {
                    prepareInline(valueSchema, at: pointer.appending("additionalProperties"))
                }
            case .array(_, let array):
                if let items = array.items { prepareInline(items, at: pointer.appending("items")) }
            case .all(let members, _):
                let significant = SchemaFacts.significantMembers(members)
                if significant.count == 1, let only = significant.first {
                    prepareInline(only.schema, at: pointer.appending("allOf", String(only.index)))
                } else {
                    prepareInlineStruct(schema, at: pointer)
                }
            default:
                break
            }
        }

        private mutating func prepareInlineStruct(_ schema: JSONSchema, at pointer: JSONPointer) {
            // An `allOf` parent's inline structs are reached again from every child.
            guard inline[pointer] == nil else { return }
            if let prepared = prepareStruct(schema, at: pointer) { inline[pointer] = prepared }
        }
    }
}

/// Facts about schemas that depend only on the named components, shared by the lowering and
/// ``ComponentPrepass``.
enum SchemaFacts {
    /// Whether a component schema is declared as a struct: an object with properties, or an
    /// `allOf` with more than one member that says something.
    static func isStructure(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case .object(_, let object): !object.properties.isEmpty
        case .all(let members, _): significantMembers(members).count != 1
        default: false
        }
    }

    /// The members of an `allOf` that say something (not empty `{}` fragments, which only
    /// carry descriptions), with their positions.
    static func significantMembers(_ members: [JSONSchema]) -> [(index: Int, schema: JSONSchema)] {
        members.enumerated().filter { !$0.element.isFragment }.map { (index: $0.offset, schema: $0.element) }
    }

    /// The string values of an `enum`, in order, without repeats.
    static func stringEnumValues(_ schema: JSONSchema) -> [String] {
        guard case .string(let core, _) = schema.value, let allowed = core.allowedValues else { return [] }
        var seen: Set<String> = []
        return allowed.compactMap { $0.value as? String }.filter { seen.insert($0).inserted }
    }

    /// Whether a string schema's `enum` has a string value (whether ``stringEnumValues(_:)``
    /// is not empty), found without building the list.
    static func hasStringEnumValue(_ core: JSONSchema.CoreContext<JSONTypeFormat.StringFormat>) -> Bool {
        guard let allowed = core.allowedValues else { return false }
        return allowed.contains { $0.value is String }
    }

    /// The type of a schema that declares nothing and reports nothing where it is used: a
    /// reference to a component, a scalar, a string without `enum`, `{}`; `nil` otherwise.
    static func plainType(_ schema: JSONSchema, lookup: ComponentLookup) -> LoweredType? {
        switch schema.value {
        case .reference(let reference, _):
            guard let key = lookup.key(reference), let name = lookup.typeNames[key] else { return nil }
            return LoweredType(type: .named(name), isNullable: schema.coreNullable)
        default:
            return scalarType(schema)
        }
    }

    /// The type of a scalar schema (`null`, boolean, integer, number, string without `enum`,
    /// `{}`); `nil` for others.
    static func scalarType(_ schema: JSONSchema) -> LoweredType? {
        switch schema.value {
        case .null:
            LoweredType(type: .jsonValue, isNullable: true)
        case .boolean:
            LoweredType(type: .bool, isNullable: schema.coreNullable)
        case .integer(let core, _):
            LoweredType(type: core.format == .int64 ? .int64 : .int, isNullable: core.nullable)
        case .number(let core, _):
            LoweredType(type: .double, isNullable: core.nullable)
        case .string(let core, _) where !hasStringEnumValue(core):
            LoweredType(type: core.format == .dateTime ? .date : .string, isNullable: core.nullable)
        case .fragment(let core):
            LoweredType(type: .jsonValue, isNullable: core.nullable)
        default:
            nil
        }
    }

    /// The description of the schema a property refers to, used when the property has none.
    static func referencedDescription(_ schema: JSONSchema, lookup: ComponentLookup) -> String? {
        if case .reference(let reference, _) = schema.value {
            return lookup.key(reference).flatMap { lookup.descriptions[$0] }
        }
        guard case .all(let members, _) = schema.value, let only = significantMembers(members).first,
              case .reference(let reference, _) = only.schema.value, let key = lookup.key(reference) else {
            return nil
        }
        return lookup.descriptions[key]
    }

    /// Whether a property holds a secret: `format: password` (OpenAPI's hint to hide a value)
    /// or the `x-secret: true` extension.
    static func isSecret(_ schema: JSONSchema, at pointer: JSONPointer, extensions: VendorExtensions) -> Bool {
        schema.formatString == "password" || extensions.string("x-secret", at: pointer.description) == "true"
    }

    /// Text for a doc comment: the first of `texts` that is not blank, trimmed, else `fallback`.
    static func documentation(_ texts: [String?], fallback: @autoclosure () -> String) -> String {
        for text in texts {
            if let text {
                let trimmed = text.trimmingWhitespaceAndNewlines()
                if !trimmed.isEmpty { return trimmed }
            }
        }
        return fallback()
    }
}
