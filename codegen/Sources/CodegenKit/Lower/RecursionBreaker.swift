/// Breaks cycles of types that contain each other by value, which Swift cannot lay out,
/// and cycles of type aliases, which Swift cannot resolve.
///
/// Only direct containment counts for structs and unions: arrays and dictionaries store
/// their elements out of line. Aliases are looked through, so `parent: FolderRef` with
/// `FolderRef = Folder` is seen as a folder containing a folder. A depth-first walk in
/// declaration order finds every back edge; a struct property on one becomes `@Indirect`
/// and a union on one becomes an `indirect enum`. An alias that refers back to itself,
/// even inside an array (`Tree = [Tree]`), becomes `JSONValue` with a warning.
///
/// Then it caps how much a struct holds inline (``inlineSizeLimit``), so deeply nested
/// resources compile in time and memory that grow with the document, not faster.
enum RecursionBreaker {
    fileprivate enum Mark { case visiting, done }

    /// - Parameter componentKeys: Type name → component key, to point warnings at the spec.
    static func breakCycles(in declarations: inout [String: TypeDeclaration], order: [String],
                            componentKeys: [String: String], diagnostics: DiagnosticCollector) {
        breakAliasCycles(in: &declarations, order: order, componentKeys: componentKeys, diagnostics: diagnostics)
        var graph = LayoutGraph(declarations: declarations, order: order)
        graph.breakLayoutCycles()
        graph.limitInlineSize()
        graph.store(into: &declarations)
    }

    /// How many stored values a type may hold inline, its nested structs' included, before
    /// a struct that contains it stores it out of line.
    ///
    /// A struct that holds a struct that holds a struct... by value has one flat layout, and
    /// the compiler writes the code that copies, destroys and compares it (value witnesses,
    /// `Codable` and the memberwise `init`) for the whole nested layout in every type that
    /// contains it: optionals wrapped in optionals grow that code far faster than the
    /// schemas do. Real documents nest objects a few levels deep in every resource (a file's
    /// lock's creator's enterprise...); a 300-operation document needed more than 24 GB to
    /// compile before nested types were capped. Types up to this size (a "mini" user or
    /// folder) stay inline; larger ones are stored through `@Indirect` when another struct
    /// contains them, and a larger union becomes an `indirect enum`.
    static let inlineSizeLimit = 24

    /// The non-alias declaration a directly named type stands for.
    fileprivate static func layoutTarget(_ type: TypeReference, in declarations: [String: TypeDeclaration]) -> String? {
        // Most types name a declaration that is not an alias: no chain to follow.
        guard case .named(let first) = type else { return nil }
        guard case .alias(let alias)? = declarations[first] else { return first }
        var seen: Set<String> = [first]
        var current = alias.target
        while case .named(let name) = current, seen.insert(name).inserted {
            guard case .alias(let alias)? = declarations[name] else { return name }
            current = alias.target
        }
        return nil
    }

    private static func breakAliasCycles(in declarations: inout [String: TypeDeclaration], order: [String],
                                         componentKeys: [String: String], diagnostics: DiagnosticCollector) {
        var marks: [String: Mark] = [:]

        func visit(_ name: String) {
            guard marks[name] == nil, case .alias(var alias)? = declarations[name] else { return }
            marks[name] = .visiting
            for target in alias.target.mentionedNames {
                guard case .alias? = declarations[target] else { continue }
                if marks[target] == .visiting {
                    diagnostics.warning(JSONPointer(["components", "schemas", componentKeys[name] ?? name]),
                                        "the alias `\(name)` refers to itself; it is typed as JSONValue")
                    alias.target = .jsonValue
                    declarations[name] = .alias(alias)
                    break
                }
                visit(target)
            }
            marks[name] = .done
        }

        for name in order {
            visit(name)
        }
    }
}

/// The declarations as numbered nodes, with the node each struct property or union variant
/// holds by value (aliases looked through), so the walks that break layout cycles and cap
/// inline sizes index arrays of flags instead of hashing type names and copying
/// declarations at every step; changed declarations are rebuilt once at the end.
private struct LayoutGraph {
    private enum Kind {
        case structure(distinguishesNull: Bool)
        case union
        case other
    }

    /// Node → type name, in declaration order.
    private var names: [String] = []
    private var kinds: [Kind] = []
    /// Node → for each property (struct) or variant (union), the node it holds by value, or
    /// `nil` (a scalar, a container, or a name nothing declares).
    private var edges: [[Int?]] = []
    /// Node → for a struct, each property's `isIndirect`; for a union, its own `isIndirect`.
    private var indirect: [[Bool]] = []
    /// Node → for a struct, each property's `isNullable`.
    private var nullable: [[Bool]] = []
    private var changed: [Bool] = []

