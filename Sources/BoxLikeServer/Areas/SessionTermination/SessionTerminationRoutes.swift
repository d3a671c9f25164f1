import BoxLikeJSON
import Hummingbird

/// `POST /2.0/users/terminate_sessions` and `POST /2.0/groups/terminate_sessions`: every access
/// and refresh token of the users named (or of the groups' members) stops working at once,
/// so their next request is `401` and their next refresh `invalid_grant`. Box ends sessions
/// in a background job and answers `202`; here the job is done before the answer.
struct SessionTerminationRoutes: ServerArea, SessionTerminationOperations {
    let services: ServerServices

    static let accepted: JSONValue = ["message": "Request is successful, please check the admin events for the status of the job"]

    func terminateUsersSessions(_ input: OperationInput) async throws -> Response {
        let tokens = services.tokens
        let body = try await input.json()
        let userIds = try await state.usersForSessionTermination(
            ids: Self.strings(body["user_ids"]), logins: Self.strings(body["user_logins"]), principal: input.principal)
        await tokens.revokeTokens(ofUsers: userIds)
        return Responses.json(Self.accepted, status: .accepted)
    }

    func terminateGroupsSessions(_ input: OperationInput) async throws -> Response {
        let tokens = services.tokens
        let body = try await input.json()
        let userIds = try await state.usersForSessionTermination(groupIds: Self.strings(body["group_ids"]), principal: input.principal)
        await tokens.revokeTokens(ofUsers: userIds)
        return Responses.json(Self.accepted, status: .accepted)
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let entries)? = value else { return [] }
        return entries.compactMap(\.stringValue)
    }
}
