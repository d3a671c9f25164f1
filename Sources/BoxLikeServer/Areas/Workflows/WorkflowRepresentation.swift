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
        return [
            "type": "workflow", "id": .string(workflow.id), "name": .string(workflow.name),
            "description": .string(workflow.description), "is_enabled": .bool(workflow.isEnabled),
            "flows": .array(workflow.flows.map { flow in
                [
                    "type": "flow", "id": .string(flow.id),
                    "trigger": [
                        "type": "trigger", "trigger_type": .string(flow.triggerType),
                        "scope": [["type": "trigger_scope", "ref": "/event/source", "object": ["type": "folder", "id": .string(workflow.folderId)]]],
                    ],
                    "outcomes": .array(flow.outcomes.map { outcome in
                        [
                            "type": "outcome", "id": .string(outcome.id), "name": .string(outcome.name),
                            "action_type": .string(outcome.actionType), "if_rejected": [],
                        ]
                    }),
                    "created_at": Timestamp.json(flow.createdAt), "created_by": view.creators[flow.createdBy] ?? .null,
                ]
            }),
        ]
    }
}
