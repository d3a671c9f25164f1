import BoxLikeJSON
import Hummingbird

/// `POST /2.0/users/terminate_sessions` and `POST /2.0/groups/terminate_sessions`: every access
/// and refresh token of the users named (or of the groups' members) stops working at once,
/// so their next request is `401` and their next refresh `invalid_grant`. Box ends sessions
/// in a background job and answers `202`; here the job is done before the answer.
struct SessionTerminationRoutes: ServerArea {
    static let accepted: JSONValue = ["message": "Request is successful, please check the admin events for the status of the job"]

    static func register(on routes: ServerRoutes) {
        let state = routes.state
        let tokens = routes.services.tokens
        routes.api.serve(.terminateUsersSessions) { request, context, principal in
            let body = try await context.json(request)
            let userIds = try await state.usersForSessionTermination(
                ids: strings(body["user_ids"]), logins: strings(body["user_logins"]), principal: principal)
            await tokens.revokeTokens(ofUsers: userIds)
            return Responses.json(accepted, status: .accepted)
        }
        routes.api.serve(.terminateGroupsSessions) { request, context, principal in
            let body = try await context.json(request)
            let userIds = try await state.usersForSessionTermination(groupIds: strings(body["group_ids"]), principal: principal)
            await tokens.revokeTokens(ofUsers: userIds)
            return Responses.json(accepted, status: .accepted)
        }
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let entries)? = value else { return [] }
        return entries.compactMap(\.stringValue)
    }
}
