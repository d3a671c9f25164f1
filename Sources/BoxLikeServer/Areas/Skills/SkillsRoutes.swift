import BoxLikeJSON
import Hummingbird

/// Box Skills: `/2.0/files/{id}/metadata/global/boxSkillsCards` and `PUT /2.0/skill_invocations/{id}`.
struct SkillsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getBoxSkillCardsOnFile) { _, context, principal in
            Responses.json(try await state.skillCards(onFile: try context.pathParameter("file_id"), principal: principal))
        }
        routes.api.serve(.createBoxSkillCardsOnFile) { request, context, principal in
            let cards = try await context.json(request).required("cards", as: [JSONValue].self)
            let instance = try await state.createSkillCards(onFile: try context.pathParameter("file_id"), cards: cards, principal: principal)
            return Responses.json(instance, status: .created)
        }
        routes.api.serve(.updateBoxSkillCardsOnFile) { request, context, principal in
            guard let operations = try await context.json(request).arrayValue else {
                throw ServerErrorResponse.badRequest("request body must be a JSON Patch array")
            }
            return Responses.json(
                try await state.updateSkillCards(onFile: try context.pathParameter("file_id"), operations: operations, principal: principal))
        }
        routes.api.serve(.deleteBoxSkillCardsFromFile) { _, context, principal in
            try await state.deleteSkillCards(onFile: try context.pathParameter("file_id"), principal: principal)
            return Responses.empty()
        }
        routes.api.serve(.updateAllSkillCardsOnFile) { request, context, principal in
            let body = try await context.json(request)
            let status = try body.required("status", as: String.self)
            // The spec requires `file` but not its `id`, so this stays a rule of the handler.
            guard let fileId = body["file"]?["id"].flatMap({ String(validated: $0) }) else {
                throw ServerErrorResponse.badRequest("file.id is required")
            }
            try await state.reportSkillInvocation(
                skillId: try context.pathParameter("skill_id"), fileId: fileId, fileVersionId: body["file_version"]?.idMember,
                status: status, cards: body["metadata"]?["cards"]?.arrayValue, usage: body["usage"], principal: principal)
            return Responses.empty(.ok)
        }
    }
}
