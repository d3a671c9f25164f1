import BoxLikeJSON

/// Deleting external users (Box API 2025.0): an admin asks for users outside the enterprise
/// to be removed from the enterprise's content, and gets one result per user.
///
/// This server's users all belong to its one enterprise, so a user it knows is never
/// external: such a request is answered per user with `400` for a member of the enterprise
/// and `404` for an id no user has, as Box answers those users inside a `207`.
extension ServerState {
    /// One result of a deletion request, as `entries` lists it.
    struct ExternalUserDeletion: Sendable {
        var userId: String
        var status: Int
        var detail: String
    }

    func submitExternalUserDeletion(userIds: [String], principal: Principal) throws -> [ExternalUserDeletion] {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may delete external users.")
        }
        guard !userIds.isEmpty else { throw ServerErrorResponse.badRequest("external_users must list at least one user") }
        return userIds.map { id in
            if users[id] == nil {
                return ExternalUserDeletion(userId: id, status: 404, detail: "User not found")
            }
            return ExternalUserDeletion(userId: id, status: 400, detail: "User is a member of the enterprise, not an external user")
        }
    }
}
