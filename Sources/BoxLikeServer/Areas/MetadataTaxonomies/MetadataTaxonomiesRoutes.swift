import BoxLikeJSON
import Hummingbird

/// `/2.0/metadata_taxonomies...` and `GET /2.0/metadata_templates/{namespace}/{template_key}/fields/{field_key}/options`.
///
/// The router wants one parameter name per path level, so the namespace of the options path
/// is read from `:template_id`, as the metadata template routes name that level.
struct MetadataTaxonomiesRoutes: ServerArea, MetadataTaxonomiesOperations {
    let services: ServerServices

    func createMetadataTaxonomy(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let created = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.createMetadataTaxonomy(core: core,
            displayName: body["displayName"]?.stringValue ?? "", namespace: body["namespace"]?.stringValue ?? "",
            key: body["key"]?.stringValue, principal: input.principal) }
        return Responses.json(MetadataTaxonomyRepresentation.taxonomy(created), status: .created)
    }

    func getMetadataTaxonomies(_ input: OperationInput) async throws -> Response {
        let taxonomies = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.metadataTaxonomies(core: core, namespace: try input.path("namespace")) }
        let paging = try Paging(query: input.query, allowMarker: true, forceMarker: true)
        return Responses.json(paging.page(taxonomies, render: MetadataTaxonomyRepresentation.taxonomy))
    }

    func getMetadataTaxonomyByKey(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        return Responses.json(MetadataTaxonomyRepresentation.taxonomy(try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.metadataTaxonomy(core: core, namespace: namespace, key: key) }))
    }

    func updateMetadataTaxonomy(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        let body = try await input.json()
        let renamed = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.renameMetadataTaxonomy(core: core,
            namespace: namespace, key: key, displayName: body["displayName"]?.stringValue ?? "", principal: input.principal) }
        return Responses.json(MetadataTaxonomyRepresentation.taxonomy(renamed))
    }

    func deleteMetadataTaxonomy(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.deleteMetadataTaxonomy(core: core, namespace: namespace, key: key, principal: input.principal) }
        return Responses.empty()
    }

    func getMetadataTemplateFieldOptions(_ input: OperationInput) async throws -> Response {
        let (found, nodes) = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.metadataTemplateFieldOptions(core: core,
            namespace: try input.path("namespace"), templateKey: try input.path("template_key"),
            fieldKey: try input.path("field_key"), filter: Self.nodeFilter(input.request),
            onlySelectable: input.query["only-selectable-options"].map(QueryFlag.isTrue) ?? true) }
        return Responses.json(try Self.nodePage(nodes, of: found, request: input.request))
    }


    func createMetadataTaxonomyLevel(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        guard let entries = try await input.json().arrayValue else {
            throw ServerErrorResponse.badRequest("request body must be an array of levels")
        }
        let levels = try entries.map(Self.level)
        let changed = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.createMetadataTaxonomyLevels(core: core, namespace: namespace, key: key, levels: levels, principal: input.principal) }
        return Responses.json(["entries": MetadataTaxonomyRepresentation.levels(changed.levels)], status: .created)
    }

    func addMetadataTaxonomyLevel(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        let requestBody = try await input.json()
        let changed = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.appendMetadataTaxonomyLevel(core: core,
            namespace: namespace, key: key, level: try Self.level(requestBody), principal: input.principal) }
        return Responses.json(["entries": MetadataTaxonomyRepresentation.levels(changed.levels)], status: .created)
    }

    func deleteMetadataTaxonomyLevel(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        let changed = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.trimMetadataTaxonomyLevel(core: core, namespace: namespace, key: key, principal: input.principal) }
        return Responses.json(["entries": MetadataTaxonomyRepresentation.levels(changed.levels)])
    }

    func updateMetadataTaxonomyLevelById(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        guard let index = Int(try input.path("level_index")) else {
            throw ServerErrorResponse.badRequest("level_index must be a number")
        }
        let body = try await input.json()
        let changed = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.updateMetadataTaxonomyLevel(core: core,
            namespace: namespace, key: key, index: index, displayName: body["displayName"]?.stringValue ?? "",
            description: body["description"]?.stringValue, principal: input.principal) }
        return Responses.json(MetadataTaxonomyRepresentation.level(changed, number: index))
    }

    func getMetadataTaxonomyNodes(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        let (found, nodes) = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.metadataTaxonomyNodes(core: core, namespace: namespace, key: key, filter: try Self.nodeFilter(input.request)) }
        return Responses.json(try Self.nodePage(nodes, of: found, request: input.request))
    }

    func createMetadataTaxonomyNode(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        let body = try await input.json()
        guard let level = body["level"]?.intValue else { throw ServerErrorResponse.badRequest("level must be a number") }
        let (found, node) = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.createMetadataTaxonomyNode(core: core,
            namespace: namespace, key: key, displayName: body["displayName"]?.stringValue ?? "", level: level,
            parentId: body["parentId"]?.stringValue, principal: input.principal) }
        return Responses.json(MetadataTaxonomyRepresentation.node(node, in: found), status: .created)
    }

    func getMetadataTaxonomyNodeById(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        let (found, node) = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.metadataTaxonomyNode(core: core, namespace: namespace, key: key, nodeId: try input.path("node_id")) }
        return Responses.json(MetadataTaxonomyRepresentation.node(node, in: found))
    }

    func updateMetadataTaxonomyNode(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        let requestBody = try await input.json()
        let (found, node) = try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.renameMetadataTaxonomyNode(core: core,
            namespace: namespace, key: key, nodeId: try input.path("node_id"),
            displayName: requestBody["displayName"]?.stringValue, principal: input.principal) }
        return Responses.json(MetadataTaxonomyRepresentation.node(node, in: found))
    }

    func deleteMetadataTaxonomyNode(_ input: OperationInput) async throws -> Response {
        let (namespace, key) = try Self.taxonomyPath(input.context)
        try await state.withArea(MetadataTaxonomiesState.self) { area, core in try area.deleteMetadataTaxonomyNode(core: core, namespace: namespace, key: key, nodeId: try input.path("node_id"), principal: input.principal) }
        return Responses.empty()
    }

    private static func taxonomyPath(_ context: BoxLikeRequestContext) throws -> (namespace: String, key: String) {
        (try context.pathParameter("namespace"), try context.pathParameter("taxonomy_key"))
    }

    private static func level(_ value: JSONValue) throws -> MetadataTaxonomyRecord.Level {
        guard let name = value["displayName"]?.stringValue, !name.isEmpty else {
            throw ServerErrorResponse.badRequest("each level needs a displayName")
        }
        return MetadataTaxonomyRecord.Level(displayName: name, description: value["description"]?.stringValue)
    }

    /// The `level`, `parent`, `ancestor` and `query` parameters; the array ones may repeat
    /// (`level=1&level=2`) or list values with commas.
    private static func nodeFilter(_ request: Request) throws -> MetadataTaxonomiesState.TaxonomyNodeFilter {
        func all(_ name: String) -> [String] {
            request.uri.queryParameters.getAll(name).flatMap { $0.split(separator: ",").map(String.init) }
        }
        let levels = try all("level").map { raw in
            guard let level = Int(raw) else { throw ServerErrorResponse.badRequest("level must be a number") }
            return level
        }
        return MetadataTaxonomiesState.TaxonomyNodeFilter(levels: levels, parents: all("parent"), ancestors: all("ancestor"), query: request.query["query"])
    }

    /// A marker page of nodes, with `total_result_count` when asked for.
    private static func nodePage(_ nodes: [MetadataTaxonomyRecord.Node], of taxonomy: MetadataTaxonomyRecord,
                                 request: Request) throws -> JSONValue {
        let paging = try Paging(query: request.query, allowMarker: true, forceMarker: true)
        let page = paging.page(nodes) { MetadataTaxonomyRepresentation.node($0, in: taxonomy) }
        guard QueryFlag.isTrue(request.query["include-total-result-count"]), var object = page.objectValue else { return page }
        object["total_result_count"] = .int(nodes.count)
        return .object(object)
    }
}
