import BoxLikeJSON
import Foundation

/// What users' JSON needs from the state, read in one actor call and rendered by `UserRepresentation`.
extension ServerState {
    func userMini(_ id: String) -> JSONValue {
        UserRepresentation.mini(id: id, user: users[id])
    }

    func spaceUsed(by userId: String) -> Int {
        items.values.filter { $0.ownerId == userId }.reduce(0) { $0 + ($1.file?.size ?? 0) }
    }

    /// A user with what its full JSON needs from the rest of the state.
    func userView(_ user: UserRecord) -> UserView {
        UserView(user: user, spaceUsed: spaceUsed(by: user.id), origin: origin,
                 enterpriseId: enterpriseId, enterpriseName: enterpriseName)
    }

    /// The views of `users`, in order.
    func userViews(_ users: [UserRecord]) -> [UserView] {
        users.map(userView)
    }

    /// The view of the user with `id`, or `404` when there is none.
    func userView(_ id: String) throws -> UserView {
        userView(try user(id))
    }
}
