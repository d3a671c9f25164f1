import Foundation

/// What this area keeps for itself in the state actor.
struct CollectionsState: AreaState {
    /// Each user's Favorites collection, in the order items were added.
    var favorites: [String: [ItemRef]] = [:]
}