    init(declarations: [String: TypeDeclaration], order: [String]) {
        var index: [String: Int] = [:]
        index.reserveCapacity(order.count)
        for name in order where index[name] == nil && declarations[name] != nil {
            index[name] = names.count
            names.append(name)
        }
        func target(_ type: TypeReference) -> Int? {
            RecursionBreaker.layoutTarget(type, in: declarations).flatMap { index[$0] }
        }
        for name in names {
            switch declarations[name] {
            case .structure(let structure)?:
                kinds.append(.structure(distinguishesNull: structure.distinguishesNull))
                edges.append(structure.properties.map { target($0.type) })
                indirect.append(structure.properties.map(\.isIndirect))
                nullable.append(structure.properties.map(\.isNullable))
            case .union(let union)?:
                kinds.append(.union)
                edges.append(union.variants.map { target($0.type) })
                indirect.append([union.isIndirect])
                nullable.append([])
            case .alias?, .openEnum?, nil:
                kinds.append(.other)
                edges.append([])
                indirect.append([])
                nullable.append([])
            }
        }
        changed = Array(repeating: false, count: names.count)
    }

    /// Rebuilds the declarations the walks changed.
    func store(into declarations: inout [String: TypeDeclaration]) {
        for node in names.indices where changed[node] {
            switch declarations[names[node]] {
            case .structure(var structure)?:
                for property in structure.properties.indices {
                    structure.properties[property].isIndirect = indirect[node][property]
                }
                declarations[names[node]] = .structure(structure)
            case .union(var union)?:
                union.isIndirect = indirect[node][0]
                declarations[names[node]] = .union(union)
            case .alias?, .openEnum?, nil:
                break
            }
        }
    }

    /// A depth-first walk in declaration order; a struct property on a back edge becomes
    /// `@Indirect` and a union on one an `indirect enum`.
    mutating func breakLayoutCycles() {
        var marks = [RecursionBreaker.Mark?](repeating: nil, count: names.count)
        for node in names.indices {
            visit(node, marks: &marks)
        }
    }

    private mutating func visit(_ node: Int, marks: inout [RecursionBreaker.Mark?]) {
        guard marks[node] == nil else { return }
        marks[node] = .visiting
        switch kinds[node] {
        case .structure:
            for (property, target) in edges[node].enumerated() {
                guard let target else { continue }
                if marks[target] == .visiting {
                    indirect[node][property] = true
                    changed[node] = true
                } else {
                    visit(target, marks: &marks)
                }
            }
        case .union:
            for target in edges[node] {
                guard let target else { continue }
                if marks[target] == .visiting {
                    indirect[node][0] = true
                    changed[node] = true
                } else {
                    visit(target, marks: &marks)
                }
            }
        case .other:
            break
        }
        marks[node] = .done
    }

    /// Caps every struct's inline size: walks the types bottom-up (cycles are broken
    /// already) and stores a property out of line when its type is larger than
    /// ``RecursionBreaker/inlineSizeLimit``.
    mutating func limitInlineSize() {
        var sizes = [Int?](repeating: nil, count: names.count)
        for node in names.indices {
            _ = size(of: node, sizes: &sizes)
        }
    }

    /// The inline size of a node, after capping it.
    private mutating func size(of node: Int, sizes: inout [Int?]) -> Int {
        if let known = sizes[node] { return known }
        sizes[node] = 1  // A cycle left over through an alias counts as one stored value.
        var result = 1
        switch kinds[node] {
        case .structure(let distinguishesNull):
            result = 0
            for (property, target) in edges[node].enumerated() {
                guard !indirect[node][property], let target else {
                    result += 1
                    continue
                }
                let inner = size(of: target, sizes: &sizes)
                // `Nullable` properties keep their own coding of `null`; they stay inline.
                if inner > RecursionBreaker.inlineSizeLimit && !(distinguishesNull && nullable[node][property]) {
                    indirect[node][property] = true
                    changed[node] = true
                    result += 1
                } else {
                    result += inner
                }
            }
            result = max(result, 1)
        case .union:
            guard !indirect[node][0] else { break }
            result = 0
            for target in edges[node] {
                result += target.map { size(of: $0, sizes: &sizes) } ?? 1
            }
            if result > RecursionBreaker.inlineSizeLimit {
                indirect[node][0] = true
                changed[node] = true
                result = 1
            }
            result = max(result, 1)
        case .other:
            break
        }
        sizes[node] = result
        return result
    }
}
