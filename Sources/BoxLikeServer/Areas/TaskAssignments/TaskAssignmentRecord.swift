import Foundation

/// A task assigned to one user.
struct TaskAssignmentRecord: Sendable {
    var id: String
    var taskId: String
    var assignedTo: String
    var assignedBy: String
    var message: String
    var resolutionState = "incomplete"
    var assignedAt: Date
    var completedAt: Date?

    /// Whether the assignee finished their part (approved, rejected or completed).
    var isResolved: Bool { resolutionState != "incomplete" }
}
