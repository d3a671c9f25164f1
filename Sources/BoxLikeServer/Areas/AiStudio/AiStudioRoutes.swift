import BoxLikeJSON
import Hummingbird

/// `/2.0/ai_agents...`: AI Studio agents.
struct AiStudioRoutes: ServerArea, AiStudioOperations {
    let services: ServerServices

    func getAiAgents(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let paging = try Paging(query: query, defaultLimit: 20, maximumLimit: 1000, forceMarker: true)
        func list(_ name: String) -> Set<String> {
            Set((query[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        }
        let modes = list("mode"), agentStates = list("agent_state")
        let agents = await state.withArea(AiStudioState.self) { area, core in area.aiAgents(core: core, modes: modes, states: agentStates) }
        let fields = FieldSelection(query: query)
        return Responses.json(paging.page(agents) { Self.select(AiAgentRepresentation.render($0), fields) })
    }

    func createAiAgent(_ input: OperationInput) async throws -> Response {
        let requestBody = try await input.json()
        let view = try await state.withArea(AiStudioState.self) { area, core in try area.createAiAgent(core: core, requestBody, principal: input.principal) }
        return Responses.json(AiAgentRepresentation.render(view))
    }

    func getAiAgentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("agent_id")
        let fields = FieldSelection(query: input.query)
        return Responses.json(Self.select(AiAgentRepresentation.render(try await state.withArea(AiStudioState.self) { area, core in try area.aiAgent(core: core, id) }), fields))
    }

    func updateAiAgentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("agent_id")
        let requestBody = try await input.json()
        let view = try await state.withArea(AiStudioState.self) { area, core in try area.updateAiAgent(core: core, id, body: requestBody, principal: input.principal) }
        return Responses.json(AiAgentRepresentation.render(view))
    }

    func deleteAiAgentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("agent_id")
        try await state.withArea(AiStudioState.self) { area, core in try area.deleteAiAgent(core: core, id, principal: input.principal) }
        return Responses.empty()
    }

    /// With `fields`, the agent's basic members (which Box always returns) and the listed ones.
    private static func select(_ agent: JSONValue, _ fields: FieldSelection) -> JSONValue {
        guard case .object(let members) = agent, let requested = fields.requested else { return agent }
        let wanted = Set(requested).union(["type", "id", "origin", "name", "access_state"])
        return .object(members.filter { wanted.contains($0.key) })
    }
}
