import BoxLikeJSON
import Foundation

/// An item with what its standard and full JSON need from the rest of the state, read in one
/// actor call (`ServerState.itemView`).
struct ItemView: Sendable {
    var item: ItemRecord
    /// The minis of the folders above the item, outermost first.
    var pathCollection: [JSONValue]
    var createdBy: JSONValue
    var modifiedBy: JSONValue
    var ownedBy: JSONValue
    var parent: JSONValue
    var origin: String
    /// What the viewer may do to a file or folder (what a shared link allows when they reach
    /// it only through one).
    var access: ItemAccess
    var hasCollaborations: Bool
    var isWatermarked: Bool
    /// A folder's children count and the minis of the first 100 (empty unless asked for).
    var childCount: Int
    var children: [JSONValue]
    /// A folder's size when asked for, else 0.
    var folderSize: Int
    /// A file's lock while it is active, with its creator's mini.
    var lock: (record: LockRecord, createdBy: JSONValue)?
    var uploaderName: String
    var dispositionAt: Date?
    /// The item's security classification (`name`, `definition`, `color`), `null` when it has
    /// none or when `fields` did not ask for it.
    var classification: JSONValue = .null
    /// Whether an app item is associated with the item (read only when `fields` asks).
    var isAssociatedWithAppItem = false
}

/// Box's `file`, `folder` and `web_link` JSON in its mini / standard / full variants, built
/// outside the state actor: the members every kind has are built once, then the members of
/// the item's kind are added.
enum ItemRepresentation {
    static let folderStandardKeys: Set<String> = [
        "type", "id", "sequence_id", "etag", "name", "created_at", "modified_at", "description", "size",
        "path_collection", "created_by", "modified_by", "trashed_at", "purged_at", "content_created_at",
        "content_modified_at", "owned_by", "shared_link", "folder_upload_email", "parent", "item_status", "item_collection",
    ]
    static let fileStandardKeys: Set<String> = [
        "type", "id", "sequence_id", "etag", "name", "sha1", "file_version", "description", "size", "path_collection",
        "created_at", "modified_at", "trashed_at", "purged_at", "content_created_at", "content_modified_at",
        "created_by", "modified_by", "owned_by", "shared_link", "parent", "item_status",
    ]
    static let webLinkStandardKeys: Set<String> = [
        "type", "id", "sequence_id", "etag", "name", "url", "parent", "description", "path_collection", "created_at",
        "modified_at", "trashed_at", "purged_at", "created_by", "modified_by", "owned_by", "shared_link", "item_status",
    ]

    /// The members an item has when the request gives no `fields`.
    static func standardKeys(for type: ItemType) -> Set<String> {
        switch type {
        case .folder: folderStandardKeys
        case .file: fileStandardKeys
        case .webLink: webLinkStandardKeys
        }
    }

    // MARK: - Variants

    /// The item in the variant `fields` asks for (standard without `fields`).
    static func render(_ view: ItemView, fields: FieldSelection) -> JSONValue {
        fields.apply(full(view), standard: standardKeys(for: view.item.type))
    }

    /// The mini variant.
    static func mini(_ item: ItemRecord) -> JSONValue {
        .object(miniMembers(item))
    }

    /// The mini variant of an item that no longer exists: just `type` and `id`.
    static func missing(_ ref: ItemRef) -> JSONValue {
        ["type": .string(ref.type.rawValue), "id": .string(ref.id)]
    }

    private static func miniMembers(_ item: ItemRecord) -> [String: JSONValue] {
        if item.isRoot {
            return ["type": "folder", "id": "0", "sequence_id": .null, "etag": .null, "name": "All Files"]
        }
        var object: [String: JSONValue] = [
            "type": .string(item.type.rawValue), "id": .string(item.id), "sequence_id": .string(String(item.sequenceId)),
            "etag": .string(String(item.etag)), "name": .string(item.name),
        ]
        switch item.payload {
        case .folder:
            break
        case .file(let file):
            object["sha1"] = .string(file.currentVersion.content.sha1)
            object["file_version"] = fileVersionMini(file.currentVersion)
        case .webLink(let link):
            object["url"] = .string(link.url)
        }
        return object
    }

