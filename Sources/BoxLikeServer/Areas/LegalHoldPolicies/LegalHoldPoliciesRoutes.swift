import BoxLikeJSON
import Hummingbird

extension Scope {
    /// Box's scope for the legal hold endpoints.
    static let legalHolds: Set<String> = ["manage_legal_hold"]
}

/// `/2.0/legal_hold_policies...`: enterprise admins' legal hold matters.
struct LegalHoldPoliciesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        // With a manual clock, a legal hold release or a retention disposition that becomes
        // due is applied as soon as the clock moves, as Box's background jobs would.
        routes.services.configuration.clock.afterEachAdvance { [weak state] previous in
            guard let state else { return false }
            await state.runComplianceJobs(unseenSince: previous)
            return true
        }
        routes.api.serve(.getLegalHoldPolicies) { request, _, principal in
            let policies = try await state.legalHoldPolicies(named: request.query["policy_name"], principal: principal)
            let fields = FieldSelection(query: request.query)
            return Responses.json(try Paging(query: request.query, allowMarker: true).markerPage(policies) {
                LegalHoldPolicyRepresentation.render($0, fields: fields)
            })
        }
        routes.api.serve(.createLegalHoldPolicy) { request, context, principal in
            let policy = try await state.createLegalHoldPolicy(try await context.json(request), principal: principal)
            return Responses.json(LegalHoldPolicyRepresentation.render(policy), status: .created)
        }
        routes.api.resource(
            get: .init(.getLegalHoldPolicyById) { request, _, principal, id in
                let policy = try await state.legalHoldPolicy(id, principal: principal)
                return Responses.json(LegalHoldPolicyRepresentation.render(policy, fields: FieldSelection(query: request.query)))
            },
            put: .init(.updateLegalHoldPolicyById) { request, context, principal, id in
                let policy = try await state.updateLegalHoldPolicy(id, body: try await context.json(request), principal: principal)
                return Responses.json(LegalHoldPolicyRepresentation.render(policy))
            },
            delete: .init(.deleteLegalHoldPolicyById) { _, _, principal, id in
                try await state.deleteLegalHoldPolicy(id, principal: principal)
                return Responses.empty(.accepted)
            }
        )
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
