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
        let agents = await state.aiAgents(modes: list("mode"), states: list("agent_state"))
        let fields = FieldSelection(query: query)
        return Responses.json(paging.page(agents) { Self.select(AiAgentRepresentation.render($0), fields) })
    }

    func createAiAgent(_ input: OperationInput) async throws -> Response {
        let view = try await state.createAiAgent(try await input.json(), principal: input.principal)
        return Responses.json(AiAgentRepresentation.render(view))
    }

    func getAiAgentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("agent_id")
        let fields = FieldSelection(query: input.query)
        return Responses.json(Self.select(AiAgentRepresentation.render(try await state.aiAgent(id)), fields))
    }

    func updateAiAgentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("agent_id")
        let view = try await state.updateAiAgent(id, body: try await input.json(), principal: input.principal)
        return Responses.json(AiAgentRepresentation.render(view))
    }

    func deleteAiAgentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("agent_id")
        try await state.deleteAiAgent(id, principal: input.principal)
        return Responses.empty()
    }

    /// With `fields`, the agent's basic members (which Box always returns) and the listed ones.
    private static func select(_ agent: JSONValue, _ fields: FieldSelection) -> JSONValue {
        guard case .object(let members) = agent, let requested = fields.requested else { return agent }
        let wanted = Set(requested).union(["type", "id", "origin", "name", "access_state"])
        return .object(members.filter { wanted.contains($0.key) })
    }
}
