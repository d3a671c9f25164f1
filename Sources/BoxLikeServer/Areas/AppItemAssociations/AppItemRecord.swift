/// An item a Box app keeps for itself (a Box Canvas, a Hub), which Box associates with the files
/// and folders it is made of; it has a shared link of its own.
struct AppItemRecord: Sendable {
    var id: String
    var applicationType: String
    /// The token of the app item's shared link, `/s/<token>`.
    var sharedLinkToken: String
}

/// An app item associated with a file or folder.
struct AppItemAssociationRecord: Sendable {
    var id: String
    var appItemId: String
    var item: ItemRef
}

/// The app items there are and their associations, by id.
struct AppItemsState: AreaState {
    var appItems: [String: AppItemRecord] = [:]
    var associations: [String: AppItemAssociationRecord] = [:]
}
