import Foundation

/// A review or completion task on a file.
struct TaskRecord: Sendable {
    enum Action: String, Sendable {
        case review, complete

        /// The resolution states an assignee of such a task may choose.
        var resolutions: Set<String> {
            switch self {
            case .review: ["approved", "rejected", "incomplete"]
            case .complete: ["completed", "incomplete"]
            }
        }
    }

    enum CompletionRule: String, Sendable {
        case allAssignees = "all_assignees"
        case anyAssignee = "any_assignee"
    }

    var id: String
    var fileId: String
    var action: Action
    var message: String
    var dueAt: Date?
    var completionRule: CompletionRule
    var createdBy: String
    var createdAt: Date
}

/// What this area keeps for itself in the state actor.
struct TasksState: AreaState {
    var tasks: [String: TaskRecord] = [:]
    var taskAssignments: [String: TaskAssignmentRecord] = [:]
}
