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

/// A component struct prepared before lowering, with what collecting its shape noted.
struct PreparedComponent: Sendable {
    var prepared: PreparedStruct
    var notes: [ObjectCollector.Note]
}

extension Lowering {
    /// Below this many component schemas, structs are prepared as they are declared.
    static let sideBySideThreshold = 64

    /// Prepares every component struct of a large document on every core.
    ///
    /// What ``PreparedStruct`` holds does not depend on the order types are named in, and a
    /// component collected on its own gives what collecting it in place gives, notes included
    /// (``ObjectCollector``), so each chunk uses a collector of its own; the notes are reported
    /// when the component is declared, where they would have been made.
    func prepareComponentStructs() -> [String: PreparedComponent] {
        let entries = document.components.schemas.map { ($0.key.rawValue, $0.value) }
        guard entries.count >= Self.sideBySideThreshold else { return [:] }
        let lookup = collector.lookup
        let extensions = self.extensions
        let chunkCount = min(entries.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let chunkSize = (entries.count + chunkCount - 1) / chunkCount
        let results = Mutex([[String: PreparedComponent]](repeating: [:], count: chunkCount))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var collector = ObjectCollector(lookup: lookup)
            var prepared: [String: PreparedComponent] = [:]
            let start = chunk * chunkSize
            for (key, schema) in entries[min(start, entries.count)..<min(entries.count, start + chunkSize)]
            where Self.isStructure(schema, lookup: lookup) {
                let collected = collector.collectObject(schema, pointer: JSONPointer(["components", "schemas", key]), ownerName: nil)
                let notes = collector.takeNotes()
                prepared[key] = PreparedComponent(
                    prepared: PreparedStruct(collected, lookup: lookup, extensions: extensions), notes: notes)
            }
            results.withLock { $0[chunk] = prepared }
        }
        return results.withLock { chunks in
            chunks.reduce(into: [:]) { all, chunk in all.merge(chunk) { first, _ in first } }
        }
    }
}
