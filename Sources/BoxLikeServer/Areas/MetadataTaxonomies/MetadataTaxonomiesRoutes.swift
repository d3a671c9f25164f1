import BoxLikeJSON
import Hummingbird

/// `/2.0/metadata_taxonomies...` and `GET /2.0/metadata_templates/{namespace}/{template_key}/fields/{field_key}/options`.
///
/// The router wants one parameter name per path level, so the namespace of the options path
/// is read from `:template_id`, as the metadata template routes name that level.
struct MetadataTaxonomiesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.createMetadataTaxonomy) { request, context, principal in
            let body = try await context.json(request)
            let created = try await state.createMetadataTaxonomy(
                displayName: body["displayName"]?.stringValue ?? "", namespace: body["namespace"]?.stringValue ?? "",
                key: body["key"]?.stringValue, principal: principal)
            return Responses.json(MetadataTaxonomyRepresentation.taxonomy(created), status: .created)
        }
        routes.api.serve(.getMetadataTaxonomies) { request, context, _ in
            let taxonomies = try await state.metadataTaxonomies(namespace: try context.pathParameter("namespace"))
            let paging = try Paging(query: request.query, allowMarker: true, forceMarker: true)
            return Responses.json(paging.page(taxonomies, render: MetadataTaxonomyRepresentation.taxonomy))
        }
        routes.api.serve(.getMetadataTaxonomyByKey) { _, context, _ in
            let (namespace, key) = try Self.taxonomyPath(context)
            return Responses.json(MetadataTaxonomyRepresentation.taxonomy(try await state.metadataTaxonomy(namespace: namespace, key: key)))
        }
        routes.api.serve(.updateMetadataTaxonomy) { request, context, principal in
            let (namespace, key) = try Self.taxonomyPath(context)
            let body = try await context.json(request)
            let renamed = try await state.renameMetadataTaxonomy(
                namespace: namespace, key: key, displayName: body["displayName"]?.stringValue ?? "", principal: principal)
            return Responses.json(MetadataTaxonomyRepresentation.taxonomy(renamed))
        }
        routes.api.serve(.deleteMetadataTaxonomy) { _, context, principal in
            let (namespace, key) = try Self.taxonomyPath(context)
            try await state.deleteMetadataTaxonomy(namespace: namespace, key: key, principal: principal)
            return Responses.empty()
        }
        registerLevels(on: routes)
        registerNodes(on: routes)
        routes.api.serve(.getMetadataTemplateFieldOptions) { request, context, _ in
            let (found, nodes) = try await state.metadataTemplateFieldOptions(
                namespace: try context.pathParameter("namespace"), templateKey: try context.pathParameter("template_key"),
                fieldKey: try context.pathParameter("field_key"), filter: Self.nodeFilter(request),
                onlySelectable: request.query["only-selectable-options"].map(QueryFlag.isTrue) ?? true)
            return Responses.json(try Self.nodePage(nodes, of: found, request: request))
        }
    }

    private static func registerLevels(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.createMetadataTaxonomyLevel) { request, context, principal in
            let (namespace, key) = try taxonomyPath(context)
            guard let entries = try await context.json(request).arrayValue else {
                throw ServerErrorResponse.badRequest("request body must be an array of levels")
            }
            let levels = try entries.map(level)
            let changed = try await state.createMetadataTaxonomyLevels(namespace: namespace, key: key, levels: levels, principal: principal)
            return Responses.json(["entries": MetadataTaxonomyRepresentation.levels(changed.levels)], status: .created)
        }
        routes.api.serve(.addMetadataTaxonomyLevel) { request, context, principal in
            let (namespace, key) = try taxonomyPath(context)
            let changed = try await state.appendMetadataTaxonomyLevel(
                namespace: namespace, key: key, level: try level(try await context.json(request)), principal: principal)
            return Responses.json(["entries": MetadataTaxonomyRepresentation.levels(changed.levels)], status: .created)
        }
        routes.api.serve(.deleteMetadataTaxonomyLevel) { _, context, principal in
            let (namespace, key) = try taxonomyPath(context)
            let changed = try await state.trimMetadataTaxonomyLevel(namespace: namespace, key: key, principal: principal)
            return Responses.json(["entries": MetadataTaxonomyRepresentation.levels(changed.levels)])
        }
        routes.api.serve(.updateMetadataTaxonomyLevelById) { request, context, principal in
            let (namespace, key) = try taxonomyPath(context)
            guard let index = Int(try context.pathParameter("level_index")) else {
                throw ServerErrorResponse.badRequest("level_index must be a number")
            }
            let body = try await context.json(request)
            let changed = try await state.updateMetadataTaxonomyLevel(
                namespace: namespace, key: key, index: index, displayName: body["displayName"]?.stringValue ?? "",
                description: body["description"]?.stringValue, principal: principal)
            return Responses.json(MetadataTaxonomyRepresentation.level(changed, number: index))
        }
    }

    private static func registerNodes(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getMetadataTaxonomyNodes) { request, context, _ in
            let (namespace, key) = try taxonomyPath(context)
            let (found, nodes) = try await state.metadataTaxonomyNodes(namespace: namespace, key: key, filter: try nodeFilter(request))
            return Responses.json(try nodePage(nodes, of: found, request: request))
        }
        routes.api.serve(.createMetadataTaxonomyNode) { request, context, principal in
            let (namespace, key) = try taxonomyPath(context)
            let body = try await context.json(request)
            guard let level = body["level"]?.intValue else { throw ServerErrorResponse.badRequest("level must be a number") }
            let (found, node) = try await state.createMetadataTaxonomyNode(
                namespace: namespace, key: key, displayName: body["displayName"]?.stringValue ?? "", level: level,
                parentId: body["parentId"]?.stringValue, principal: principal)
            return Responses.json(MetadataTaxonomyRepresentation.node(node, in: found), status: .created)
        }
        routes.api.serve(.getMetadataTaxonomyNodeById) { _, context, _ in
            let (namespace, key) = try taxonomyPath(context)
            let (found, node) = try await state.metadataTaxonomyNode(namespace: namespace, key: key, nodeId: try context.pathParameter("node_id"))
            return Responses.json(MetadataTaxonomyRepresentation.node(node, in: found))
        }
        routes.api.serve(.updateMetadataTaxonomyNode) { request, context, principal in
            let (namespace, key) = try taxonomyPath(context)
            let (found, node) = try await state.renameMetadataTaxonomyNode(
                namespace: namespace, key: key, nodeId: try context.pathParameter("node_id"),
                displayName: try await context.json(request)["displayName"]?.stringValue, principal: principal)
            return Responses.json(MetadataTaxonomyRepresentation.node(node, in: found))
        }
        routes.api.serve(.deleteMetadataTaxonomyNode) { _, context, principal in
            let (namespace, key) = try taxonomyPath(context)
            try await state.deleteMetadataTaxonomyNode(namespace: namespace, key: key, nodeId: try context.pathParameter("node_id"), principal: principal)
            return Responses.empty()
        }
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
    private static func nodeFilter(_ request: Request) throws -> ServerState.TaxonomyNodeFilter {
        func all(_ name: String) -> [String] {
            request.uri.queryParameters.getAll(name).flatMap { $0.split(separator: ",").map(String.init) }
        }
        let levels = try all("level").map { raw in
            guard let level = Int(raw) else { throw ServerErrorResponse.badRequest("level must be a number") }
            return level
        }
        return ServerState.TaxonomyNodeFilter(levels: levels, parents: all("parent"), ancestors: all("ancestor"), query: request.query["query"])
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
