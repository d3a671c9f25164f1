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

/// Prepares component structs, and the inline structs inside them and inside operation
/// bodies, on a worker thread while the lowering runs.
///
/// Lowering names types in a fixed order, so it runs on one thread; but most of the work of
/// declaring a struct (merging `allOf` parents, reading each property's facts) depends only
/// on the named components. The worker does that part in the order the lowering needs it
/// (components in document order, then operations' bodies), one job after the other; the
/// lowering takes each job's result as it reaches it, waits for the one the worker is on
/// (preparing the worker's next job meanwhile), and does a job nobody prepared itself, as it
/// would without the prepass. Either way the model is the same; only the time differs. A
/// struct whose collection reports anything is left to the lowering, so diagnostics come in
/// their usual order.
///
/// Inline structs are found where the lowering finds them (object properties, array items,
/// `additionalProperties` values, an `allOf` with one member that says something) and kept
/// by JSON pointer; their properties' owner is left open (``CollectedProperty/ownerName``),
/// as their type name is only known once the lowering claims it.
final class ComponentPrepass: Sendable {
    /// Below this many component structs the prepass is not worth a thread.
    static let threshold = 64

    /// A schema an operation lowers where it is (a request or response body), the pointer
    /// the lowering reaches it at, and the operation's position in the lowering's order.
    struct InlineRoot: Sendable {
        var schema: JSONSchema
        var pointer: JSONPointer
        var operation: Int
    }

    /// What one job prepared.
    struct Output: Sendable {
        /// The component the job was for (`nil` for an operation's body).
        var componentKey: String?
        /// The component's struct, unless collecting it reported anything.
        var structure: PreparedStruct?
        /// Inline structs, by where they are, that no earlier job prepared.
        var inline: [(pointer: JSONPointer, prepared: PreparedStruct)]
    }

    /// How the lowering uses the prepass.
    enum Mode: Sendable, Hashable {
        /// No prepass: the lowering works everything out itself.
        case off
        /// The worker runs alongside the lowering.
        case alongside
        /// (Tests.) The worker prepares every `stride`-th job before the lowering starts and
        /// the lowering does the others itself, so both paths are taken whatever the timing.
        case ahead(stride: Int)
    }

    fileprivate enum Job {
        case component(key: String, schema: JSONSchema)
        case inline(InlineRoot)
    }

    private enum Slot {
        case waiting
        case working
        case done(Output)
        /// Taken by the lowering, with its result or, when nobody prepared it, to do itself
        /// (the worker skips it).
        case taken
    }

    private struct Progress {
        var slots: [Slot]
        /// The operations' bodies, once the lowering has supplied them (``supply(_:)``): the
        /// jobs after the components'.
        var roots: [InlineRoot]?
        /// For each operation with bodies, the last of its jobs.
        var lastJobOfOperation: [Int: Int] = [:]
        /// The first job the lowering has not taken.
        var taken = 0
        /// The first job the worker has not looked at.
        var next = 0
    }

    private let components: [Job]
    private let jobOfComponent: [String: Int]
    private let lookup: ComponentLookup
    private let extensions: VendorExtensions
    private let mode: Mode
    private let then: @Sendable () -> Void
    private let progress: Mutex<Progress>

    private init(components: [Job], lookup: ComponentLookup, extensions: VendorExtensions, mode: Mode,
                 then: @escaping @Sendable () -> Void) {
        self.components = components
        var jobOfComponent: [String: Int] = [:]
        for (index, job) in components.enumerated() {
            if case .component(let key, _) = job { jobOfComponent[key] = index }
        }
        self.jobOfComponent = jobOfComponent
        self.lookup = lookup
        self.extensions = extensions
        self.mode = mode
        self.then = then
        progress = Mutex(Progress(slots: Array(repeating: .waiting, count: components.count)))
    }

