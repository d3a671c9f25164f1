import BoxLikeJSON
import Hummingbird

/// `/2.0/collaboration_whitelist_entries...` and `/2.0/collaboration_whitelist_exempt_targets...`.
struct AllowlistRoutes: ServerArea, CollaborationAllowlistEntriesOperations, CollaborationAllowlistExemptTargetsOperations {
    let services: ServerServices

    func getCollaborationWhitelistEntries(_ input: OperationInput) async throws -> Response {
        let entries = try await state.withArea(AllowlistState.self) { area, core in try area.allowlistEntries(core: core, principal: input.principal) }
        return Responses.json(try MarkerPage.of(entries.map(AllowlistRepresentation.entry), query: input.query))
    }

    func createCollaborationWhitelistEntry(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let domain = try body.required("domain", as: String.self)
        let direction = try body.required("direction", as: String.self)
        let entry = try await state.withArea(AllowlistState.self) { area, core in try area.addAllowlistEntry(core: core, domain: domain, direction: direction, principal: input.principal) }
        return Responses.json(AllowlistRepresentation.entry(entry), status: .created)
    }

    func getCollaborationWhitelistExemptTargets(_ input: OperationInput) async throws -> Response {
        let exemptions = try await state.withArea(AllowlistState.self) { area, core in try area.allowlistExemptions(core: core, principal: input.principal) }
        return Responses.json(try MarkerPage.of(exemptions.map(AllowlistRepresentation.exemption), query: input.query))
    }

    func createCollaborationWhitelistExemptTarget(_ input: OperationInput) async throws -> Response {
        let userId = try await input.json().required("user.id", as: String.self)
        let exemption = try await state.withArea(AllowlistState.self) { area, core in try area.exemptFromAllowlist(core: core, userId: userId, principal: input.principal) }
        return Responses.json(AllowlistRepresentation.exemption(exemption), status: .created)
    }

    func getCollaborationWhitelistEntryById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("collaboration_whitelist_entry_id")
        let entry = try await state.withArea(AllowlistState.self) { area, core in try area.allowlistEntry(core: core, id, principal: input.principal) }
        return Responses.json(AllowlistRepresentation.entry(entry))
    }

    func deleteCollaborationWhitelistEntryById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("collaboration_whitelist_entry_id")
        try await state.withArea(AllowlistState.self) { area, core in try area.removeAllowlistEntry(core: core, id, principal: input.principal) }
        return Responses.empty()
    }

    func getCollaborationWhitelistExemptTargetById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("collaboration_whitelist_exempt_target_id")
        let exemption = try await state.withArea(AllowlistState.self) { area, core in try area.allowlistExemption(core: core,
            id, principal: input.principal) }
        return Responses.json(AllowlistRepresentation.exemption(exemption))
    }

    func deleteCollaborationWhitelistExemptTargetById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("collaboration_whitelist_exempt_target_id")
        try await state.withArea(AllowlistState.self) { area, core in try area.removeAllowlistExemption(core: core, id, principal: input.principal) }
        return Responses.empty()
    }
}