    /// Every member the item can have; `fields` only let the state skip costly members.
    private static func full(_ view: ItemView) -> [String: JSONValue] {
        let item = view.item
        var object = miniMembers(item)
        object.merge(sharedMembers(view)) { _, new in new }
        switch item.payload {
        case .folder:
            object.merge(folderMembers(view)) { _, new in new }
        case .file(let file):
            object.merge(fileMembers(view, file)) { _, new in new }
        case .webLink:
            break
        }
        return object
    }

    // MARK: - Members by kind

    /// Members of every kind of item.
    private static func sharedMembers(_ view: ItemView) -> [String: JSONValue] {
        let item = view.item
        return [
            "description": .string(item.description),
            "path_collection": ["total_count": .int(view.pathCollection.count), "entries": .array(view.pathCollection)],
            "created_at": item.isRoot ? .null : Timestamp.json(item.createdAt),
            "modified_at": item.isRoot ? .null : Timestamp.json(item.modifiedAt),
            "trashed_at": Timestamp.json(item.trashedAt), "purged_at": Timestamp.json(item.purgeDate),
            "created_by": item.isRoot ? ["type": "user", "id": "", "name": "", "login": ""] : view.createdBy,
            "modified_by": view.modifiedBy, "owned_by": view.ownedBy,
            // Box shows a trashed item's link as `null`: it works again only once the item is restored.
            "shared_link": item.isTrashed ? .null : sharedLink(item, origin: view.origin),
            "parent": view.parent,
            "item_status": .string(item.itemStatus),
        ]
    }

    /// Whether the item is watermarked, and whether that comes from a folder above it. The local
    /// Box has no Shield access policies, so none applies a watermark.
    private static func watermarkInfo(_ view: ItemView) -> JSONValue {
        [
            "is_watermarked": .bool(view.isWatermarked),
            "is_watermark_inherited": .bool(view.isWatermarked && view.item.watermark == nil),
            "is_watermarked_by_access_policy": false,
        ]
    }

    /// Members of the kinds that can be collaborated on and tagged (files and folders).
    private static func collaborativeMembers(_ view: ItemView) -> [String: JSONValue] {
        let item = view.item
        return [
            "tags": .array(item.tags.map(JSONValue.string)),
            "has_collaborations": .bool(view.hasCollaborations),
            "is_externally_owned": .bool(!view.access.isOwner),
            "is_accessible_via_shared_link": .bool(item.sharedLink != nil),
            "allowed_invitee_roles": .array(view.access.invitableRoles.map { .string($0.rawValue) }),
            "watermark_info": Self.watermarkInfo(view),
            "classification": view.classification,
            "is_associated_with_app_item": .bool(view.isAssociatedWithAppItem),
        ]
    }

    /// What the viewer may do with a file or folder; files add annotation and comment rights.
    /// What the viewer may do with a file or folder, as the policy decides it; files add
    /// annotation, comment and preview rights.
    private static func permissions(_ item: ItemRecord, access: ItemAccess) -> JSONValue {
        var permissions: [String: JSONValue] = [
            "can_delete": .bool(access.allows(.delete)), "can_download": .bool(access.allows(.download)),
            "can_invite_collaborator": .bool(access.allows(.invite)), "can_rename": .bool(access.allows(.rename)),
            "can_set_share_access": .bool(access.allows(.editSharedLink)), "can_share": .bool(access.allows(.share)),
            "can_upload": .bool(item.type == .folder ? access.allows(.upload) : access.allows(.editContent)),
            "can_apply_watermark": .bool(access.allows(.applyWatermark)),
        ]
        if item.type == .file {
            permissions.merge([
                "can_annotate": .bool(access.allows(.comment) && access.allows(.preview)), "can_comment": .bool(access.allows(.comment)),
                "can_preview": .bool(access.allows(.preview)),
                "can_view_annotations_all": .bool(access.allows(.preview)), "can_view_annotations_self": .bool(access.allows(.preview)),
            ]) { _, new in new }
        }
        return .object(permissions)
    }

