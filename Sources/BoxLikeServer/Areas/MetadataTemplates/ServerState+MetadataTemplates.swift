import BoxLikeJSON
import Foundation

/// Metadata templates: enterprise admins define them; instances of an enterprise template
/// may only hold its fields, with values of the field's type.
extension ServerState {
    var enterpriseScope: String { "enterprise_\(enterpriseId)" }

    /// The stored scope a path scope (`enterprise`, `enterprise_<id>`, `global`) names.
    func templateScope(_ pathScope: String) -> String {
        pathScope == "enterprise" ? enterpriseScope : pathScope
    }

    func metadataTemplate(scope pathScope: String, key: String) throws -> MetadataTemplateRecord {
        let scope = templateScope(pathScope)
        guard let template = metadataTemplates.values.first(where: { $0.scope == scope && $0.templateKey == key }) else {
            throw ServerErrorResponse(.notFound, code: "not_found", message: "Specified Metadata Template not found")
        }
        return template
    }

    func metadataTemplate(id: String) throws -> MetadataTemplateRecord {
        guard let template = metadataTemplates[id] else {
            throw ServerErrorResponse(.notFound, code: "not_found", message: "Specified Metadata Template not found")
        }
        return template
    }

    /// The templates of a scope, by display name.
    func metadataTemplates(inScope pathScope: String) -> [MetadataTemplateRecord] {
        let scope = templateScope(pathScope)
        return metadataTemplates.values.filter { $0.scope == scope }
            .sorted { ($0.displayName.lowercased(), $0.id) < ($1.displayName.lowercased(), $1.id) }
    }

    /// The template of the metadata instance whose `$id` is `instanceId`, when the caller can see
    /// the item holding it (none otherwise, as for an unknown instance).
    func metadataTemplates(ofInstance instanceId: String, principal: Principal) -> [MetadataTemplateRecord] {
        for (itemKey, instances) in metadata {
            guard let instance = instances.values.first(where: { $0["$id"]?.stringValue == instanceId }),
                  let item = Self.itemRef(metadataKey: itemKey), (try? authorize(principal, item)) != nil,
                  let scope = instance["$scope"]?.stringValue, let key = instance["$template"]?.stringValue,
                  let template = try? metadataTemplate(scope: scope, key: key)
            else { continue }
            return [template]
        }
        return []
    }

