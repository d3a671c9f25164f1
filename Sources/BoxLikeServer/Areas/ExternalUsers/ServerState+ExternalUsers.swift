import BoxLikeJSON

/// Deleting external users (Box API 2025.0): an admin asks for users outside the enterprise
/// to be removed from the enterprise's content, and gets one result per user.
///
/// An external user (``UserRecord/isExternal``) is answered `202`, and the job runs at once:
/// their collaborations on the enterprise's content (items enterprise users own) end, and
/// the admin logs record each removal. A member of the enterprise is answered `400` and an id
/// no user has `404`, as Box answers those users inside the `207`.
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
            guard let user = users[id] else {
                return ExternalUserDeletion(userId: id, status: 404, detail: "User not found")
            }
            guard user.isExternal else {
                return ExternalUserDeletion(userId: id, status: 400, detail: "User is a member of the enterprise, not an external user")
            }
            removeFromEnterpriseContent(user, by: principal.userId)
            return ExternalUserDeletion(userId: id, status: 202, detail: "The external user's removal from the enterprise's content was accepted")
        }
    }

    /// Makes a user of another enterprise, as someone who signs up elsewhere and is then
    /// invited to this enterprise's content (`409` when the login is taken).
    func makeExternalUser(name: String, login: String) throws -> UserRecord {
        guard user(login: login) == nil else {
            throw ServerErrorResponse(.conflict, code: "user_login_already_used", message: "A user already has this login")
        }
        let id = newId()
        let now = currentTime
        var user = UserRecord(
            id: id, name: name, login: login, password: TokenRegistry.randomToken(length: 24), role: .user, createdAt: now,
            modifiedAt: now, rootFolderId: makeRootFolder(for: id))
        user.isExternal = true
        users[id] = user
        return user
    }

    /// Ends every collaboration `user` has on content an enterprise user owns.
    private func removeFromEnterpriseContent(_ user: UserRecord, by adminId: String) {
        let ended = collaborations.values.filter { collaboration in
            guard collaboration.userId == user.id, let owner = items[collaboration.item]?.ownerId else { return false }
            return users[owner]?.isExternal == false
        }
        for collaboration in ended {
            collaborations[collaboration.id] = nil
            recordEvent("COLLAB_REMOVE_COLLABORATOR", by: adminId, source: collaboration.item, aboutUser: user)
        }
    }
}
