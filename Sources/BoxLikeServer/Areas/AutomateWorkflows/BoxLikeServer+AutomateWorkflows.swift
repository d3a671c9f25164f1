extension BoxLikeServer {
    /// The ids of an Automate workflow and of the workflow action that starts it.
    public struct AutomateWorkflowIds: Sendable, Hashable {
        /// The workflow's id, the `workflow_id` of `POST /automate_workflows/{workflow_id}/start`.
        public var workflowId: String
        /// The workflow action's id, its `workflow_action_id`.
        public var workflowActionId: String
    }

    /// Makes an Automate workflow with one workflow action on a folder, running `actions` in
    /// order on each file it is started on, as a user builds one in Box's web app (Box offers no
    /// API for it). The workflow is the folder owner's, and the admin logs record
    /// `WORKFLOW_AUTOMATION_CREATE`; `GET /automate_workflows` lists the action and
    /// `POST /automate_workflows/{workflow_id}/start` runs it.
    ///
    /// ```swift
    /// let ids = try await server.makeAutomateWorkflow(name: "File the invoice", on: folderId, actions: [
    ///     .lockFile, .moveFile(destinationFolderId: archiveId),
    /// ])
    /// ```
    ///
    /// - Throws: ``ServerErrorResponse`` 404 when there is no such folder (or it is the root).
    @discardableResult
    public func makeAutomateWorkflow(name: String, on folderId: String, actions: [BoxLikeWorkflowAction]) async throws
        -> AutomateWorkflowIds {
        let action = try await state.withArea(AutomateWorkflowsState.self) { area, core in try area.makeAutomateWorkflow(core: core, name: name, folderApiId: folderId, outcomes: actions) }
        return AutomateWorkflowIds(workflowId: action.workflowId, workflowActionId: action.id)
    }
}