    func createMetadataTemplate(_ body: JSONValue, principal: Principal) throws -> MetadataTemplateRecord {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may create metadata templates.")
        }
        guard body["scope"]?.stringValue == "enterprise" || body["scope"]?.stringValue == enterpriseScope else {
            throw ServerErrorResponse.badRequest("scope must be enterprise")
        }
        guard let displayName = body["displayName"]?.stringValue, !displayName.isEmpty else {
            throw ServerErrorResponse.badRequest("displayName is required")
        }
        let key = body["templateKey"]?.stringValue ?? Self.camelCase(displayName)
        guard Self.isValidKey(key, allowDash: true) else { throw ServerErrorResponse.badRequest("templateKey '\(key)' is not a valid key") }
        if metadataTemplates.values.contains(where: { $0.scope == enterpriseScope && $0.templateKey == key }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A template with the key '\(key)' already exists")
        }
        var template = MetadataTemplateRecord(
            id: UUID().uuidString.lowercased(), scope: enterpriseScope, templateKey: key, displayName: displayName,
            hidden: body["hidden"]?.boolValue ?? false, copyInstanceOnItemCopy: body["copyInstanceOnItemCopy"]?.boolValue ?? false)
        for field in body["fields"]?.arrayValue ?? [] {
            try Self.addField(try resolvingTaxonomyId(field), to: &template)
        }
        try self[area: MetadataTaxonomiesState.self].checkTaxonomyFields(core: self, of: template)
        // The classification template is its one `enum` field of classifications (Box's
        // description of its creation and of the template both hold exactly one field).
        if key == Self.classificationTemplateKey,
           template.fields.count != 1 || template.fields.first?.key != "Box__Security__Classification__Key" {
            throw ServerErrorResponse.badRequest("The classification template has exactly one field, Box__Security__Classification__Key")
        }
        metadataTemplates[template.id] = template
        recordEvent("METADATA_TEMPLATE_CREATE", by: principal.userId, source: nil, enterpriseOnly: true)
        return template
    }

    /// The field an option operation is about: a `multiSelect` field for the
    /// `...MultiSelectOption...` operations; an `enum` or `multiSelect` one for the
    /// `...EnumOption...` ones (our choice: Box's documentation does not say it refuses those
    /// on a multi-select field).
    private static func optionField(_ operation: JSONValue, op: String, in template: MetadataTemplateRecord) throws -> Int {
        let index = try fieldIndex(operation["fieldKey"]?.stringValue, in: template)
        let type = template.fields[index].type
        let fits = op.contains("MultiSelect") ? type == "multiSelect" : (type == "enum" || type == "multiSelect")
        guard fits else {
            throw ServerErrorResponse.badRequest("\(op) needs a field of type \(op.contains("MultiSelect") ? "multiSelect" : "enum or multiSelect")")
        }
        return index
    }

    /// The option an edit or removal names (`enumOptionKey` or `multiSelectOptionKey`), and where it is.
    private static func option(_ operation: JSONValue, op: String, of field: MetadataTemplateRecord.Field) throws -> (String, Int) {
        let name = op.contains("MultiSelect") ? "multiSelectOptionKey" : "enumOptionKey"
        guard let option = operation[name]?.stringValue, let index = field.options.firstIndex(where: { $0.key == option }) else {
            throw ServerErrorResponse.badRequest("\(name) names no option of the field")
        }
        return (option, index)
    }

    /// Applies template operations all or nothing.
    func updateMetadataTemplate(scope: String, key: String, operations: [JSONValue], principal: Principal) throws -> MetadataTemplateRecord {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may change metadata templates.")
        }
        var template = try metadataTemplate(scope: scope, key: key)
        guard template.scope == enterpriseScope else { throw ServerErrorResponse.forbidden("Global templates cannot be changed.") }
        var removedFields: [String] = []
        var renamedOptions: [(field: String, from: String, to: String)] = []
        for operation in operations {
            guard let op = operation["op"]?.stringValue else { throw ServerErrorResponse.badRequest("each operation needs op") }
            let data = operation["data"] ?? .object([:])
            switch op {
            case "editTemplate":
                if let name = data["displayName"]?.stringValue { template.displayName = name }
                if let hidden = data["hidden"]?.boolValue { template.hidden = hidden }
                if let copy = data["copyInstanceOnItemCopy"]?.boolValue { template.copyInstanceOnItemCopy = copy }
            case "addField":
                try Self.addField(try resolvingTaxonomyId(data), to: &template)
            case "editField":
                let index = try Self.fieldIndex(operation["fieldKey"]?.stringValue, in: template)
                if let name = data["displayName"]?.stringValue { template.fields[index].displayName = name }
                if let description = data["description"]?.stringValue { template.fields[index].description = description }
                if let hidden = data["hidden"]?.boolValue { template.fields[index].hidden = hidden }
                if let newKey = data["key"]?.stringValue, newKey != template.fields[index].key {
                    guard Self.isValidKey(newKey, allowDash: false), !template.fields.contains(where: { $0.key == newKey }) else {
                        throw ServerErrorResponse.badRequest("field key '\(newKey)' is invalid or taken")
                    }
                    template.fields[index].key = newKey
                }
            case "removeField":
                let index = try Self.fieldIndex(operation["fieldKey"]?.stringValue, in: template)
                removedFields.append(template.fields[index].key)
                template.fields.remove(at: index)
            case "reorderFields":
                let order = operation["fieldKeys"]?.arrayValue?.compactMap(\.stringValue) ?? []
                guard Set(order) == Set(template.fields.map(\.key)), order.count == template.fields.count else {
                    throw ServerErrorResponse.badRequest("fieldKeys must list every field once")
                }
                template.fields.sort { (order.firstIndex(of: $0.key) ?? 0) < (order.firstIndex(of: $1.key) ?? 0) }
            case "addEnumOption", "addMultiSelectOption":
                let index = try Self.optionField(operation, op: op, in: template)
                guard let option = data["key"]?.stringValue else { throw ServerErrorResponse.badRequest("\(op) needs data.key") }
                guard !template.fields[index].options.contains(where: { $0.key == option }) else {
                    throw ServerErrorResponse.badRequest("option '\(option)' already exists")
                }
                template.fields[index].options.append(
                    .init(id: UUID().uuidString.lowercased(), key: option, staticConfig: data["staticConfig"]))
            case "editEnumOption", "editMultiSelectOption":
                let index = try Self.optionField(operation, op: op, in: template)
                let (option, optionIndex) = try Self.option(operation, op: op, of: template.fields[index])
                if let newKey = data["key"]?.stringValue, newKey != option {
                    guard !template.fields[index].options.contains(where: { $0.key == newKey }) else {
                        throw ServerErrorResponse.badRequest("option '\(newKey)' already exists")
                    }
                    template.fields[index].options[optionIndex].key = newKey
                    renamedOptions.append((template.fields[index].key, option, newKey))
                }
                if let staticConfig = data["staticConfig"] { template.fields[index].options[optionIndex].staticConfig = staticConfig }
            case "removeEnumOption", "removeMultiSelectOption":
                let index = try Self.optionField(operation, op: op, in: template)
                let (_, optionIndex) = try Self.option(operation, op: op, of: template.fields[index])
                template.fields[index].options.remove(at: optionIndex)
            case "reorderEnumOptions", "reorderMultiSelectOptions":
                let index = try Self.optionField(operation, op: op, in: template)
                let listKey = op == "reorderEnumOptions" ? "enumOptionKeys" : "multiSelectOptionKeys"
                let order = operation[listKey]?.arrayValue?.compactMap(\.stringValue) ?? []
                let options = template.fields[index].options
                guard order.count == options.count, Set(order) == Set(options.map(\.key)) else {
                    throw ServerErrorResponse.badRequest("\(listKey) must list every option of the field once")
                }
                template.fields[index].options = order.compactMap { key in options.first { $0.key == key } }
            default:
                throw ServerErrorResponse.badRequest("Unsupported operation \(op)")
            }
        }
        try self[area: MetadataTaxonomiesState.self].checkTaxonomyFields(core: self, of: template)
        metadataTemplates[template.id] = template
        // Instances holding a renamed option hold its new key, as Box does.
        if !renamedOptions.isEmpty {
            let instanceKey = "\(template.scope)/\(template.templateKey)"
            for (item, instances) in metadata {
                guard var instance = instances[instanceKey]?.objectValue else { continue }
                for rename in renamedOptions {
                    instance[rename.field] = Self.renaming(instance[rename.field], from: rename.from, to: rename.to)
                }
                metadata[item]?[instanceKey] = .object(instance)
            }
        }
        // Values of removed fields go from every instance, as Box does.
        if !removedFields.isEmpty {
            let instanceKey = "\(template.scope)/\(template.templateKey)"
            for (item, instances) in metadata {
                guard var instance = instances[instanceKey]?.objectValue else { continue }
                for field in removedFields { instance[field] = nil }
                metadata[item]?[instanceKey] = .object(instance)
            }
        }
        recordEvent("METADATA_TEMPLATE_UPDATE", by: principal.userId, source: nil, enterpriseOnly: true)
        return template
    }

    func deleteMetadataTemplate(scope: String, key: String, principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may delete metadata templates.")
        }
        let template = try metadataTemplate(scope: scope, key: key)
        guard template.scope == enterpriseScope else { throw ServerErrorResponse.forbidden("Global templates cannot be deleted.") }
        metadataTemplates[template.id] = nil
        let instanceKey = "\(template.scope)/\(template.templateKey)"
        for item in metadata.keys { metadata[item]?[instanceKey] = nil }
        recordEvent("METADATA_TEMPLATE_DELETE", by: principal.userId, source: nil, enterpriseOnly: true)
    }

    /// Checks instance values against the template: only its fields, each of its type.
    /// The free-form global `properties` template takes any keys.
    func validateInstance(scope: String, templateKey: String, values: [String: JSONValue]) throws {
        let template = try metadataTemplate(scope: scope, key: templateKey)
        if template.isFreeForm { return }
        for (key, value) in values where !key.hasPrefix("$") {
            guard let field = template.fields.first(where: { $0.key == key }) else {
                throw ServerErrorResponse.badRequest("'\(key)' is not a field of the template \(templateKey)", code: "schema_validation_failed")
            }
            if field.type == "taxonomy" {
                try self[area: MetadataTaxonomiesState.self].validateTaxonomyValue(core: self, value, field: field)
                continue
            }
            guard Self.value(value, fits: field) else {
                throw ServerErrorResponse.badRequest("The value of '\(key)' does not fit its \(field.type) field", code: "schema_validation_failed")
            }
        }
    }

    /// What the template's JSON needs from the state: the ids of the taxonomies its fields use.
    func metadataTemplateView(_ template: MetadataTemplateRecord) -> MetadataTemplateView {
        var taxonomyIds: [String: JSONValue] = [:]
        for field in template.fields where field.type == "taxonomy" {
            taxonomyIds[field.id] = field.taxonomyKey
                .flatMap { key in try? self[area: MetadataTaxonomiesState.self].metadataTaxonomy(core: self, namespace: field.taxonomyNamespace ?? enterpriseScope, key: key) }
                .map { JSONValue.string($0.id) } ?? .null
        }
        return MetadataTemplateView(template: template, taxonomyIds: taxonomyIds)
    }

    func metadataTemplateViews(_ templates: [MetadataTemplateRecord]) -> [MetadataTemplateView] {
        templates.map(metadataTemplateView)
    }

    // MARK: - Helpers

    /// A field as given, with the `taxonomyKey` and `namespace` of the taxonomy its `taxonomyId`
    /// names filled in: an ID that names no taxonomy of the enterprise, or another one than the
    /// key and namespace given beside it, is `400`.
    private func resolvingTaxonomyId(_ data: JSONValue) throws -> JSONValue {
        guard let taxonomyId = data["taxonomyId"]?.stringValue, case .object(var field) = data else { return data }
        let fieldName = data["key"]?.stringValue ?? data["displayName"]?.stringValue ?? ""
        guard let taxonomy = self[area: MetadataTaxonomiesState.self].taxonomies[taxonomyId] else {
            throw ServerErrorResponse.badRequest("The field '\(fieldName)' names no metadata taxonomy of the enterprise")
        }
        if let key = data["taxonomyKey"]?.stringValue, key != taxonomy.key {
            throw ServerErrorResponse.badRequest("The field '\(fieldName)' names one taxonomy by taxonomyKey and another by taxonomyId")
        }
        if let namespace = data["namespace"]?.stringValue, templateScope(namespace) != taxonomy.namespace {
            throw ServerErrorResponse.badRequest("The field '\(fieldName)' names one taxonomy by namespace and another by taxonomyId")
        }
        field["taxonomyKey"] = .string(taxonomy.key)
        field["namespace"] = .string(taxonomy.namespace)
        return .object(field)
    }

    private static func addField(_ data: JSONValue, to template: inout MetadataTemplateRecord) throws {
        guard let type = data["type"]?.stringValue, MetadataTemplateRecord.fieldTypes.contains(type) else {
            throw ServerErrorResponse.badRequest("field type must be one of \(MetadataTemplateRecord.fieldTypes.sorted().joined(separator: ", "))")
        }
        guard let displayName = data["displayName"]?.stringValue else { throw ServerErrorResponse.badRequest("field displayName is required") }
        let key = data["key"]?.stringValue ?? camelCase(displayName)
        guard isValidKey(key, allowDash: false) else { throw ServerErrorResponse.badRequest("field key '\(key)' is not a valid key") }
        guard !template.fields.contains(where: { $0.key == key }) else {
            throw ServerErrorResponse.badRequest("the template already has a field '\(key)'")
        }
        var field = MetadataTemplateRecord.Field(id: UUID().uuidString.lowercased(), type: type, key: key, displayName: displayName)
        field.description = data["description"]?.stringValue ?? ""
        field.hidden = data["hidden"]?.boolValue ?? false
        let options = data["options"]?.arrayValue ?? []
        let optionKeys = options.compactMap { $0["key"]?.stringValue }
        if type == "enum" || type == "multiSelect" {
            guard Set(optionKeys).count == optionKeys.count else { throw ServerErrorResponse.badRequest("options of '\(key)' repeat") }
            field.options = options.compactMap { option in
                option["key"]?.stringValue.map {
                    MetadataTemplateRecord.Option(id: UUID().uuidString.lowercased(), key: $0, staticConfig: option["staticConfig"])
                }
            }
        }
        if type == "taxonomy" {
            guard let taxonomyKey = data["taxonomyKey"]?.stringValue else {
                throw ServerErrorResponse.badRequest("a taxonomy field needs taxonomyKey")
            }
            field.taxonomyKey = taxonomyKey
            field.taxonomyNamespace = data["namespace"]?.stringValue ?? template.scope
            field.multiSelect = data["optionsRules"]?["multiSelect"]?.boolValue ?? false
            field.selectableLevels = data["optionsRules"]?["selectableLevels"]?.arrayValue?.compactMap(\.intValue)
        }
        template.fields.append(field)
    }

    /// A field's value with the option `from` renamed to `to` (an enum value or a multiSelect entry).
    private static func renaming(_ value: JSONValue?, from: String, to: String) -> JSONValue? {
        if value?.stringValue == from { return .string(to) }
        guard let chosen = value?.arrayValue else { return value }
        return .array(chosen.map { $0.stringValue == from ? .string(to) : $0 })
    }

    private static func fieldIndex(_ key: String?, in template: MetadataTemplateRecord) throws -> Int {
        guard let key, let index = template.fields.firstIndex(where: { $0.key == key }) else {
            throw ServerErrorResponse.badRequest("fieldKey names no field of the template")
        }
        return index
    }

    private static func value(_ value: JSONValue, fits field: MetadataTemplateRecord.Field) -> Bool {
        switch field.type {
        case "string": return value.stringValue != nil
        case "float": return value.numberValue != nil
        case "integer": return value.intValue != nil
        case "date": return value.stringValue.flatMap(Timestamp.parse) != nil
        case "enum": return value.stringValue.map { option in field.options.contains { $0.key == option } } ?? false
        case "multiSelect":
            guard let chosen = value.arrayValue else { return false }
            return chosen.allSatisfy { choice in choice.stringValue.map { key in field.options.contains { $0.key == key } } ?? false }
        default: return false
        }
    }

    static func isValidKey(_ key: String, allowDash: Bool) -> Bool {
        guard let first = key.unicodeScalars.first, key.count <= 256 else { return false }
        let letters = CharacterSet.letters.union(CharacterSet(charactersIn: "_"))
        var rest = letters.union(.decimalDigits)
        if allowDash { rest.insert(charactersIn: "-") }
        return first.isASCII && letters.contains(first) && key.unicodeScalars.allSatisfy { $0.isASCII && rest.contains($0) }
    }

    /// `Product Info` → `productInfo`.
    static func camelCase(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard let first = words.first else { return "template" }
        let key = first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        return key.first?.isNumber == true ? "_" + key : key
    }
}
