import BoxLikeJSON
import Foundation

/// Collections (each user has one, Favorites) and recent items, which are read from the
/// user's own events: the latest interaction with each item in the last 90 days.
extension CollectionsState {
    static let recentItemsWindow: TimeInterval = 90 * 24 * 60 * 60

    /// The id of a user's Favorites collection.
    mutating func favoritesCollectionId(core: isolated ServerState, for userId: String) -> String { "7" + userId }

    /// Checks that `id` names one of the caller's collections (only Favorites exists) and returns it.
    mutating func collection(core: isolated ServerState, _ id: String, principal: Principal) throws -> String {
        guard id == favoritesCollectionId(core: core, for: principal.userId) else { throw ServerErrorResponse.notFound("collection") }
        return id
    }

    /// Puts the item in exactly the listed collections of the user.
    mutating func setCollections(core: isolated ServerState, _ ids: [String], of ref: ItemRef, for userId: String) throws {
        let favorites = favoritesCollectionId(core: core, for: userId)
        for id in ids where id != favorites { throw ServerErrorResponse.notFound("collection") }
        var list = self.favorites[userId, default: []].filter { $0 != ref }
        if ids.contains(favorites) { list.append(ref) }
        self.favorites[userId] = list
    }

    /// The visible, active items of a collection, by name.
    mutating func collectionItems(core: isolated ServerState, _ id: String, principal: Principal) throws -> [ItemRecord] {
        _ = try collection(core: core, id, principal: principal)
        return self.favorites[principal.userId, default: []].compactMap { try? core.item($0, for: principal) }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// The user's latest interaction with each item they can still see, newest first.
}
