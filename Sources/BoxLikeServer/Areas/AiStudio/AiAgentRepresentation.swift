import BoxLikeJSON
import Foundation

/// An agent with the user minis its rendering needs.
struct AiAgentView: Sendable {
    var record: AiAgentRecord
    var createdBy: JSONValue
    var modifiedBy: JSONValue
}

/// The JSON of AI Studio agents, rendered outside the state actor.
enum AiAgentRepresentation {
    static func render(_ view: AiAgentView) -> JSONValue {
        let agent = view.record
        var object: [String: JSONValue] = [
            "type": "ai_agent", "id": .string(agent.id), "origin": "CUSTOM", "name": .string(agent.name),
            "access_state": .string(agent.accessState), "icon_reference": .optional(agent.iconReference),
            "allowed_entities": .array(agent.allowedEntities), "created_by": view.createdBy,
            "created_at": Timestamp.json(agent.createdAt), "modified_by": view.modifiedBy,
            "modified_at": Timestamp.json(agent.modifiedAt),
        ]
        for (key, type) in AiStudioState.aiAgentCapabilities {
            guard case .object(var configuration)? = agent.capabilities[key] else { continue }
            configuration["type"] = .string(type)
            if configuration["access_state"] == nil { configuration["access_state"] = .string(agent.accessState) }
            if configuration["description"] == nil { configuration["description"] = "" }
            object[key] = .object(configuration)
        }
        return .object(object)
    }
}
