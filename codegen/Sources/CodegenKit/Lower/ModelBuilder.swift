import OpenAPIKit

/// Stage 2: lowers a loaded document into an ``APIModel``.
///
/// Every naming and typing decision is made here, once: component and inline type names,
/// property and parameter identifiers, optionality, how recursion is broken, which body
/// encoding an operation uses. What cannot be expressed becomes a warning naming its JSON
/// pointer, and the piece is skipped.
package enum ModelBuilder {
    /// The model, or `nil` when an error made the document unusable, and the diagnostics.
    package struct BuildResult: Sendable {
        /// The model when there were no errors.
        package let model: APIModel?
        /// Errors and warnings, in the order they were found.
        package let diagnostics: [Diagnostic]
    }

    /// Lowers a document.
    ///
    /// - Parameter extensions: The spec's `x-` extensions (`x-swift-name`, `x-server-id`).
    package static func build(_ document: OpenAPI.Document, extensions: VendorExtensions = VendorExtensions(),
                             options: ModelOptions = ModelOptions()) -> BuildResult {
        let lowering = Lowering(document: document, extensions: extensions, options: options)
        let model = lowering.run()
        let diagnostics = lowering.diagnostics.diagnostics
        return BuildResult(model: lowering.diagnostics.hasErrors ? nil : model, diagnostics: diagnostics)
    }
}

/// The result of lowering one schema where it is used.
struct LoweredType {
    var type: TypeReference
    var isNullable: Bool
}

/// The mutable state of one lowering run. Split across files by concern (schemas,
/// operations, bodies); one instance is used once.
final class Lowering {
    let document: OpenAPI.Document
    let extensions: VendorExtensions
    let options: ModelOptions
    let diagnostics = DiagnosticCollector()

    /// Type names in use across the module.
    var typeNames: NameRegistry
    /// Component schema key → Swift type name.
    var componentTypeNames: [String: String] = [:]
    /// Declarations by name, and the order they were made in.
    var declarations: [String: TypeDeclaration] = [:]
    var declarationOrder: [String] = []
    private var slotted: Set<String> = []
    /// Inline schemas already lowered, by JSON pointer, so a schema reached twice (an
    /// `allOf` parent's property) declares one type.
    var loweredInline: [JSONPointer: LoweredType] = [:]
    /// Component schemas by key, looked up without building and checking an
    /// `OpenAPI.ComponentKey` each time.
    let componentSchemas: [String: JSONSchema]
    /// Gathers object schemas' properties (``ObjectCollector``); made once components are named.
    var collector = ObjectCollector(lookup: ComponentLookup(schemas: [:], typeNames: [:]))
    /// Wire names as type-name parts (``wireTypeName(_:)``).
    var wireTypeNames: [String: String] = [:]
    /// Types that request bodies are built from; see ``RequestReachability``.
    var requestRoots: [TypeReference] = []
    /// The servers operations name, with their URLs, in the order they were first named.
    var servers: [ServerModel] = []
    /// Servers already warned about for having two URLs.
    var warnedServers: Set<String> = []

    init(document: OpenAPI.Document, extensions: VendorExtensions, options: ModelOptions) {
        self.document = document
        self.extensions = extensions
        self.options = options
        var schemas: [String: JSONSchema] = [:]
        for (key, schema) in document.components.schemas { schemas[key.rawValue] = schema }
        self.componentSchemas = schemas
        self.typeNames = NameRegistry(reserved: options.reservedTypeNames.union(ModelOptions.alwaysReservedTypeNames))
        typeNames.reserve(options.managersContainerName)
    }

    func run() -> APIModel {
        nameComponents()
        let lookup = ComponentLookup(schemas: componentSchemas, typeNames: componentTypeNames)
        collector = ObjectCollector(lookup: lookup)
        let plannedOperations = planOperations()
        // Room for the components and about as many inline types, instead of many regrowths.
        let expectedDeclarations = 2 * componentSchemas.count
        declarations.reserveCapacity(expectedDeclarations)
        declarationOrder.reserveCapacity(expectedDeclarations)
        slotted.reserveCapacity(expectedDeclarations)
        loweredInline.reserveCapacity(expectedDeclarations)
        for (key, schema) in document.components.schemas {
            lowerComponent(key: key.rawValue, schema: schema)
        }
        let managers = lowerOperations(plannedOperations)
        RequestReachability.markRequestTypes(roots: requestRoots, in: &declarations)
        SingleValueDefaults.apply(in: &declarations, order: declarationOrder)
        let componentKeys = Dictionary(componentTypeNames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        RecursionBreaker.breakCycles(in: &declarations, order: declarationOrder, componentKeys: componentKeys,
                                     diagnostics: diagnostics)
        return APIModel(
            managers: managers,
            declarations: declarationOrder.compactMap { declarations[$0] },
            managersContainerName: options.managersContainerName,
            specDisplayName: options.specDisplayName,
            servers: servers.sorted { $0.id < $1.id }
        )
    }

    /// Gives every component schema its type name before anything is lowered, so
    /// references resolve regardless of order and components win names over inline types.
    private func nameComponents() {
        for (key, _) in document.components.schemas {
            let pointer = JSONPointer(["components", "schemas", key.rawValue]).description
            let preferred = extensions.string("x-swift-name", at: pointer).map { Naming.typeName($0) }
                ?? Naming.typeName(key.rawValue, fallback: "Schema")
            componentTypeNames[key.rawValue] = typeNames.claim(preferred, alternatives: [preferred + "Model"])
        }
    }

    /// Puts a type in the declaration order before its inline types are lowered, so a
    /// file lists its main type first.
    func reserveSlot(_ name: String) {
        if slotted.insert(name).inserted {
            declarationOrder.append(name)
        }
    }

    /// Records a declaration.
    func declare(_ declaration: TypeDeclaration) {
        if slotted.insert(declaration.name).inserted {
            declarationOrder.append(declaration.name)
        }
        declarations[declaration.name] = declaration
    }

    /// The declaration a named type resolves to, following aliases.
    func resolvedDeclaration(_ type: TypeReference) -> TypeDeclaration? {
        var current = type
        var seen: Set<String> = []
        while case .named(let name) = current, seen.insert(name).inserted {
            guard let declaration = declarations[name] else { return nil }
            if case .alias(let alias) = declaration {
                current = alias.target
            } else {
                return declaration
            }
        }
        return nil
    }

    /// Text for a doc comment: the spec's description or summary, else `fallback`.
    func documentation(_ texts: String?..., fallback: @autoclosure () -> String) -> String {
        SchemaFacts.documentation(texts, fallback: fallback())
    }
}

extension String {
    /// The text without leading and trailing white space and newlines; only the ends are
    /// looked at (Foundation's `trimmingCharacters` bridges the whole string).
    func trimmingWhitespaceAndNewlines() -> String {
        // Text that starts and ends with a visible ASCII character has nothing to trim.
        if let head = utf8.first, let tail = utf8.last, head > 0x20, head < 0x7F, tail > 0x20, tail < 0x7F {
            return self
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        // Most descriptions have nothing to trim: keep them without a copy.
        if first == startIndex, index(after: last) == endIndex { return self }
        return String(self[first...last])
    }
}
