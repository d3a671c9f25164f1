import BoxLikeJSON
import Hummingbird

extension Scope {
    /// Box's scope for the legal hold endpoints.
    static let legalHolds: Set<String> = ["manage_legal_hold"]
}

/// `/2.0/legal_hold_policies...`: enterprise admins' legal hold matters.
struct LegalHoldPoliciesRoutes: ServerArea, LegalHoldPoliciesOperations {
    let services: ServerServices

    func getLegalHoldPolicies(_ input: OperationInput) async throws -> Response {
        let policies = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.legalHoldPolicies(core: core, named: input.query["policy_name"], principal: input.principal) }
        let fields = FieldSelection(query: input.query)
        return Responses.json(try Paging(query: input.query, allowMarker: true).markerPage(policies) {
            LegalHoldPolicyRepresentation.render($0, fields: fields)
        })
    }

    func createLegalHoldPolicy(_ input: OperationInput) async throws -> Response {
        let requestBody = try await input.json()
        let policy = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.createLegalHoldPolicy(core: core, requestBody, principal: input.principal) }
        return Responses.json(LegalHoldPolicyRepresentation.render(policy), status: .created)
    }

    func getLegalHoldPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("legal_hold_policy_id")
        let policy = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.legalHoldPolicy(core: core, id, principal: input.principal) }
        return Responses.json(LegalHoldPolicyRepresentation.render(policy, fields: FieldSelection(query: input.query)))
    }

    func updateLegalHoldPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("legal_hold_policy_id")
        let requestBody = try await input.json()
        let policy = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.updateLegalHoldPolicy(core: core, id, body: requestBody, principal: input.principal) }
        return Responses.json(LegalHoldPolicyRepresentation.render(policy))
    }

    func deleteLegalHoldPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("legal_hold_policy_id")
        try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.deleteLegalHoldPolicy(core: core, id, principal: input.principal) }
        return Responses.empty(.accepted)
    }

    /// With a manual clock, a legal hold release or a retention disposition that becomes due
    /// is applied as soon as the clock moves, as Box's background jobs would.
    func scheduleComplianceJobs() {
        services.configuration.clock.afterEachAdvance { [weak state] previous in
            guard let state else { return false }
            await state.runComplianceJobs(unseenSince: previous)
            await state.purgeExpiredTrash()
            return true
        }
    }
}

extension Paging {
    /// A marker-paged page of `items`, rendered: `entries`, `limit`, `next_marker` and
    /// `prev_marker`, as Box's compliance lists answer.
    func markerPage<T>(_ items: [T], render: (T) -> JSONValue) -> JSONValue {
        var paging = self
        paging.usesMarker = true
        return paging.page(items, render: render)
    }
}
