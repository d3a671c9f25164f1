import BoxLikeJSON

/// A metadata template with what its JSON needs from the rest of the state.
struct MetadataTemplateView: Sendable {
    var template: MetadataTemplateRecord
    /// The id of the taxonomy each taxonomy field (by field id) uses, or `null` when it is gone.
    var taxonomyIds: [String: JSONValue]
}

/// Box's `metadata_template` JSON, built outside the state actor.
enum MetadataTemplateRepresentation {
    static func render(_ view: MetadataTemplateView) -> JSONValue {
        let template = view.template
        return [
            "type": "metadata_template", "id": .string(template.id), "scope": .string(template.scope),
            "templateKey": .string(template.templateKey), "displayName": .string(template.displayName),
            "hidden": .bool(template.hidden), "copyInstanceOnItemCopy": .bool(template.copyInstanceOnItemCopy),
            "fields": .array(template.fields.map { field in
                var object: [String: JSONValue] = [
                    "id": .string(field.id), "type": .string(field.type), "key": .string(field.key),
                    "displayName": .string(field.displayName), "description": .string(field.description),
                    "hidden": .bool(field.hidden),
                ]
                if field.type == "enum" || field.type == "multiSelect" {
                    object["options"] = .array(field.options.map { option in
                        var rendered: [String: JSONValue] = ["id": .string(option.id), "key": .string(option.key)]
                        if let staticConfig = option.staticConfig { rendered["staticConfig"] = staticConfig }
                        return .object(rendered)
                    })
                }
                if field.type == "taxonomy" {
                    object["taxonomyKey"] = field.taxonomyKey.map(JSONValue.string) ?? .null
                    object["namespace"] = field.taxonomyNamespace.map(JSONValue.string) ?? .null
                    object["taxonomyId"] = view.taxonomyIds[field.id] ?? .null
                    var rules: [String: JSONValue] = ["multiSelect": .bool(field.multiSelect)]
                    if let levels = field.selectableLevels { rules["selectableLevels"] = .array(levels.map { .int($0) }) }
                    object["optionsRules"] = .object(rules)
                }
                return .object(object)
            }),
        ]
    }
}