    /// Starts preparing the component structs of `schemas` (in their order), then the inline
    /// structs inside them and inside the operations' bodies, which the lowering hands over
    /// with ``supply(_:)`` (and must, for the worker to finish); then runs `then` on the same
    /// thread. `nil` (and `then` is not run) when the document is too small to be worth it
    /// or `mode` is ``Mode/off``.
    static func start(_ schemas: OpenAPI.ComponentDictionary<JSONSchema>, lookup: ComponentLookup,
                      extensions: VendorExtensions, mode: Mode,
                      then: @escaping @Sendable () -> Void) -> ComponentPrepass? {
        guard mode != .off else { return nil }
        let components: [Job] = schemas.compactMap { key, schema -> Job? in
            SchemaFacts.isStructure(schema) && lookup.typeNames[key.rawValue] != nil
                ? .component(key: key.rawValue, schema: schema) : nil
        }
        guard components.count >= threshold else { return nil }
        let prepass = ComponentPrepass(components: components, lookup: lookup, extensions: extensions, mode: mode,
                                       then: then)
        if mode == .alongside {
            DispatchQueue.global().async {
                prepass.work(stride: 1)
                prepass.then()
            }
        }
        return prepass
    }

    /// Hands over the operations' bodies, whose inline structs are prepared after the
    /// components'. (With ``Mode/ahead(stride:)``, the preparing happens here.)
    func supply(_ roots: [InlineRoot]) {
        progress.withLock { progress in
            progress.slots += Array(repeating: .waiting, count: roots.count)
            for (offset, root) in roots.enumerated() {
                progress.lastJobOfOperation[root.operation] = components.count + offset
            }
            progress.roots = roots
        }
        if case .ahead(let stride) = mode {
            work(stride: max(1, stride))
            then()
        }
    }

    /// What the lowering needs to prepare jobs itself (``take(throughComponent:helping:)``).
    func makeHelper() -> Preparer {
        Preparer(collector: ObjectCollector(lookup: lookup), extensions: extensions)
    }

    /// What was prepared for the component `key` and every job before it that the lowering
    /// has not taken yet.
    func take(throughComponent key: String, helping helper: inout Preparer) -> [Output] {
        guard let index = jobOfComponent[key] else { return [] }
        return take(through: index, helping: &helper)
    }

    /// What was prepared for the bodies of the `operation`-th operation and every job before
    /// them that the lowering has not taken yet.
    func take(throughOperation operation: Int, helping helper: inout Preparer) -> [Output] {
        guard let index = progress.withLock({ $0.lastJobOfOperation[operation] }) else { return [] }
        return take(through: index, helping: &helper)
    }

    /// The job at `index` (a component's, or after them an operation body's).
    private func job(_ index: Int, in progress: Progress) -> Job? {
        if index < components.count { return components[index] }
        guard let roots = progress.roots, index - components.count < roots.count else { return nil }
        return .inline(roots[index - components.count])
    }

    private enum Step {
        case finished
        case help(Int, Job)
        case wait
    }

    /// Takes the jobs up to `index`: the results of those that are done, and the others for
    /// the lowering to do itself. A job the worker is working on is waited for (it takes well
    /// under a millisecond), and while it is, the lowering prepares the next job the worker
    /// has not started with `helper`, so a worker that falls behind gets help instead of
    /// holding the lowering up.
    private func take(through index: Int, helping helper: inout Preparer) -> [Output] {
        var outputs: [Output] = []
        while true {
            let step = progress.withLock { progress -> Step in
                while progress.taken <= index, progress.taken < progress.slots.count {
                    switch progress.slots[progress.taken] {
                    case .working:
                        let spare = max(progress.next, progress.taken + 1)
                        guard spare < progress.slots.count, let job = job(spare, in: progress) else { return .wait }
                        progress.slots[spare] = .working
                        progress.next = spare + 1
                        return .help(spare, job)
                    case .done(let output): outputs.append(output)
                    case .waiting, .taken: break
                    }
                    progress.slots[progress.taken] = .taken
                    progress.taken += 1
                }
                return .finished
            }
            switch step {
            case .finished:
                return outputs
            case .help(let index, let job):
                let output = helper.prepare(job)
                progress.withLock { $0.slots[index] = .done(output) }
            case .wait:
                sched_yield()
            }
        }
    }

