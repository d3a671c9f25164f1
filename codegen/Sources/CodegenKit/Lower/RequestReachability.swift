/// Finds the structs that request bodies are made of, so their nullable properties can
/// tell "leave unchanged" (`nil`) from "set to null" (`.null`).
enum RequestReachability {
    static func markRequestTypes(roots: [TypeReference], in declarations: inout [String: TypeDeclaration]) {
        var pending = roots.flatMap(\.mentionedNames)
        var visited: Set<String> = []
        while let name = pending.popLast() {
            guard visited.insert(name).inserted, let declaration = declarations[name] else { continue }
            switch declaration {
            case .structure(var structure):
                pending += structure.properties.flatMap(\.type.mentionedNames)
                pending += structure.additionalProperties?.valueType.mentionedNames ?? []
                if structure.coding == .codable, structure.properties.contains(where: \.isNullable) {
                    structure.distinguishesNull = true
                    declarations[name] = .structure(structure)
                }
            case .union(let union):
                pending += union.variants.flatMap(\.type.mentionedNames)
            case .alias(let alias):
                pending += alias.target.mentionedNames
            case .openEnum:
                break
            }
        }
    }
}
