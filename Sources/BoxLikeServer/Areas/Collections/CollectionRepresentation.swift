import BoxLikeJSON

/// Box's `collection` JSON, built outside the state actor.
enum CollectionRepresentation {
    /// The user's Favorites collection, the only collection Box has.
    static func favorites(id: String) -> JSONValue {
        ["type": "collection", "id": .string(id), "name": "Favorites", "collection_type": "favorites"]
    }
}
