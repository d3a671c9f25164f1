import BoxLikeJSON
import Foundation
import Hummingbird

/// `/2.0/metadata_templates...` and `POST /2.0/metadata_queries/execute_read`.
struct MetadataTemplatesRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        MetadataTemplatesRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.createMetadataTemplate) { request, context, principal in
            let template = try await state.createMetadataTemplate(try await context.json(request), principal: principal)
            return Responses.json(MetadataTemplateRepresentation.render(await state.metadataTemplateView(template)), status: .created)
        }
        for (scope, operation) in [("enterprise", ServerOperation.getEnterpriseMetadataTemplates), ("global", .getGlobalMetadataTemplates)] {
            routes.api.serve(operation) { request, context, principal in
                let templates = await state.metadataTemplates(inScope: scope)
                let paging = try Paging(query: request.query, allowMarker: true)
                let rendered = await state.metadataTemplateViews(Array(templates[paging.window(count: templates.count)]))
                    .map(MetadataTemplateRepresentation.render)
                let end = paging.window(count: templates.count).upperBound
                return Responses.json([
                    "limit": .int(paging.limit), "entries": .array(rendered),
                    "next_marker": end < templates.count ? .string(Paging.marker(end)) : .null,
                ])
            }
        }
        routes.api.serve(.getMetadataTemplatesByInstanceId) { request, _, principal in
            guard let instanceId = request.query["metadata_instance_id"], !instanceId.isEmpty else {
                throw ServerErrorResponse.badRequest("metadata_instance_id is required")
            }
            let templates = await state.metadataTemplates(ofInstance: instanceId, principal: principal)
            let views = await state.metadataTemplateViews(templates)
            return Responses.json(try Paging(query: request.query, allowMarker: true).page(views, render: MetadataTemplateRepresentation.render))
        }
        routes.api.serve(.getMetadataTemplateById) { _, context, principal in
            let template = try await state.metadataTemplate(id: try context.pathParameter("template_id"))
            return Responses.json(MetadataTemplateRepresentation.render(await state.metadataTemplateView(template)))
        }
        routes.api.serve(.getMetadataTemplate) { _, context, principal in
            let template = try await state.metadataTemplate(
                scope: try context.pathParameter("scope"), key: try context.pathParameter("template_key"))
            return Responses.json(MetadataTemplateRepresentation.render(await state.metadataTemplateView(template)))
        }
        routes.api.serve(.updateMetadataTemplate) { request, context, principal in
            guard let operations = try await context.json(request).arrayValue else {
                throw ServerErrorResponse.badRequest("request body must be an array of operations")
            }
            let template = try await state.updateMetadataTemplate(
                scope: try context.pathParameter("scope"), key: try context.pathParameter("template_key"), operations: operations,
                principal: principal)
            return Responses.json(MetadataTemplateRepresentation.render(await state.metadataTemplateView(template)))
        }
        routes.api.serve(.deleteMetadataTemplate) { _, context, principal in
            try await state.deleteMetadataTemplate(
                scope: try context.pathParameter("scope"), key: try context.pathParameter("template_key"), principal: principal)
            return Responses.empty()
        }
        routes.api.serve(.searchByMetadataQuery) { request, context, principal in
            let body = try await context.json(request)
            let query = try Self.queryRequest(body)
            let page = try await state.executeMetadataQuery(query, principal: principal)
            return Responses.json([
                "limit": .int(query.limit), "entries": .array(page.entries.map(MetadataQueryRepresentation.render)), "next_marker": page.nextMarker.map(JSONValue.string) ?? .null,
            ])
        }
    }

    static func queryRequest(_ body: JSONValue) throws -> ServerState.MetadataQueryRequest {
        let from = try body.required("from", as: String.self)
        let ancestor = try body.required("ancestor_folder_id", as: String.self)
        var orderBy: [(field: String, descending: Bool)] = []
        for entry in body["order_by"]?.arrayValue ?? [] {
            guard let field = entry["field_key"]?.stringValue else { throw ServerErrorResponse.badRequest("order_by entries need field_key") }
            orderBy.append((field, entry["direction"]?.stringValue?.uppercased() == "DESC"))
        }
        var offset = 0
        if let marker = body["marker"]?.stringValue, !marker.isEmpty {
            guard let decoded = Data(base64Encoded: marker).flatMap({ String(data: $0, encoding: .utf8) }),
                  decoded.hasPrefix("m:"), let position = Int(decoded.dropFirst(2)), position >= 0
            else { throw ServerErrorResponse.badRequest("Invalid marker", code: "invalid_marker") }
            offset = position
        }
        return ServerState.MetadataQueryRequest(
            from: from, query: body["query"]?.stringValue, parameters: body["query_params"]?.objectValue ?? [:],
            ancestorFolderId: ancestor, orderBy: orderBy, limit: Swift.min(Swift.max(body["limit"]?.intValue ?? 100, 1), 100),
            offset: offset, fields: body["fields"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }
}
