import Foundation
import Hummingbird

/// `GET /2.0/enterprise_configurations/{enterprise_id}?categories=...` (Box API 2025.0,
/// answered only with `box-version: 2025.0`).
struct EnterpriseConfigurationsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getEnterpriseConfigurationByIdV2025R0) { request, context, principal in
            let categories = request.uri.queryParameters.getAll("categories")
                .flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            let facts = try await state.enterpriseConfiguration(
                enterpriseId: try context.pathParameter("enterprise_id"), categories: categories, principal: principal)
            return Responses.json(EnterpriseConfigurationRepresentation.configuration(facts))
        }
    }
}
