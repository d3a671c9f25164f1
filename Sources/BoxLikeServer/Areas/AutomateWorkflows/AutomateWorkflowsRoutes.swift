import BoxLikeJSON
import Hummingbird

/// `GET /2.0/automate_workflows` and `POST /2.0/automate_workflows/{workflow_id}/start`, each
/// answered only with `box-version: 2026.0`.
struct AutomateWorkflowsRoutes: ServerArea, AutomateWorkflowsOperations {
    let services: ServerServices

    func getAutomateWorkflowsV2026R0(_ input: OperationInput) async throws -> Response {
        let views = try await state.withArea(AutomateWorkflowsState.self) { area, core in try area.automateWorkflowActions(core: core, onFolder: try input.request.requiredQuery("folder_id"), principal: input.principal) }
        return Responses.json(try Paging(query: input.query, forceMarker: true).page(views, render: AutomateWorkflowRepresentation.render))
    }

    func createAutomateWorkflowStartV2026R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let actionId = body["workflow_action_id"]?.stringValue, let files = body["file_ids"]?.arrayValue else {
            throw ServerErrorResponse.badRequest("workflow_action_id and file_ids are required")
        }
        try await state.withArea(AutomateWorkflowsState.self) { area, core in try area.startAutomateWorkflow(core: core,
            try input.path("workflow_id"), workflowActionId: actionId, fileIds: files.compactMap(\.stringValue),
            principal: input.principal) }
        return Responses.empty()
    }
}
