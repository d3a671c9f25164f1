import BoxLikeJSON
import Hummingbird

/// `GET /2.0/automate_workflows` and `POST /2.0/automate_workflows/{workflow_id}/start`, each
/// answered only with `box-version: 2026.0`.
struct AutomateWorkflowsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getAutomateWorkflowsV2026R0) { request, _, principal in
            let views = try await state.automateWorkflowActions(onFolder: try request.requiredQuery("folder_id"), principal: principal)
            return Responses.json(try Paging(query: request.query, forceMarker: true).page(views, render: AutomateWorkflowRepresentation.render))
        }
        routes.api.serve(.createAutomateWorkflowStartV2026R0) { request, context, principal in
            let body = try await context.json(request)
            guard let actionId = body["workflow_action_id"]?.stringValue, let files = body["file_ids"]?.arrayValue else {
                throw ServerErrorResponse.badRequest("workflow_action_id and file_ids are required")
            }
            try await state.startAutomateWorkflow(
                try context.pathParameter("workflow_id"), workflowActionId: actionId, fileIds: files.compactMap(\.stringValue),
                principal: principal)
            return Responses.empty()
        }
    }
}
