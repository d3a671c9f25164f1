import BoxLikeJSON

/// A task with what its JSON needs from the rest of the state.
struct TaskView: Sendable {
    var task: TaskRecord
    var item: JSONValue
    var createdBy: JSONValue
    var assignments: [TaskAssignmentView]
    var isCompleted: Bool
}

/// Box's `task` JSON, built outside the state actor.
enum TaskRepresentation {
    static func render(_ view: TaskView) -> JSONValue {
        let record = view.task
        return [
            "type": "task", "id": .string(record.id), "item": view.item,
            "due_at": Timestamp.json(record.dueAt), "action": .string(record.action.rawValue),
            "message": .string(record.message),
            "task_assignment_collection": TaskAssignmentRepresentation.collection(view.assignments),
            "is_completed": .bool(view.isCompleted),
            "created_by": view.createdBy, "created_at": Timestamp.json(record.createdAt),
            "completion_rule": .string(record.completionRule.rawValue),
        ]
    }
}
