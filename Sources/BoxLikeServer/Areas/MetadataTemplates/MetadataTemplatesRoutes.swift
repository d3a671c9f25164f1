import BoxLikeJSON
import Foundation
import Hummingbird

/// `/2.0/metadata_templates...`.
struct MetadataTemplatesRoutes: ServerArea, MetadataTemplatesOperations {
    let services: ServerServices

    func createMetadataTemplate(_ input: OperationInput) async throws -> Response {
        let template = try await state.createMetadataTemplate(try await input.json(), principal: input.principal)
        // Box documents `201` for a template and `200` for the classification template, made at
        // the same path (`createClassificationTemplate`).
        let status: HTTPResponse.Status = template.templateKey == ServerState.classificationTemplateKey ? .ok : .created
        return Responses.json(MetadataTemplateRepresentation.render(await state.metadataTemplateView(template)), status: status)
    }

    func getMetadataTemplatesByInstanceId(_ input: OperationInput) async throws -> Response {
        guard let instanceId = input.query["metadata_instance_id"], !instanceId.isEmpty else {
            throw ServerErrorResponse.badRequest("metadata_instance_id is required")
        }
        let templates = await state.metadataTemplates(ofInstance: instanceId, principal: input.principal)
        let views = await state.metadataTemplateViews(templates)
        return Responses.json(try Paging(query: input.query, allowMarker: true).page(views, render: MetadataTemplateRepresentation.render))
    }

    func getMetadataTemplateById(_ input: OperationInput) async throws -> Response {
        let template = try await state.metadataTemplate(id: try input.path("template_id"))
        return Responses.json(MetadataTemplateRepresentation.render(await state.metadataTemplateView(template)))
    }

    func getMetadataTemplate(_ input: OperationInput) async throws -> Response {
        let template = try await state.metadataTemplate(
            scope: try input.path("scope"), key: try input.path("template_key"))
        return Responses.json(MetadataTemplateRepresentation.render(await state.metadataTemplateView(template)))
    }

    func updateMetadataTemplate(_ input: OperationInput) async throws -> Response {
        guard let operations = try await input.json().arrayValue else {
            throw ServerErrorResponse.badRequest("request body must be an array of operations")
        }
        let template = try await state.updateMetadataTemplate(
            scope: try input.path("scope"), key: try input.path("template_key"), operations: operations,
            principal: input.principal)
        return Responses.json(MetadataTemplateRepresentation.render(await state.metadataTemplateView(template)))
    }

    func deleteMetadataTemplate(_ input: OperationInput) async throws -> Response {
        try await state.deleteMetadataTemplate(
            scope: try input.path("scope"), key: try input.path("template_key"), principal: input.principal)
        return Responses.empty()
    }

    func getEnterpriseMetadataTemplates(_ input: OperationInput) async throws -> Response {
        try await templates(inScope: "enterprise", input)
    }

    func getGlobalMetadataTemplates(_ input: OperationInput) async throws -> Response {
        try await templates(inScope: "global", input)
    }

    /// The templates of one scope, paged by marker.
    private func templates(inScope scope: String, _ input: OperationInput) async throws -> Response {
        let templates = await state.metadataTemplates(inScope: scope)
        let paging = try Paging(query: input.query, allowMarker: true)
        let rendered = await state.metadataTemplateViews(Array(templates[paging.window(count: templates.count)]))
            .map(MetadataTemplateRepresentation.render)
        let end = paging.window(count: templates.count).upperBound
        return Responses.json([
            "limit": .int(paging.limit), "entries": .array(rendered),
            "next_marker": end < templates.count ? .string(Paging.marker(end)) : .null,
        ])
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
