import BoxLikeJSON
import Hummingbird

/// `/2.0/collaboration_whitelist_entries...` and `/2.0/collaboration_whitelist_exempt_targets...`.
struct AllowlistRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        AllowlistRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.getCollaborationWhitelistEntries) { request, context, principal in
            let entries = try await state.allowlistEntries(principal: principal)
            return Responses.json(try MarkerPage.of(entries.map(AllowlistRepresentation.entry), query: request.query))
        }
        routes.api.serve(.createCollaborationWhitelistEntry) { request, context, principal in
            let body = try await context.json(request)
            let domain = try body.required("domain", as: String.self)
            let direction = try body.required("direction", as: String.self)
            let entry = try await state.addAllowlistEntry(domain: domain, direction: direction, principal: principal)
            return Responses.json(AllowlistRepresentation.entry(entry), status: .created)
        }
        routes.api.resource(
            get: .init(.getCollaborationWhitelistEntryById) { _, _, principal, id in
                let entry = try await state.allowlistEntry(id, principal: principal)
                return Responses.json(AllowlistRepresentation.entry(entry))
            },
            delete: .init(.deleteCollaborationWhitelistEntryById) { _, _, principal, id in
                try await state.removeAllowlistEntry(id, principal: principal)
                return Responses.empty()
            }
        )
        routes.api.serve(.getCollaborationWhitelistExemptTargets) { request, context, principal in
            let exemptions = try await state.allowlistExemptions(principal: principal)
            return Responses.json(try MarkerPage.of(exemptions.map(AllowlistRepresentation.exemption), query: request.query))
        }
        routes.api.serve(.createCollaborationWhitelistExemptTarget) { request, context, principal in
            let userId = try await context.json(request).required("user.id", as: String.self)
            let exemption = try await state.exemptFromAllowlist(userId: userId, principal: principal)
            return Responses.json(AllowlistRepresentation.exemption(exemption), status: .created)
        }
        routes.api.resource(
            get: .init(.getCollaborationWhitelistExemptTargetById) { _, _, principal, id in
                let exemption = try await state.allowlistExemption(
                    id, principal: principal)
                return Responses.json(AllowlistRepresentation.exemption(exemption))
            },
            delete: .init(.deleteCollaborationWhitelistExemptTargetById) { _, _, principal, id in
                try await state.removeAllowlistExemption(id, principal: principal)
                return Responses.empty()
            }
        )
    }
}
