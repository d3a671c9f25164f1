import Foundation

/// A Box Automate workflow action on a folder: the way a user starts the workflow by hand on
/// files of that folder (Box API 2026.0). Box builds Automate workflows in its web app, so
/// the server seeds one and ``BoxLikeServer/makeAutomateWorkflow(name:on:actions:)`` adds more;
/// the outcomes are those Relay workflows run (``BoxLikeWorkflowAction``).
struct AutomateWorkflowActionRecord: Sendable {
    /// The workflow action's id (`workflow_action_id`).
    var id: String
    /// The workflow the action starts.
    var workflowId: String
    var workflowName: String
    /// The folder the action is set up on; it starts the workflow on files in this folder only.
    var folderId: String
    /// What the workflow does to each file, in order.
    var outcomes: [BoxLikeWorkflowAction]
    var createdBy: String
    var createdAt: Date
}

/// The Automate workflow actions there are, by id, in the order they were made.
struct AutomateWorkflowsState: AreaState {
    var actions: [String: AutomateWorkflowActionRecord] = [:]
    var order: [String] = []
}
