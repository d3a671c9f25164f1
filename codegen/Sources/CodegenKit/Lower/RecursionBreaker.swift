/// Breaks cycles of types that contain each other by value, which Swift cannot lay out.
///
/// Only direct containment counts: arrays and dictionaries already store their elements
/// out of line. A depth-first walk in declaration order finds every back edge; a struct
/// property on one becomes `@Indirect`, a union on one becomes an `indirect enum`, and an
/// alias on one (a cycle of pure aliases, meaningless in Swift) becomes `JSONValue`.
enum RecursionBreaker {
    private enum Mark { case visiting, done }

    static func breakCycles(in declarations: inout [String: TypeDeclaration], order: [String],
                            diagnostics: DiagnosticCollector) {
        var marks: [String: Mark] = [:]

        func visit(_ name: String) {
            guard marks[name] == nil, let declaration = declarations[name] else { return }
            marks[name] = .visiting
            switch declaration {
            case .structure(var structure):
                var changed = false
                for index in structure.properties.indices {
                    guard let target = structure.properties[index].type.namedType else { continue }
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
                    guard let target = variant.type.namedType else { continue }
                    if marks[target] == .visiting {
                        union.isIndirect = true
                    } else {
                        visit(target)
                    }
                }
                if union.isIndirect { declarations[name] = .union(union) }
            case .alias(var alias):
                if let target = alias.target.namedType {
                    if marks[target] == .visiting {
                        diagnostics.warning(JSONPointer(["components", "schemas", name]),
                                            "the alias `\(name)` refers to itself; it is typed as JSONValue")
                        alias.target = .jsonValue
                        declarations[name] = .alias(alias)
                    } else {
                        visit(target)
                    }
                }
            case .openEnum:
                break
            }
            marks[name] = .done
        }

        for name in order {
            visit(name)
        }
    }
}
