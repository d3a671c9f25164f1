import Foundation
import Hummingbird

/// `GET /2.0/enterprise_configurations/{enterprise_id}?categories=...` (Box API 2025.0,
/// answered only with `box-version: 2025.0`).
struct EnterpriseConfigurationsRoutes: ServerArea, EnterpriseConfigurationsOperations {
    let services: ServerServices

    func getEnterpriseConfigurationByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let categories = input.request.uri.queryParameters.getAll("categories")
            .flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let facts = try await state.enterpriseConfiguration(
            enterpriseId: try input.path("enterprise_id"), categories: categories, principal: input.principal)
        return Responses.json(EnterpriseConfigurationRepresentation.configuration(facts))
    }
}
