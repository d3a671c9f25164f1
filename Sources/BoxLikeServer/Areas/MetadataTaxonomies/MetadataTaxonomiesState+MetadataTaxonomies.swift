import BoxLikeJSON
import Foundation

/// Metadata taxonomies: admins build them (levels, then nodes under parents of the level
/// above); `taxonomy` fields of templates take their nodes as values, and a value naming a
/// node the taxonomy does not have (or one of a level the field does not allow) is refused.
extension MetadataTaxonomiesState {
    /// What a node list is narrowed to: `GET .../nodes` and a taxonomy field's options.
    struct TaxonomyNodeFilter: Sendable {
        var levels: [Int] = []
        var parents: [String] = []
        var ancestors: [String] = []
        var query: String?
    }

    private mutating func requireTaxonomyAdmin(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may change metadata taxonomies.")
        }
    }

    /// The stored namespace a path names: `enterprise` or `enterprise_<id>` of this enterprise.
    private mutating func taxonomyNamespace(core: isolated ServerState, _ namespace: String) throws -> String {
        let stored = core.templateScope(namespace)
        guard stored == core.enterpriseScope else {
            throw ServerErrorResponse(.notFound, code: "not_found", message: "The namespace '\(namespace)' was not found")
        }
        return stored
    }

    mutating func metadataTaxonomy(core: isolated ServerState, namespace: String, key: String) throws -> MetadataTaxonomyRecord {
        let stored = try taxonomyNamespace(core: core, namespace)
        guard let taxonomy = taxonomies.values.first(where: { $0.namespace == stored && $0.key == key }) else {
            throw ServerErrorResponse(.notFound, code: "not_found", message: "The metadata taxonomy '\(key)' was not found")
        }
        return taxonomy
    }

    /// The taxonomies of a namespace, by display name.
    mutating func metadataTaxonomies(core: isolated ServerState, namespace: String) throws -> [MetadataTaxonomyRecord] {
        let stored = try taxonomyNamespace(core: core, namespace)
        return taxonomies.values.filter { $0.namespace == stored }
            .sorted { ($0.displayName.lowercased(), $0.id) < ($1.displayName.lowercased(), $1.id) }
    }

    mutating func createMetadataTaxonomy(core: isolated ServerState, displayName: String, namespace: String, key: String?, principal: Principal) throws -> MetadataTaxonomyRecord {
        try requireTaxonomyAdmin(core: core, principal)
        guard core.templateScope(namespace) == core.enterpriseScope else {
            throw ServerErrorResponse.badRequest("namespace must be the enterprise's namespace, \(core.enterpriseScope)")
        }
        let key = key ?? ServerState.camelCase(displayName)
        guard ServerState.isValidKey(key, allowDash: true) else { throw ServerErrorResponse.badRequest("key '\(key)' is not a valid key") }
        if taxonomies.values.contains(where: { $0.namespace == core.enterpriseScope && $0.key == key }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A metadata taxonomy with the key '\(key)' already exists")
        }
        let taxonomy = MetadataTaxonomyRecord(id: UUID().uuidString.lowercased(), namespace: core.enterpriseScope, key: key, displayName: displayName)
        self.taxonomies[taxonomy.id] = taxonomy
        return taxonomy
    }

    /// Changes a taxonomy through `change`, after the admin check, and stores it.
    private mutating func changeTaxonomy<T>(core: isolated ServerState, namespace: String, key: String, principal: Principal,
                                   _ change: (inout MetadataTaxonomyRecord) throws -> T) throws -> (MetadataTaxonomyRecord, T) {
        try requireTaxonomyAdmin(core: core, principal)
        var taxonomy = try metadataTaxonomy(core: core, namespace: namespace, key: key)
        let result = try change(&taxonomy)
        self.taxonomies[taxonomy.id] = taxonomy
        return (taxonomy, result)
    }

    mutating func renameMetadataTaxonomy(core: isolated ServerState, namespace: String, key: String, displayName: String, principal: Principal) throws -> MetadataTaxonomyRecord {
        try changeTaxonomy(core: core, namespace: namespace, key: key, principal: principal) { $0.displayName = displayName }.0
    }

    /// Deletes a taxonomy no template field uses.
    mutating func deleteMetadataTaxonomy(core: isolated ServerState, namespace: String, key: String, principal: Principal) throws {
        try requireTaxonomyAdmin(core: core, principal)
        let taxonomy = try metadataTaxonomy(core: core, namespace: namespace, key: key)
        if let template = Self.templatesUsing(core: core, taxonomy).first {
            throw ServerErrorResponse.badRequest(
                "The taxonomy is used by the metadata template '\(template.templateKey)'", code: "taxonomy_in_use")
        }
        self.taxonomies[taxonomy.id] = nil
    }

    private static func templatesUsing(core: isolated ServerState, _ taxonomy: MetadataTaxonomyRecord) -> [MetadataTemplateRecord] {
        core.metadataTemplates.values.filter { template in
            template.fields.contains { $0.type == "taxonomy" && $0.taxonomyKey == taxonomy.key && $0.taxonomyNamespace == taxonomy.namespace }
        }
    }

    /// Sets the levels of a taxonomy that has none yet.
    mutating func createMetadataTaxonomyLevels(core: isolated ServerState, namespace: String, key: String, levels: [MetadataTaxonomyRecord.Level],
                                      principal: Principal) throws -> MetadataTaxonomyRecord {
        try changeTaxonomy(core: core, namespace: namespace, key: key, principal: principal) { taxonomy in
            guard taxonomy.levels.isEmpty else {
                throw ServerErrorResponse.badRequest("The taxonomy already has levels; append or trim them instead")
            }
            guard !levels.isEmpty else { throw ServerErrorResponse.badRequest("at least one level is required") }
            taxonomy.levels = levels
        }.0
    }

    mutating func appendMetadataTaxonomyLevel(core: isolated ServerState, namespace: String, key: String, level: MetadataTaxonomyRecord.Level,
                                     principal: Principal) throws -> MetadataTaxonomyRecord {
        try changeTaxonomy(core: core, namespace: namespace, key: key, principal: principal) { $0.levels.append(level) }.0
    }

    /// Removes the lowest level, once no node is on it.
    mutating func trimMetadataTaxonomyLevel(core: isolated ServerState, namespace: String, key: String, principal: Principal) throws -> MetadataTaxonomyRecord {
        try changeTaxonomy(core: core, namespace: namespace, key: key, principal: principal) { taxonomy in
            let lowest = taxonomy.levels.count
            guard lowest > 0 else { throw ServerErrorResponse.badRequest("The taxonomy has no levels") }
            guard !taxonomy.nodes.values.contains(where: { $0.level == lowest }) else {
                throw ServerErrorResponse.badRequest("Level \(lowest) still has nodes; delete them first", code: "level_has_nodes")
            }
            taxonomy.levels.removeLast()
        }.0
    }

    mutating func updateMetadataTaxonomyLevel(core: isolated ServerState, namespace: String, key: String, index: Int, displayName: String, description: String?,
                                     principal: Principal) throws -> MetadataTaxonomyRecord.Level {
        try changeTaxonomy(core: core, namespace: namespace, key: key, principal: principal) { taxonomy in
            guard taxonomy.levels.indices.contains(index - 1) else {
                throw ServerErrorResponse(.notFound, code: "not_found", message: "The taxonomy has no level \(index)")
            }
            taxonomy.levels[index - 1].displayName = displayName
            if let description { taxonomy.levels[index - 1].description = description }
            return taxonomy.levels[index - 1]
        }.1
    }

    mutating func createMetadataTaxonomyNode(core: isolated ServerState, namespace: String, key: String, displayName: String, level: Int, parentId: String?,
                                    principal: Principal) throws -> (MetadataTaxonomyRecord, MetadataTaxonomyRecord.Node) {
        try changeTaxonomy(core: core, namespace: namespace, key: key, principal: principal) { taxonomy in
            guard taxonomy.levels.indices.contains(level - 1) else {
                throw ServerErrorResponse.badRequest("The taxonomy has no level \(level)")
            }
            if level == 1 {
                guard parentId == nil else { throw ServerErrorResponse.badRequest("A node of the first level has no parent") }
            } else {
                guard let parentId, let parent = taxonomy.nodes[parentId] else {
                    throw ServerErrorResponse.badRequest("A node of level \(level) needs a parentId of a node of level \(level - 1)")
                }
                guard parent.level == level - 1 else {
                    throw ServerErrorResponse.badRequest("The parent of a node of level \(level) must be of level \(level - 1)")
                }
            }
            if taxonomy.nodes.values.contains(where: { $0.parentId == parentId && $0.level == level && $0.displayName == displayName }) {
                throw ServerErrorResponse(.conflict, code: "conflict", message: "A node named '\(displayName)' already exists there")
            }
            let node = MetadataTaxonomyRecord.Node(id: UUID().uuidString.lowercased(), displayName: displayName, level: level, parentId: parentId)
            taxonomy.nodes[node.id] = node
            taxonomy.nodeOrder.append(node.id)
            return node
        }
    }

    mutating func metadataTaxonomyNode(core: isolated ServerState, namespace: String, key: String, nodeId: String) throws -> (MetadataTaxonomyRecord, MetadataTaxonomyRecord.Node) {
        let taxonomy = try metadataTaxonomy(core: core, namespace: namespace, key: key)
        guard let node = taxonomy.nodes[nodeId] else {
            throw ServerErrorResponse(.notFound, code: "not_found", message: "The taxonomy node '\(nodeId)' was not found")
        }
        return (taxonomy, node)
    }

    mutating func renameMetadataTaxonomyNode(core: isolated ServerState, namespace: String, key: String, nodeId: String, displayName: String?,
                                    principal: Principal) throws -> (MetadataTaxonomyRecord, MetadataTaxonomyRecord.Node) {
        try changeTaxonomy(core: core, namespace: namespace, key: key, principal: principal) { taxonomy in
            guard var node = taxonomy.nodes[nodeId] else {
                throw ServerErrorResponse(.notFound, code: "not_found", message: "The taxonomy node '\(nodeId)' was not found")
            }
            if let displayName { node.displayName = displayName }
            taxonomy.nodes[nodeId] = node
            return node
        }
    }

    /// Deletes a node without children that no metadata instance holds.
    mutating func deleteMetadataTaxonomyNode(core: isolated ServerState, namespace: String, key: String, nodeId: String, principal: Principal) throws {
        _ = try changeTaxonomy(core: core, namespace: namespace, key: key, principal: principal) { taxonomy in
            guard taxonomy.nodes[nodeId] != nil else {
                throw ServerErrorResponse(.notFound, code: "not_found", message: "The taxonomy node '\(nodeId)' was not found")
            }
            guard !taxonomy.nodes.values.contains(where: { $0.parentId == nodeId }) else {
                throw ServerErrorResponse.badRequest("The node has child nodes; delete them first", code: "node_has_children")
            }
            let fields = Self.templatesUsing(core: core, taxonomy).flatMap { template in
                template.fields.filter { $0.type == "taxonomy" && $0.taxonomyKey == taxonomy.key }
                    .map { (instanceKey: "\(template.scope)/\(template.templateKey)", field: $0.key) }
            }
            for instances in core.metadata.values {
                for (instanceKey, field) in fields {
                    if Self.taxonomyNodeIds(instances[instanceKey]?[field]).contains(nodeId) {
                        throw ServerErrorResponse.badRequest("The node is the value of metadata on an item", code: "node_in_use")
                    }
                }
            }
            taxonomy.nodes[nodeId] = nil
            taxonomy.nodeOrder.removeAll { $0 == nodeId }
        }
    }

    /// The nodes of a taxonomy that pass `filter`, in the order they were made.
    mutating func metadataTaxonomyNodes(core: isolated ServerState, namespace: String, key: String, filter: TaxonomyNodeFilter)
        throws -> (MetadataTaxonomyRecord, [MetadataTaxonomyRecord.Node]) {
        let taxonomy = try metadataTaxonomy(core: core, namespace: namespace, key: key)
        return (taxonomy, Self.nodes(of: taxonomy, passing: filter))
    }

    /// The nodes a taxonomy field of a template offers: its taxonomy's nodes, narrowed to the
    /// field's selectable levels when `onlySelectable`.
    mutating func metadataTemplateFieldOptions(core: isolated ServerState, namespace: String, templateKey: String, fieldKey: String, filter: TaxonomyNodeFilter,
                                      onlySelectable: Bool) throws -> (MetadataTaxonomyRecord, [MetadataTaxonomyRecord.Node]) {
        let template = try core.metadataTemplate(scope: namespace, key: templateKey)
        guard let field = template.fields.first(where: { $0.key == fieldKey }) else {
            throw ServerErrorResponse(.notFound, code: "not_found", message: "The template has no field '\(fieldKey)'")
        }
        guard field.type == "taxonomy", let taxonomyKey = field.taxonomyKey else {
            throw ServerErrorResponse.badRequest("The field '\(fieldKey)' is not a taxonomy field")
        }
        let taxonomy = try metadataTaxonomy(core: core, namespace: field.taxonomyNamespace ?? core.enterpriseScope, key: taxonomyKey)
        var nodes = Self.nodes(of: taxonomy, passing: filter)
        if onlySelectable, let selectable = field.selectableLevels, !selectable.isEmpty {
            nodes = nodes.filter { selectable.contains($0.level) }
        }
        return (taxonomy, nodes)
    }

    private static func nodes(of taxonomy: MetadataTaxonomyRecord, passing filter: TaxonomyNodeFilter) -> [MetadataTaxonomyRecord.Node] {
        let query = filter.query?.lowercased()
        return taxonomy.nodeOrder.compactMap { taxonomy.nodes[$0] }.filter { node in
            (filter.levels.isEmpty || filter.levels.contains(node.level))
                && (filter.parents.isEmpty || node.parentId.map(filter.parents.contains) == true)
                && (filter.ancestors.isEmpty || filter.ancestors.contains { taxonomy.isAncestor($0, of: node.id) })
                && (query.map { node.displayName.lowercased().contains($0) } ?? true)
        }
    }

    /// Checks the value of a `taxonomy` field of a metadata instance: node ids (one, or several
    /// when the field allows it) of the field's taxonomy, on levels the field allows.
    mutating func validateTaxonomyValue(core: isolated ServerState, _ value: JSONValue, field: MetadataTemplateRecord.Field) throws {
        let ids = Self.taxonomyNodeIds(value)
        let fits: Bool
        if let taxonomyKey = field.taxonomyKey,
           let taxonomy = try? metadataTaxonomy(core: core, namespace: field.taxonomyNamespace ?? core.enterpriseScope, key: taxonomyKey),
           !ids.isEmpty, ids.count == 1 || field.multiSelect {
            fits = ids.allSatisfy { id in
                guard let node = taxonomy.nodes[id] else { return false }
                return field.selectableLevels.map { $0.isEmpty || $0.contains(node.level) } ?? true
            }
        } else {
            fits = false
        }
        guard fits else {
            throw ServerErrorResponse.badRequest(
                "The value of '\(field.key)' names no node of its taxonomy that the field allows", code: "schema_validation_failed")
        }
    }

    /// Refuses a template whose `taxonomy` fields name a taxonomy that does not exist.
    mutating func checkTaxonomyFields(core: isolated ServerState, of template: MetadataTemplateRecord) throws {
        for field in template.fields where field.type == "taxonomy" {
            guard let key = field.taxonomyKey,
                  (try? metadataTaxonomy(core: core, namespace: field.taxonomyNamespace ?? core.enterpriseScope, key: key)) != nil else {
                throw ServerErrorResponse.badRequest("The field '\(field.key)' names no metadata taxonomy of the enterprise")
            }
        }
    }

    /// The node ids a taxonomy value holds: a string, or an array of strings.
    static func taxonomyNodeIds(_ value: JSONValue?) -> [String] {
        if let single = value?.stringValue { return [single] }
        return value?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
