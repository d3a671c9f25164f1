import BoxLikeJSON
import Hummingbird

/// Box Skills: `/2.0/files/{id}/metadata/global/boxSkillsCards` and `PUT /2.0/skill_invocations/{id}`.
struct SkillsRoutes: ServerArea, SkillsOperations {
    let services: ServerServices

    func getBoxSkillCardsOnFile(_ input: OperationInput) async throws -> Response {
        Responses.json(try await state.withArea(SkillsState.self) { area, core in try area.skillCards(core: core, onFile: try input.path("file_id"), principal: input.principal) })
    }

    func createBoxSkillCardsOnFile(_ input: OperationInput) async throws -> Response {
        let cards = try await input.json().required("cards", as: [JSONValue].self)
        let instance = try await state.withArea(SkillsState.self) { area, core in try area.createSkillCards(core: core, onFile: try input.path("file_id"), cards: cards, principal: input.principal) }
        return Responses.json(instance, status: .created)
    }

    func updateBoxSkillCardsOnFile(_ input: OperationInput) async throws -> Response {
        guard let operations = try await input.json().arrayValue else {
            throw ServerErrorResponse.badRequest("request body must be a JSON Patch array")
        }
        return Responses.json(
            try await state.withArea(SkillsState.self) { area, core in try area.updateSkillCards(core: core, onFile: try input.path("file_id"), operations: operations, principal: input.principal) })
    }

    func deleteBoxSkillCardsFromFile(_ input: OperationInput) async throws -> Response {
        try await state.withArea(SkillsState.self) { area, core in try area.deleteSkillCards(core: core, onFile: try input.path("file_id"), principal: input.principal) }
        return Responses.empty()
    }

    func updateAllSkillCardsOnFile(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let status = try body.required("status", as: String.self)
        // The spec requires `file` but not its `id`, so this stays a rule of the handler.
        guard let fileId = body["file"]?["id"].flatMap({ String(validated: $0) }) else {
            throw ServerErrorResponse.badRequest("file.id is required")
        }
        try await state.withArea(SkillsState.self) { area, core in try area.reportSkillInvocation(core: core,
            skillId: try input.path("skill_id"), fileId: fileId, fileVersionId: body["file_version"]?.idMember,
            status: status, cards: body["metadata"]?["cards"]?.arrayValue, usage: body["usage"], principal: input.principal) }
        return Responses.empty(.ok)
    }
}
