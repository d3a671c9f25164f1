import BoxLikeJSON
import Hummingbird

/// `/2.0/ai_agents...`: AI Studio agents.
struct AiStudioRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getAiAgents) { request, _, _ in
            let query = request.query
            let paging = try Paging(query: query, defaultLimit: 20, maximumLimit: 1000, forceMarker: true)
            func list(_ name: String) -> Set<String> {
                Set((query[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            }
            let agents = await state.aiAgents(modes: list("mode"), states: list("agent_state"))
            let fields = FieldSelection(query: query)
            return Responses.json(paging.page(agents) { Self.select(AiAgentRepresentation.render($0), fields) })
        }
        routes.api.serve(.createAiAgent) { request, context, principal in
            let view = try await state.createAiAgent(try await context.json(request), principal: principal)
            return Responses.json(AiAgentRepresentation.render(view))
        }
        routes.api.resource(
            get: .init(.getAiAgentById) { request, _, _, id in
                let fields = FieldSelection(query: request.query)
                return Responses.json(Self.select(AiAgentRepresentation.render(try await state.aiAgent(id)), fields))
            },
            put: .init(.updateAiAgentById) { request, context, principal, id in
                let view = try await state.updateAiAgent(id, body: try await context.json(request), principal: principal)
                return Responses.json(AiAgentRepresentation.render(view))
            },
            delete: .init(.deleteAiAgentById) { _, _, principal, id in
                try await state.deleteAiAgent(id, principal: principal)
                return Responses.empty()
            })
    }

    /// With `fields`, the agent's basic members (which Box always returns) and the listed ones.
    private static func select(_ agent: JSONValue, _ fields: FieldSelection) -> JSONValue {
        guard case .object(let members) = agent, let requested = fields.requested else { return agent }
        let wanted = Set(requested).union(["type", "id", "origin", "name", "access_state"])
        return .object(members.filter { wanted.contains($0.key) })
    }
}