    private static func folderMembers(_ view: ItemView) -> [String: JSONValue] {
        let folder = view.item
        var object: [String: JSONValue] = [
            "size": .int(view.folderSize),
            "content_created_at": folder.isRoot ? .null : Timestamp.json(folder.createdAt),
            "content_modified_at": folder.isRoot ? .null : Timestamp.json(folder.modifiedAt),
            "folder_upload_email": .null,
            "item_collection": [
                "total_count": .int(view.childCount),
                "entries": .array(view.children),
                "offset": 0, "limit": 100,
                "order": [["by": "type", "direction": "ASC"], ["by": "name", "direction": "ASC"]],
            ],
            "sync_state": "not_synced", "permissions": permissions(folder, access: view.access),
            "can_non_owners_invite": .bool(folder.canNonOwnersInvite),
            "is_collaboration_restricted_to_enterprise": .bool(folder.isCollaborationRestrictedToEnterprise),
            "allowed_shared_link_access_levels": ["open", "company", "collaborators"],
            "can_non_owners_view_collaborators": .bool(folder.canNonOwnersViewCollaborators),
        ]
        object.merge(collaborativeMembers(view)) { _, new in new }
        return object
    }

    private static func fileMembers(_ view: ItemView, _ file: FilePayload) -> [String: JSONValue] {
        let item = view.item
        var object: [String: JSONValue] = [
            "size": .int(file.size),
            "content_created_at": Timestamp.json(file.contentCreatedAt), "content_modified_at": Timestamp.json(file.contentModifiedAt),
            "version_number": .string(String(file.versions.count)), "comment_count": 0,
            "permissions": permissions(item, access: view.access),
            "lock": view.lock.map { lock($0.record, createdBy: $0.createdBy) } ?? .null, "extension": .string(item.fileExtension),
            "is_package": false, "expires_at": .null, "uploader_display_name": .string(view.uploaderName),
            "disposition_at": view.dispositionAt.map(Timestamp.json) ?? .null, "shared_link_permission_options": ["can_preview", "can_download", "can_edit"],
        ]
        object.merge(collaborativeMembers(view)) { _, new in new }
        return object
    }

    // MARK: - Parts

    static func fileVersionMini(_ version: FileVersionRecord) -> JSONValue {
        ["type": "file_version", "id": .string(version.id), "sha1": .string(version.content.sha1)]
    }

    /// The item's shared link; only a file's has a `download_url`.
    static func sharedLink(_ item: ItemRecord, origin: String) -> JSONValue {
        guard let link = item.sharedLink else { return .null }
        let effectivePermission = link.canEdit ? "can_edit" : (link.canDownload ? "can_download" : "can_preview")
        let fileExtension = item.fileExtension
        let downloadURL: JSONValue = item.type == .file
            ? .string("\(origin)/shared/static/\(link.token)" + (fileExtension.isEmpty ? "" : ".\(fileExtension)")) : .null
        return [
            "url": .string("\(origin)/s/\(link.token)"),
            "download_url": downloadURL,
            "vanity_url": link.vanityName.map { .string("\(origin)/v/\($0)") } ?? .null,
            "vanity_name": JSONValue.optional(link.vanityName),
            "access": .string(link.access), "effective_access": .string(link.access),
            "effective_permission": .string(effectivePermission),
            "unshared_at": Timestamp.json(link.unsharedAt), "is_password_enabled": .bool(link.password != nil),
            "permissions": ["can_download": .bool(link.canDownload), "can_preview": .bool(link.canPreview), "can_edit": .bool(link.canEdit)],
            "download_count": 0, "preview_count": 0,
        ]
    }

    /// An active lock.
    static func lock(_ lock: LockRecord, createdBy: JSONValue) -> JSONValue {
        [
            "type": "lock", "id": .string(lock.id), "created_by": createdBy,
            "created_at": Timestamp.json(lock.createdAt), "expired_at": Timestamp.json(lock.expiresAt),
            "is_download_prevented": .bool(lock.isDownloadPrevented), "app_type": .null,
        ]
    }
}