    /// Prepares jobs in order, skipping those the lowering has taken or is preparing (and,
    /// with a `stride` above 1, all but every `stride`-th), until none are left.
    private func work(stride: Int) {
        var preparer = makeHelper()
        while true {
            enum Claim {
                case job(Int, Job)
                case waitForRoots
                case none
            }
            let claim = progress.withLock { progress -> Claim in
                var index = max(progress.next, progress.taken)
                while index < progress.slots.count, !index.isMultiple(of: stride) { index += 1 }
                guard index < progress.slots.count, let job = job(index, in: progress) else {
                    return progress.roots == nil ? .waitForRoots : .none
                }
                progress.slots[index] = .working
                progress.next = index + 1
                return .job(index, job)
            }
            switch claim {
            case .job(let index, let job):
                let output = preparer.prepare(job)
                progress.withLock { $0.slots[index] = .done(output) }
            case .waitForRoots:
                // The lowering hands them over just after starting the worker.
                sched_yield()
            case .none:
                return
            }
        }
    }

    /// One thread's preparation state: its collector and the inline structs it prepared.
    struct Preparer {
        fileprivate var collector: ObjectCollector
        fileprivate let extensions: VendorExtensions
        /// Where inline structs were prepared (an `allOf` parent's are reached again from
        /// every child).
        private var seen: Set<JSONPointer> = []
        /// Inline structs prepared since the last job began.
        private var inline: [(pointer: JSONPointer, prepared: PreparedStruct)] = []

        /// A preparer with nothing to look up, until the lowering has a prepass to help.
        static var idle: Preparer {
            Preparer(collector: ObjectCollector(lookup: ComponentLookup(schemas: [:], typeNames: [:])),
                     extensions: VendorExtensions())
        }

        fileprivate init(collector: ObjectCollector, extensions: VendorExtensions) {
            self.collector = collector
            self.extensions = extensions
        }

        fileprivate mutating func prepare(_ job: Job) -> Output {
            inline = []
            switch job {
            case .component(let key, let schema):
                let structure = prepareStruct(schema, at: JSONPointer(["components", "schemas", key]))
                return Output(componentKey: key, structure: structure, inline: inline)
            case .inline(let root):
                prepareInline(root.schema, at: root.pointer)
                return Output(componentKey: nil, structure: nil, inline: inline)
            }
        }

        /// Prepares the struct `schema` declares at `pointer`, then the inline structs in it;
        /// `nil` when collecting it reports anything.
        private mutating func prepareStruct(_ schema: JSONSchema, at pointer: JSONPointer) -> PreparedStruct? {
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
        private mutating func prepareInline(_ schema: JSONSchema, at pointer: JSONPointer) {
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
            guard seen.insert(pointer).inserted else { return }
            if let prepared = prepareStruct(schema, at: pointer) { inline.append((pointer, prepared)) }
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
    static func isSecret(_ schema: JSONSchema, at pointer: @autoclosure () -> JSONPointer,
                         extensions: VendorExtensions) -> Bool {
        schema.formatString == "password" || extensions.string("x-secret", at: pointer().description) == "true"
    }

    /// Text for a doc comment: `text` trimmed, or when it is missing or blank `other`
    /// trimmed, or when that is too, `fallback`; `other` is only worked out when needed.
    static func documentation(_ text: String?, orElse other: @autoclosure () -> String?,
                              fallback: @autoclosure () -> String) -> String {
        if let text {
            let trimmed = text.trimmingWhitespaceAndNewlines()
            if !trimmed.isEmpty { return trimmed }
        }
        if let other = other() {
            let trimmed = other.trimmingWhitespaceAndNewlines()
            if !trimmed.isEmpty { return trimmed }
        }
        return fallback()
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
