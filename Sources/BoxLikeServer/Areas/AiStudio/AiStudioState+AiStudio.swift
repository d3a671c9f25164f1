import BoxLikeJSON
import Foundation

/// AI Studio: agents an enterprise's admins configure, which anyone in the enterprise can use.
extension AiStudioState {
    /// The capabilities an agent may configure, and the `type` each configuration carries.
    static let aiAgentCapabilities: [String: String] = [
        "ask": "ai_agent_ask", "text_gen": "ai_agent_text_gen", "extract": "ai_agent_extract",
    ]

    private mutating func requireAiStudioAdmin(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only admins can manage AI Studio agents.")
        }
    }

    mutating func createAiAgent(core: isolated ServerState, _ body: JSONValue, principal: Principal) throws -> AiAgentView {
        try requireAiStudioAdmin(core: core, principal)
        let now = core.currentTime
        var agent = AiAgentRecord(
            id: core.newId(), name: "", accessState: "", iconReference: nil, allowedEntities: [], capabilities: [:],
            createdBy: principal.userId, createdAt: now, modifiedBy: principal.userId, modifiedAt: now)
        try apply(core: core, body, to: &agent)
        self.agents[agent.id] = agent
        return aiAgentView(core: core, agent)
    }

    mutating func updateAiAgent(core: isolated ServerState, _ id: String, body: JSONValue, principal: Principal) throws -> AiAgentView {
        try requireAiStudioAdmin(core: core, principal)
        guard var agent = self.agents[id] else { throw ServerErrorResponse.notFound("ai_agent") }
        try apply(core: core, body, to: &agent)
        agent.modifiedBy = principal.userId
        agent.modifiedAt = core.currentTime
        self.agents[id] = agent
        return aiAgentView(core: core, agent)
    }

    mutating func deleteAiAgent(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try requireAiStudioAdmin(core: core, principal)
        guard self.agents.removeValue(forKey: id) != nil else { throw ServerErrorResponse.notFound("ai_agent") }
    }

    mutating func aiAgent(core: isolated ServerState, _ id: String) throws -> AiAgentView {
        guard let agent = self.agents[id] else { throw ServerErrorResponse.notFound("ai_agent") }
        return aiAgentView(core: core, agent)
    }

    /// The agents, by name, optionally only those with a capability in `modes` and an access
    /// state in `states`.
    mutating func aiAgents(core: isolated ServerState, modes: Set<String>, states: Set<String>) -> [AiAgentView] {
        self.agents.values
            .filter { agent in
                (modes.isEmpty || !modes.isDisjoint(with: agent.capabilities.keys))
                    && (states.isEmpty || states.contains(agent.accessState.lowercased()))
            }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
            .map { aiAgentView(core: core, $0) }
    }

    /// The agent a Box AI call names by id, once it can serve `mode`.
    mutating func aiAgentForUse(core: isolated ServerState, _ id: String, mode: String) throws -> AiAgentRecord {
        guard let agent = self.agents[id] else { throw ServerErrorResponse.notFound("ai_agent") }
        guard agent.accessState.lowercased() == "enabled" else {
            throw ServerErrorResponse.badRequest("The AI agent \(id) is disabled.")
        }
        guard agent.capabilities[mode] != nil else {
            throw ServerErrorResponse.badRequest("The AI agent \(id) is not configured for \(mode).")
        }
        return agent
    }

    /// Applies a create or update body: `name`, `access_state` and at least one capability.
    private mutating func apply(core: isolated ServerState, _ body: JSONValue, to agent: inout AiAgentRecord) throws {
        guard let name = body["name"]?.stringValue?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw ServerErrorResponse.badRequest("name is required")
        }
        guard let accessState = body["access_state"]?.stringValue, ["enabled", "disabled"].contains(accessState.lowercased()) else {
            throw ServerErrorResponse.badRequest("access_state must be enabled or disabled")
        }
        if self.agents.values.contains(where: { $0.id != agent.id && $0.name.lowercased() == name.lowercased() }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "An AI agent named \(name) already exists")
        }
        var capabilities: [String: JSONValue] = [:]
        for (key, type) in Self.aiAgentCapabilities {
            guard let value = body[key], value.objectValue != nil else { continue }
            if let given = value["type"]?.stringValue, given != type {
                throw ServerErrorResponse.badRequest("\(key).type must be \(type)")
            }
            capabilities[key] = value
        }
        guard !capabilities.isEmpty else {
            throw ServerErrorResponse.badRequest("an agent needs at least one of ask, text_gen or extract")
        }
        agent.name = name
        agent.accessState = accessState.lowercased()
        agent.iconReference = body["icon_reference"]?.stringValue
        agent.allowedEntities = body["allowed_entities"]?.arrayValue ?? []
        agent.capabilities = capabilities
    }

    private mutating func aiAgentView(core: isolated ServerState, _ agent: AiAgentRecord) -> AiAgentView {
        AiAgentView(record: agent, createdBy: core.userMini(agent.createdBy), modifiedBy: core.userMini(agent.modifiedBy))
    }
}
