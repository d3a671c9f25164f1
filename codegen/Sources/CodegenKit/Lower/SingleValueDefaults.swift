/// Gives a required property whose type is an enum of one value that value as its
/// initializer default (`FolderReference(id:)`, `type` being `.folder`), as Box's SDKs do: the
/// caller has nothing to choose. Runs once the model is complete, so an enum declared after
/// the struct that uses it counts too.
enum SingleValueDefaults {
    static func apply(in declarations: inout [String: TypeDeclaration], order: [String]) {
        for name in order {
            guard case .structure(var structure)? = declarations[name] else { continue }
            var changed = false
            for index in structure.properties.indices {
                let property = structure.properties[index]
                guard property.isRequired, !property.isNullable, case .named(let type) = property.type,
                      case .openEnum(let enumeration)? = declarations[type], enumeration.cases.count == 1,
                      let only = enumeration.cases.first else { continue }
                structure.properties[index].defaultValue = "." + only.name
                changed = true
            }
            if changed { declarations[name] = .structure(structure) }
        }
    }
}
