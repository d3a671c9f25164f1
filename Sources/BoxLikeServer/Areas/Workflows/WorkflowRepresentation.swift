import BoxLikeJSON

/// A workflow with the minis of its flows' creators.
struct WorkflowView: Sendable {
    var workflow: WorkflowRecord
    /// The creator of each flow, by user id.
    var creators: [String: JSONValue]
}

/// The JSON of a workflow, as Box renders it.
enum WorkflowRepresentation {
    static func render(_ view: WorkflowView) -> JSONValue {
        let workflow = view.workflow
        let flows: [JSONValue] = workflow.flows.map { render($0, folderId: workflow.folderId, creator: view.creators[$0.createdBy]) }
        return [
            "type": "workflow", "id": .string(workflow.id), "name": .string(workflow.name),
            "description": .string(workflow.description), "is_enabled": .bool(workflow.isEnabled), "flows": .array(flows),
        ]
    }

    static func render(_ flow: WorkflowRecord.Flow, folderId: String, creator: JSONValue?) -> JSONValue {
        let scope: JSONValue = ["type": "trigger_scope", "ref": "/event/source", "object": ["type": "folder", "id": .string(folderId)]]
        let trigger: JSONValue = ["type": "trigger", "trigger_type": .string(flow.triggerType), "scope": .array([scope])]
        return [
            "type": "flow", "id": .string(flow.id), "trigger": trigger, "outcomes": .array(flow.outcomes.map { render($0) }),
            "created_at": Timestamp.json(flow.createdAt), "created_by": creator ?? .null,
        ]
    }

    static func render(_ outcome: WorkflowRecord.Outcome) -> JSONValue {
        [
            "type": "outcome", "id": .string(outcome.id), "name": .string(outcome.name),
            "action_type": .string(outcome.actionType), "if_rejected": .array([]),
        ]
    }
}
