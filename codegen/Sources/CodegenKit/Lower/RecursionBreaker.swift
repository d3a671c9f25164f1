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
    private enum Mark { case visiting, done }

    /// - Parameter componentKeys: Type name → component key, to point warnings at the spec.
    static func breakCycles(in declarations: inout [String: TypeDeclaration], order: [String],
                            componentKeys: [String: String], diagnostics: DiagnosticCollector) {
        breakAliasCycles(in: &declarations, order: order, componentKeys: componentKeys, diagnostics: diagnostics)
        breakLayoutCycles(in: &declarations, order: order)
        limitInlineSize(in: &declarations, order: order)
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

    /// Caps every struct's inline size: walks the types bottom-up (cycles are broken
    /// already) and stores a property out of line when its type is larger than
    /// ``inlineSizeLimit``.
    private static func limitInlineSize(in declarations: inout [String: TypeDeclaration], order: [String]) {
        var sizes: [String: Int] = [:]

        /// The inline size of the declaration `name` stands for, after capping it.
        func size(of name: String) -> Int {
            if let known = sizes[name] { return known }
            sizes[name] = 1  // A cycle left over through an alias counts as one stored value.
            var result = 1
            switch declarations[name] {
            case .structure(var structure)?:
                var changed = false
                result = 0
                for index in structure.properties.indices {
                    let property = structure.properties[index]
                    guard !property.isIndirect,
                          let target = layoutTarget(property.type, in: declarations) else {
                        result += 1
                        continue
                    }
                    let inner = size(of: target)
                    // `Nullable` properties keep their own coding of `null`; they stay inline.
                    if inner > inlineSizeLimit && !(structure.distinguishesNull && property.isNullable) {
                        structure.properties[index].isIndirect = true
                        changed = true
                        result += 1
                    } else {
                        result += inner
                    }
                }
                result = max(result, 1)
                if changed { declarations[name] = .structure(structure) }
            case .union(var union)?:
                guard !union.isIndirect else { break }
                result = 0
                for variant in union.variants {
                    result += layoutTarget(variant.type, in: declarations).map(size(of:)) ?? 1
                }
                if result > inlineSizeLimit {
                    union.isIndirect = true
                    declarations[name] = .union(union)
                    result = 1
                }
                result = max(result, 1)
            case .alias?, .openEnum?, nil:
                break
            }
            sizes[name] = result
            return result
        }

        for name in order {
            _ = size(of: name)
        }
    }

    /// The non-alias declaration a directly named type stands for.
    private static func layoutTarget(_ type: TypeReference, in declarations: [String: TypeDeclaration]) -> String? {
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

    private static func breakLayoutCycles(in declarations: inout [String: TypeDeclaration], order: [String]) {
        var marks: [String: Mark] = [:]

        func visit(_ name: String) {
            guard marks[name] == nil, let declaration = declarations[name] else { return }
            marks[name] = .visiting
            switch declaration {
            case .structure(var structure):
                var changed = false
                for index in structure.properties.indices {
                    guard let target = layoutTarget(structure.properties[index].type, in: declarations) else { continue }
                    if marks[target] == .visiting {
                        structure.properties[index].isIndirect = true
                        changed = true
                    } else {
                        visit(target)
                    }
                }
                if changed { declarations[name] = .structure(structure) }
            case .union(var union):
                for variant in union.variants {
                    guard let target = layoutTarget(variant.type, in: declarations) else { continue }
                    if marks[target] == .visiting {
                        union.isIndirect = true
                    } else {
                        visit(target)
                    }
                }
                if union.isIndirect { declarations[name] = .union(union) }
            case .alias, .openEnum:
                break
            }
            marks[name] = .done
        }

        for name in order {
            visit(name)
        }
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
