import BoxLikeJSON

/// A task assignment with what its JSON needs from the rest of the state.
struct TaskAssignmentView: Sendable {
    var assignment: TaskAssignmentRecord
    /// The task's file, or `null` once the task is gone.
    var item: JSONValue
    var assignedTo: JSONValue
    var assignedBy: JSONValue
}

/// Box's `task_assignment` JSON and its collection, built outside the state actor.
enum TaskAssignmentRepresentation {
    static func render(_ view: TaskAssignmentView) -> JSONValue {
        let record = view.assignment
        return [
            "type": "task_assignment", "id": .string(record.id), "item": view.item,
            "assigned_to": view.assignedTo, "assigned_by": view.assignedBy,
            "message": .string(record.message), "resolution_state": .string(record.resolutionState),
            "assigned_at": Timestamp.json(record.assignedAt), "completed_at": Timestamp.json(record.completedAt),
            "reminded_at": .null,
        ]
    }

    static func collection(_ views: [TaskAssignmentView]) -> JSONValue {
        ["total_count": .int(views.count), "entries": .array(views.map(render))]
    }
}
