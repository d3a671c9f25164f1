/// Box's collaboration roles and what each lets a collaborator do to an item.
///
/// The table follows Box's published "Understanding Collaborator Permission Levels" page
/// (support.box.com, article 360044196413); the README's local-Box section reproduces it.
/// Roles are inherited down the folder tree, and a user who holds several (directly, through
/// groups, on a folder and on one above it) may do whatever any of them allows.
enum CollaborationRole: String, CaseIterable, Sendable {
    case owner
    case coOwner = "co-owner"
    case editor
    case viewerUploader = "viewer uploader"
    case previewerUploader = "previewer uploader"
    case viewer
    case previewer
    case uploader

    /// The roles a collaboration can be created with (`owner` transfers ownership instead).
    static let grantable: [CollaborationRole] = allCases.filter { $0 != .owner }

    /// Whether the role lets its holder do `action` (before folder and user settings apply).
    func allows(_ action: ItemAction) -> Bool {
        switch self {
        case .owner: true
        case .coOwner: action != .transferOwnership
        case .editor: !Self.ownerOnly.contains(action) && action != .manageSettings
        case .viewerUploader: Self.viewerUploaderActions.contains(action)
        case .previewerUploader: Self.previewerUploaderActions.contains(action)
        case .viewer: Self.viewerActions.contains(action)
        case .previewer: Self.previewerActions.contains(action)
        case .uploader: Self.uploaderActions.contains(action)
        }
    }

    /// The roles this role may give others: owners and co-owners any but `owner`, editors up
    /// to `editor`; nobody else invites.
    var invitableRoles: [CollaborationRole] {
        switch self {
        case .owner, .coOwner: Self.grantable
        case .editor: Self.grantable.filter { $0 != .coOwner }
        default: []
        }
    }

    private static let ownerOnly: Set<ItemAction> = [.transferOwnership]
    private static let viewerActions: Set<ItemAction> = [.view, .preview, .download, .copy, .comment, .share, .viewCollaborators]
    private static let previewerActions: Set<ItemAction> = [.view, .preview, .comment, .viewCollaborators]
    private static let uploaderActions: Set<ItemAction> = [.view, .upload, .createFolder, .editMetadata, .viewCollaborators]
    private static let previewerUploaderActions: Set<ItemAction> = previewerActions.union([.upload, .createFolder, .editMetadata])
    private static let viewerUploaderActions: Set<ItemAction> = viewerActions.union([.upload, .createFolder, .editMetadata, .editContent, .lock])
}

/// What a caller may want to do to an item; each route asks the policy for the one it does.
enum ItemAction: String, CaseIterable, Sendable {
    /// See the item's information and its place in a folder listing.
    case view
    /// See the content in a preview: representations, thumbnails, embed links.
    case preview
    /// Fetch the content: downloads, zip downloads, copies of the bytes.
    case download
    /// Add files to a folder.
    case upload
    /// Create a folder inside a folder.
    case createFolder
    /// Replace a file's content with a new version, or promote an old one.
    case editContent
    /// Change the name or description.
    case rename
    /// Move to another folder.
    case move
    /// Copy somewhere else.
    case copy
    /// Move to the trash, or delete for good.
    case delete
    /// Comment, create tasks.
    case comment
    /// Create a shared link or send a view-only link.
    case share
    /// Change a shared link's access, password, expiry or permissions, or remove it.
    case editSharedLink
    /// Add collaborators, change or remove existing ones.
    case invite
    /// See the item's collaborators.
    case viewCollaborators
    /// Add, change or remove metadata instances and other item data.
    case editMetadata
    /// Add or change tags.
    case tag
    /// Lock or unlock a file.
    case lock
    /// Restore from the trash.
    case restore
    /// Make another user the owner.
    case transferOwnership
    /// Create or change a folder's file requests.
    case fileRequest
    /// Apply or remove a watermark.
    case applyWatermark
    /// Change a folder's collaboration settings (`can_non_owners_invite`, ...).
    case manageSettings
}

/// Box's user statuses as they limit content work (`inactive` users cannot sign in at all).
enum UserStatusLimit {
    /// Whether a user of `status` may do `action` to content they can otherwise reach.
    static func allows(_ action: ItemAction, status: String) -> Bool {
        switch status {
        case "cannot_delete_edit": !editing.contains(action)
        case "cannot_delete_edit_upload": !editing.contains(action) && !uploading.contains(action)
        case "inactive": false
        default: true
        }
    }

    private static let editing: Set<ItemAction> = [.editContent, .rename, .move, .delete, .editMetadata, .lock, .restore, .editSharedLink]
    private static let uploading: Set<ItemAction> = [.upload, .createFolder, .copy]
}

/// What one user may do to one item: the roles they hold on it, the folder's settings and
/// their own status, decided together.
struct ItemAccess: Sendable {
    /// The roles the user holds on the item (`owner` when it is theirs).
    var roles: Set<CollaborationRole>
    /// The user's status (`active`, `cannot_delete_edit`, ...).
    var userStatus: String
    /// The nearest folder's `can_non_owners_invite` setting (files take their folder's).
    var nonOwnersMayInvite: Bool
    /// The folder's `can_non_owners_view_collaborators` setting.
    var nonOwnersMayViewCollaborators: Bool
    /// Whether the item is a root folder, which nobody renames, moves or deletes.
    var isRoot: Bool
    /// For someone who reaches the item only through a shared link: exactly what the link
    /// allows, in place of roles.
    var linkActions: Set<ItemAction>?

    var isOwner: Bool { roles.contains(.owner) }
    /// Whether the user owns or co-owns the item.
    var isOwnerLike: Bool { roles.contains(.owner) || roles.contains(.coOwner) }

    /// Whether the user may do `action`.
    func allows(_ action: ItemAction) -> Bool {
        guard UserStatusLimit.allows(action, status: userStatus) else { return false }
        if let linkActions { return linkActions.contains(action) }
        if isRoot, [.rename, .move, .delete, .copy, .transferOwnership].contains(action) { return false }
        switch action {
        case .invite where !nonOwnersMayInvite: return isOwnerLike
        case .viewCollaborators where !nonOwnersMayViewCollaborators: return isOwnerLike
        default: return roles.contains { $0.allows(action) }
        }
    }

    /// The roles the user may give a new collaborator, or change a collaborator to.
    var invitableRoles: [CollaborationRole] {
        guard allows(.invite) else { return [] }
        let granted = Set(roles.flatMap(\.invitableRoles))
        return CollaborationRole.grantable.filter(granted.contains)
    }
}
