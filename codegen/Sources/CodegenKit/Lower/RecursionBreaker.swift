/// Breaks cycles of types that contain each other by value, which Swift cannot lay out,
/// and cycles of type aliases, which Swift cannot resolve.
///
/// Only direct containment counts for structs and unions: arrays and dictionaries store
/// their elements out of line. Aliases are looked through, so `parent: FolderRef` with
/// `FolderRef = Folder` is seen as a folder containing a folder. A depth-first walk in
/// declaration order finds every back edge; a struct property on one becomes `@Indirect`
/// and a union on one becomes an `indirect enum`. An alias that refers back to itself,
/// even inside an array (`Tree = [Tree]`), becomes `JSONValue` with a warning.
enum RecursionBreaker {
    private enum Mark { case visiting, done }

    /// - Parameter componentKeys: Type name → component key, to point warnings at the spec.
    static func breakCycles(in declarations: inout [String: TypeDeclaration], order: [String],
                            componentKeys: [String: String], diagnostics: DiagnosticCollector) {
        breakAliasCycles(in: &declarations, order: order, componentKeys: componentKeys, diagnostics: diagnostics)
        breakLayoutCycles(in: &declarations, order: order)
    }

    /// The non-alias declaration a directly named type stands for.
    private static func layoutTarget(_ type: TypeReference, in declarations: [String: TypeDeclaration]) -> String? {
        var seen: Set<String> = []
        var current = type
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
