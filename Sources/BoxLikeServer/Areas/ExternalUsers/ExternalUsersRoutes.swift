import BoxLikeJSON
import Hummingbird

/// `POST /2.0/external_users/submit_delete_job` (Box API 2025.0, answered only with
/// `box-version: 2025.0`): `207 Multi-Status` with one result per user.
struct ExternalUsersRoutes: ServerArea, ExternalUsersOperations {
    let services: ServerServices

    func submitJobToDeleteExternalUsersV2025R0(_ input: OperationInput) async throws -> Response {
        let entries = try await input.json()["external_users"]?.arrayValue ?? []
        let ids = try entries.map { entry in
            guard let id = entry.idMember else { throw ServerErrorResponse.badRequest("each external user needs an id") }
            return id
        }
        let results = try await state.submitExternalUserDeletion(userIds: ids, principal: input.principal)
        let body: JSONValue = ["entries": .array(results.map { result in
            ["user_id": .string(result.userId), "status": .int(result.status), "detail": .string(result.detail)]
        })]
        return Responses.json(body, status: HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status"))
    }
}
