import BoxLikeJSON
import Foundation

/// AI Studio: agents an enterprise's admins configure, which anyone in the enterprise can use.
extension ServerState {
    /// The capabilities an agent may configure, and the `type` each configuration carries.
    static let aiAgentCapabilities: [String: String] = [
        "ask": "ai_agent_ask", "text_gen": "ai_agent_text_gen", "extract": "ai_agent_extract",
    ]

    private func requireAiStudioAdmin(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only admins can manage AI Studio agents.")
        }
    }

    func createAiAgent(_ body: JSONValue, principal: Principal) throws -> AiAgentView {
        try requireAiStudioAdmin(principal)
        let now = self.currentTime
        var agent = AiAgentRecord(
            id: newId(), name: "", accessState: "", iconReference: nil, allowedEntities: [], capabilities: [:],
            createdBy: principal.userId, createdAt: now, modifiedBy: principal.userId, modifiedAt: now)
        try apply(body, to: &agent)
        self[area: AiStudioState.self].agents[agent.id] = agent
        return aiAgentView(agent)
    }

    func updateAiAgent(_ id: String, body: JSONValue, principal: Principal) throws -> AiAgentView {
        try requireAiStudioAdmin(principal)
        guard var agent = self[area: AiStudioState.self].agents[id] else { throw ServerErrorResponse.notFound("ai_agent") }
        try apply(body, to: &agent)
        agent.modifiedBy = principal.userId
        agent.modifiedAt = currentTime
        self[area: AiStudioState.self].agents[id] = agent
        return aiAgentView(agent)
    }

    func deleteAiAgent(_ id: String, principal: Principal) throws {
        try requireAiStudioAdmin(principal)
        guard self[area: AiStudioState.self].agents.removeValue(forKey: id) != nil else { throw ServerErrorResponse.notFound("ai_agent") }
    }

    func aiAgent(_ id: String) throws -> AiAgentView {
        guard let agent = self[area: AiStudioState.self].agents[id] else { throw ServerErrorResponse.notFound("ai_agent") }
        return aiAgentView(agent)
    }

    /// The agents, by name, optionally only those with a capability in `modes` and an access
    /// state in `states`.
    func aiAgents(modes: Set<String>, states: Set<String>) -> [AiAgentView] {
        self[area: AiStudioState.self].agents.values
            .filter { agent in
                (modes.isEmpty || !modes.isDisjoint(with: agent.capabilities.keys))
                    && (states.isEmpty || states.contains(agent.accessState.lowercased()))
            }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
            .map(aiAgentView)
    }

    /// The agent a Box AI call names by id, once it can serve `mode`.
    func aiAgentForUse(_ id: String, mode: String) throws -> AiAgentRecord {
        guard let agent = self[area: AiStudioState.self].agents[id] else { throw ServerErrorResponse.notFound("ai_agent") }
        guard agent.accessState.lowercased() == "enabled" else {
            throw ServerErrorResponse.badRequest("The AI agent \(id) is disabled.")
        }
        guard agent.capabilities[mode] != nil else {
            throw ServerErrorResponse.badRequest("The AI agent \(id) is not configured for \(mode).")
        }
        return agent
    }

    /// Applies a create or update body: `name`, `access_state` and at least one capability.
    private func apply(_ body: JSONValue, to agent: inout AiAgentRecord) throws {
        guard let name = body["name"]?.stringValue?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw ServerErrorResponse.badRequest("name is required")
        }
        guard let accessState = body["access_state"]?.stringValue, ["enabled", "disabled"].contains(accessState.lowercased()) else {
            throw ServerErrorResponse.badRequest("access_state must be enabled or disabled")
        }
        if self[area: AiStudioState.self].agents.values.contains(where: { $0.id != agent.id && $0.name.lowercased() == name.lowercased() }) {
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

    private func aiAgentView(_ agent: AiAgentRecord) -> AiAgentView {
        AiAgentView(record: agent, createdBy: userMini(agent.createdBy), modifiedBy: userMini(agent.modifiedBy))
    }
}
