import Foundation

/// The changes a `PUT` on an item (or a shared-link route) asks for.
struct ItemUpdate {
    var name: String?
    var description: String?
    var parentApiId: String?
    /// `parent.user_id`: the item goes to this user's root folder and becomes theirs
    /// (`parentApiId` is then `0`).
    var parentUserId: String?
    var sharedLink: SharedLinkChange = .unchanged
    var tags: [String]?
    /// Only web links have a URL; other kinds ignore it.
    var url: String?
    var ifMatch: String?
    /// Only files have locks; other kinds ignore it.
    var lock: LockChange = .unchanged
    /// The caller's collections the item should be in (personal: needs no write access).
    var collections: [String]?
    /// A later end for a file's retention (`disposition_at`), set by its owner.
    var dispositionAt: Date?
    /// A folder's collaboration settings (`can_non_owners_invite`, ...).
    var canNonOwnersInvite: Bool?
    var canNonOwnersViewCollaborators: Bool?
    var isCollaborationRestrictedToEnterprise: Bool?

    var changesSettings: Bool {
        canNonOwnersInvite != nil || canNonOwnersViewCollaborators != nil || isCollaborationRestrictedToEnterprise != nil
    }

    /// What the update asks to do, each checked by the policy: a new name or description is a
    /// rename, a new parent a move, tags edit metadata, a new shared link sharing and a change
    /// to an existing one editing it.
    func actions(on item: ItemRecord) -> [ItemAction] {
        var actions: [ItemAction] = []
        if name != nil || description != nil || url != nil { actions.append(.rename) }
        if parentApiId != nil { actions.append(.move) }
        if tags != nil { actions.append(.tag) }
        if changesLock { actions.append(.lock) }
        if changesSettings { actions.append(.manageSettings) }
        if dispositionAt != nil { actions.append(.editContent) }
        switch sharedLink {
        case .unchanged: break
        case .remove: actions.append(.editSharedLink)
        case .set(_, let password, let unsharedAt, let canDownload, let canEdit, let vanityName):
            let onlyCreates = item.sharedLink == nil && password == nil && unsharedAt == nil && canDownload == nil
                && canEdit == nil && vanityName == nil
            actions.append(onlyCreates ? .share : .editSharedLink)
        }
        return actions
    }

    var changesSharing: Bool {
        if case .unchanged = sharedLink { return false }
        return true
    }

    var changesLock: Bool {
        if case .unchanged = lock { return false }
        return true
    }

    var changesAnything: Bool {
        name != nil || description != nil || parentApiId != nil || tags != nil || url != nil || changesSharing || changesLock
            || dispositionAt != nil || changesSettings
    }

    enum LockChange {
        case unchanged
        case remove
        case set(expiresAt: Date?, isDownloadPrevented: Bool)
    }

    enum SharedLinkChange {
        case unchanged
        case remove
        case set(access: String?, password: String??, unsharedAt: Date??, canDownload: Bool?, canEdit: Bool?, vanityName: String??)
    }
}
