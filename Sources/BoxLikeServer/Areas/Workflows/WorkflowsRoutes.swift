import BoxLikeJSON
import Hummingbird

/// `GET /2.0/workflows` and `POST /2.0/workflows/{id}/start`.
struct WorkflowsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getWorkflows) { request, _, principal in
            let views = try await state.workflows(onFolder: try request.requiredQuery("folder_id"), triggerType: request.query["trigger_type"], principal: principal)
            let query = request.query
            return Responses.json(try Paging(query: query, forceMarker: true).page(views, render: WorkflowRepresentation.render))
        }
        routes.api.serve(.startWorkflow) { request, context, principal in
            let body = try await context.json(request)
            guard let flowId = body["flow"]?.idMember, let folderId = body["folder"]?.idMember, let files = body["files"]?.arrayValue else {
                throw ServerErrorResponse.badRequest("flow, files and folder are required")
            }
            try await state.startWorkflow(
                try context.pathParameter("workflow_id"), flowId: flowId, folderId: folderId, fileIds: files.compactMap(\.idMember),
                principal: principal)
            return Responses.empty()
        }
    }
}
