extension BoxLikeServer {
    /// Makes a workflow on a folder with one flow a user starts by hand, running `actions` in
    /// order on each file it is started on, as a user builds one in Box's web app (Box offers
    /// no API for it). The workflow is the folder owner's, and the admin logs record
    /// `WORKFLOW_AUTOMATION_CREATE`; `GET /workflows` lists it and `POST /workflows/{id}/start`
    /// runs it. Returns the workflow's id.
    ///
    /// ```swift
    /// let id = try await server.makeWorkflow(name: "File the invoice", on: folderId, actions: [
    ///     .lockFile, .moveFile(destinationFolderId: archiveId),
    /// ])
    /// ```
    ///
    /// - Throws: ``ServerErrorResponse`` 404 when there is no such folder (or it is the root).
    @discardableResult
    public func makeWorkflow(name: String, on folderId: String, actions: [BoxLikeWorkflowAction]) async throws -> String {
        try await state.withArea(WorkflowsState.self) { area, core in try area.makeWorkflow(core: core, name: name, folderApiId: folderId, actions: actions) }.id
    }
}
