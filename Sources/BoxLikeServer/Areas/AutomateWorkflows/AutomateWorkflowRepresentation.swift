import BoxLikeJSON

/// A workflow action with the mini of its creator.
struct AutomateWorkflowActionView: Sendable {
    var action: AutomateWorkflowActionRecord
    var creator: JSONValue
}

/// The JSON of an Automate workflow action, as Box renders it.
enum AutomateWorkflowRepresentation {
    static func render(_ view: AutomateWorkflowActionView) -> JSONValue {
        let action = view.action
        return [
            "type": "workflow_action", "id": .string(action.id), "action_type": "run_workflow",
            "workflow": ["type": "workflow", "id": .string(action.workflowId), "name": .string(action.workflowName)],
            "created_at": Timestamp.json(action.createdAt), "updated_at": Timestamp.json(action.createdAt),
            "created_by": view.creator, "updated_by": view.creator,
        ]
    }
}
