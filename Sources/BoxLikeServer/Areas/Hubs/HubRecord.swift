import Foundation

/// A Box Hub: a titled page of curated content, owned by the user who created it.
struct HubRecord: Sendable {
    var id: String
    var title: String
    var description: String
    var ownerId: String
    var createdAt: Date
    var updatedBy: String
    var updatedAt: Date
    var viewCount = 0
    var isAiEnabled = true
    var isCollaborationRestrictedToEnterprise = false
    var canNonOwnersInvite = true
    var canSharedLinkBeCreated = true
    var canPublicSharedLinkBeCreated = true
    var copyHubAccess = "all"
    /// The hub's document: its pages, in order.
    var pages: [HubPageRecord] = []
    /// The blocks of all pages, in order of appearance.
    var blocks: [HubBlockRecord] = []
    /// The content shown in the hub, in the order it was added.
    var items: [HubItemPlacement] = []
}

/// A page of a hub's document.
struct HubPageRecord: Sendable {
    var id: String
    var parentId: String?
    var title: String
}

/// A block of a hub page: text (`paragraph`, `section_title`, `callout_box`), a `divider`, or
/// an `item_list` that holds hub items.
struct HubBlockRecord: Sendable {
    var id: String
    var pageId: String
    var parentId: String?
    var kind: String
    var fragment: String?
}

/// An item shown in a hub, inside one of its item list blocks.
struct HubItemPlacement: Sendable, Equatable {
    var item: ItemRef
    var listBlockId: String
}

/// Who may do what in a hub: a role of a hub collaboration, or ownership.
enum HubAccess: Int, Comparable, Sendable {
    case viewer = 1
    case editor = 2
    case coOwner = 3
    case owner = 4

    /// The access a collaboration role grants; `nil` for a role Box does not know.
    init?(role: String) {
        switch role {
        case "viewer": self = .viewer
        case "editor": self = .editor
        case "co-owner": self = .coOwner
        default: return nil
        }
    }

    static func < (lhs: HubAccess, rhs: HubAccess) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A user's or group's access to a hub.
struct HubCollaborationRecord: Sendable {
    var id: String
    var hubId: String
    var userId: String?
    var groupId: String?
    var role: String
    var status = "accepted"
    var createdBy: String
    var createdAt: Date
}

/// The hubs and hub collaborations there are, by id.
struct HubsState: AreaState {
    var hubs: [String: HubRecord] = [:]
    var collaborations: [String: HubCollaborationRecord] = [:]
}
