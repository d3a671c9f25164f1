import BoxLikeJSON

/// The `user` minis a representation needs, looked up inside the state actor in the same
/// call that returned the records, so rendering can happen outside it.
struct UserMinis: Sendable {
    private var minis: [String: JSONValue] = [:]

    init(_ minis: [String: JSONValue]) {
        self.minis = minis
    }

    /// The mini of `id`; a user that no longer exists still renders with its id.
    subscript(_ id: String?) -> JSONValue {
        guard let id else { return .null }
        return minis[id] ?? ["type": "user", "id": .string(id)]
    }
}

extension ServerState {
    /// The minis of `ids`, for rendering outside the actor.
    func userMinis(_ ids: [String?]) -> UserMinis {
        var minis: [String: JSONValue] = [:]
        for case let id? in ids where minis[id] == nil { minis[id] = userMini(id) }
        return UserMinis(minis)
    }
}
