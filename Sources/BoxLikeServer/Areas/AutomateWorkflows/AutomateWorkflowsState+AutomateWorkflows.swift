import BoxLikeJSON
import Foundation

/// Box Automate workflows (Box API 2026.0): the workflow actions set up on a folder, listed
/// per folder, and started on files of that folder. A start runs the workflow's outcomes
/// through ``runOutcomes(_:on:principal:)``, as a Relay flow does, so each outcome keeps the
/// rules and events of the operation a user would call.
extension AutomateWorkflowsState {
    private var automate: AutomateWorkflowsState { self }

    /// Seeds "Review the file" on a folder: an action starting a workflow that locks each file
    /// and assigns its owner a review task.
    @discardableResult
    mutating func seedAutomateWorkflow(core: isolated ServerState, folderId: String, ownerId: String) -> AutomateWorkflowActionRecord {
        makeAutomateWorkflow(core: core,
            name: "Review the file", folderId: folderId, ownerId: ownerId,
            outcomes: [.lockFile, .assignTask(taskCollaborators: [ownerId], message: "Please review this file")])
    }

    /// A workflow with one workflow action on a folder, as a user builds it in Box's web app
    /// (Box offers no API for it).
    mutating func makeAutomateWorkflow(core: isolated ServerState, name: String, folderId: String, ownerId: String, outcomes: [BoxLikeWorkflowAction])
        -> AutomateWorkflowActionRecord {
        let action = AutomateWorkflowActionRecord(
            id: core.newId(), workflowId: core.newId(), workflowName: name, folderId: folderId, outcomes: outcomes,
            createdBy: ownerId, createdAt: core.currentTime)
        self.actions[action.id] = action
        self.order.append(action.id)
        return action
    }

    /// ``makeAutomateWorkflow(core: core, name:folderId:ownerId:outcomes:)`` on a folder given by API id,
    /// owned by the folder's owner; the admin logs record it as Box records a workflow built in
    /// its web app (`WORKFLOW_AUTOMATION_CREATE`).
    mutating func makeAutomateWorkflow(core: isolated ServerState, name: String, folderApiId: String, outcomes: [BoxLikeWorkflowAction]) throws
        -> AutomateWorkflowActionRecord {
        guard let folder = core.items[.folder(folderApiId)], !folder.isRoot, !core.isInTrash(folder.ref) else {
            throw ServerErrorResponse.notFound("folder")
        }
        let action = makeAutomateWorkflow(core: core, name: name, folderId: folder.id, ownerId: folder.ownerId, outcomes: outcomes)
        core.recordEvent("WORKFLOW_AUTOMATION_CREATE", by: folder.ownerId, source: folder.ref, enterpriseOnly: true)
        return action
    }

    /// The workflow actions on a folder the caller can see, oldest first, with the minis of
    /// their creators.
    mutating func automateWorkflowActions(core: isolated ServerState, onFolder folderApiId: String, principal: Principal) throws -> [AutomateWorkflowActionView] {
        let folder = try core.folder(folderApiId, for: principal)
        return automate.order.compactMap { automate.actions[$0] }.filter { $0.folderId == folder.id }.map {
            AutomateWorkflowActionView(action: $0, creator: core.userMini($0.createdBy))
        }
    }

    /// Starts a workflow through one of its actions on files of the action's folder.
    ///
    /// - Throws: 404 when no action the caller can see starts the workflow; 400 when
    ///   `workflowActionId` is not one of the workflow's actions, `fileIds` is empty or a file
    ///   is not in the action's folder; the errors of an outcome the caller may not run.
    mutating func startAutomateWorkflow(core: isolated ServerState, _ workflowId: String, workflowActionId: String, fileIds: [String], principal: Principal) throws {
        let visible = automate.actions.values.filter { action in
            action.workflowId == workflowId && (try? core.item(.folder(action.folderId), for: principal)) != nil
        }
        guard !visible.isEmpty else { throw ServerErrorResponse.notFound("workflow") }
        guard let action = visible.first(where: { $0.id == workflowActionId }) else {
            throw ServerErrorResponse.badRequest("workflow_action_id names no action of the workflow")
        }
        guard !fileIds.isEmpty else { throw ServerErrorResponse.badRequest("file_ids must name at least one file") }
        let files = try fileIds.map { try core.file($0, for: principal) }
        if let outside = files.first(where: { $0.parentId != action.folderId }) {
            throw ServerErrorResponse.badRequest("The file \(outside.id) is not in the folder of the workflow action")
        }
        try core[area: WorkflowsState.self].runOutcomes(core: core, action.outcomes, on: files, principal: principal)
    }
}
