import BoxLikeJSON
import Hummingbird

/// `GET /2.0/workflows` and `POST /2.0/workflows/{id}/start`.
struct WorkflowsRoutes: ServerArea, WorkflowsOperations {
    let services: ServerServices

    func getWorkflows(_ input: OperationInput) async throws -> Response {
        let views = try await state.withArea(WorkflowsState.self) { area, core in try area.workflows(core: core, onFolder: try input.request.requiredQuery("folder_id"), triggerType: input.query["trigger_type"], principal: input.principal) }
        let query = input.query
        return Responses.json(try Paging(query: query, forceMarker: true).page(views, render: WorkflowRepresentation.render))
    }

    func startWorkflow(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let flowId = body["flow"]?.idMember, let folderId = body["folder"]?.idMember, let files = body["files"]?.arrayValue else {
            throw ServerErrorResponse.badRequest("flow, files and folder are required")
        }
        try await state.withArea(WorkflowsState.self) { area, core in try area.startWorkflow(core: core,
            try input.path("workflow_id"), flowId: flowId, folderId: folderId, fileIds: files.compactMap(\.idMember),
            principal: input.principal) }
        return Responses.empty()
    }
}
