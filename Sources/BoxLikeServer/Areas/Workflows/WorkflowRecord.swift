import Foundation

/// A Box Relay workflow: flows a user starts by hand on files of the folder the workflow
/// watches, each with the outcomes it runs.
struct WorkflowRecord: Sendable {
    struct Outcome: Sendable {
        var id: String
        var name: String
        /// Box's `action_type`; `watermark_file` and `remove_watermark_file` run, others are
        /// accepted and recorded only.
        var actionType: String
    }

    struct Flow: Sendable {
        var id: String
        var triggerType = "WORKFLOW_MANUAL_START"
        var outcomes: [Outcome]
        var createdBy: String
        var createdAt: Date
    }

    var id: String
    var name: String
    var description: String
    var isEnabled = true
    /// The folder the flows' trigger watches.
    var folderId: String
    var flows: [Flow]
}

/// The workflows there are, by id.
struct WorkflowsState: AreaState {
    var workflows: [String: WorkflowRecord] = [:]
}
