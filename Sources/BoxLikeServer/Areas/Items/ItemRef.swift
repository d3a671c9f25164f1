/// Kinds of item that live in the folder tree; the raw value is the API's `type`.
enum ItemType: String, Sendable, Hashable {
    case file
    case folder
    case webLink = "web_link"

    /// Where the kind comes in a folder listing: folders, then files, then web links.
    var listingRank: Int {
        switch self {
        case .folder: 0
        case .file: 1
        case .webLink: 2
        }
    }
}

/// A reference to an item by type and (internal) id.
struct ItemRef: Sendable, Hashable {
    var type: ItemType
    var id: String

    static func folder(_ id: String) -> ItemRef { ItemRef(type: .folder, id: id) }
    static func file(_ id: String) -> ItemRef { ItemRef(type: .file, id: id) }
}
