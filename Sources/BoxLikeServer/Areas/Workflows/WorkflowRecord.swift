import BoxLikeJSON
import Foundation

/// A Box Relay workflow: flows a user starts by hand on files of the folder the workflow
/// watches, each with the outcomes it runs.
struct WorkflowRecord: Sendable {
    struct Outcome: Sendable {
        var id: String
        var name: String
        /// What the outcome does, with the settings Box keeps in the workflow builder.
        var action: BoxLikeWorkflowAction
        /// Box's `action_type`.
        var actionType: String { action.actionType }
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

/// What a workflow outcome does to each file a flow is started on, with the settings Box's
/// workflow builder keeps for it (Box's API shows only the `action_type`). Each runs through
/// the same rules and records the same events as the API call a user would make.
public enum BoxLikeWorkflowAction: Sendable {
    /// `watermark_file`.
    case watermarkFile
    /// `remove_watermark_file`.
    case removeWatermarkFile
    /// `lock_file`: a lock with no expiry that still allows downloads.
    case lockFile
    /// `unlock_file`.
    case unlockFile
    /// `move_file` into the folder with id `destinationFolderId`.
    case moveFile(destinationFolderId: String)
    /// `copy_file` into the folder with id `destinationFolderId`.
    case copyFile(destinationFolderId: String)
    /// `assign_task`: a review task with `message`, assigned to each user in `taskCollaborators` (user ids).
    case assignTask(taskCollaborators: [String], message: String)
    /// `share_file`: a collaboration with `role` (`editor`, `viewer`, …) for each user in `collaborators` (user ids).
    case shareFile(collaborators: [String], role: String)
    /// `apply_file_classification`: the enterprise classification `key`, replacing any the file has.
    case applyFileClassification(key: String)
    /// `delete_file`: the file goes to the trash.
    case deleteFile
    /// `add_metadata`: an instance of the template with `values`, or these values over the
    /// instance the file already holds.
    case addMetadata(scope: String, templateKey: String, values: [String: JSONValue])

    /// Box's `action_type` for the outcome.
    public var actionType: String {
        switch self {
        case .watermarkFile: "watermark_file"
        case .removeWatermarkFile: "remove_watermark_file"
        case .lockFile: "lock_file"
        case .unlockFile: "unlock_file"
        case .moveFile: "move_file"
        case .copyFile: "copy_file"
        case .assignTask: "assign_task"
        case .shareFile: "share_file"
        case .applyFileClassification: "apply_file_classification"
        case .deleteFile: "delete_file"
        case .addMetadata: "add_metadata"
        }
    }

    /// The outcome's name as the workflow builder would show it.
    var defaultName: String {
        switch self {
        case .watermarkFile: "Watermark the file"
        case .removeWatermarkFile: "Remove the watermark"
        case .lockFile: "Lock the file"
        case .unlockFile: "Unlock the file"
        case .moveFile: "Move the file"
        case .copyFile: "Copy the file"
        case .assignTask: "Assign a task"
        case .shareFile: "Share the file"
        case .applyFileClassification: "Classify the file"
        case .deleteFile: "Delete the file"
        case .addMetadata: "Add metadata"
        }
    }
}

/// The workflows there are, by id.
struct WorkflowsState: AreaState {
    var workflows: [String: WorkflowRecord] = [:]
}
