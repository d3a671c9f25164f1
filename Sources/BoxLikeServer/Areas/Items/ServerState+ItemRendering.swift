import BoxLikeJSON
import Foundation

/// JSON representations of items, following Box's mini / standard / full variants: the members
/// every kind has are built once, then the members of the item's kind are added.
extension ServerState {
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

    static let allowedInviteeRoles: JSONValue = [
        "editor", "viewer", "previewer", "uploader", "previewer uploader", "viewer uploader", "co-owner",
    ]

    // MARK: - Variants

    /// Any item, in the variant `fields` asks for; `null` when it does not exist.
    func render(_ ref: ItemRef, viewer: String, fields: FieldSelection) -> JSONValue {
        items[ref].map { render($0, viewer: viewer, fields: fields) } ?? .null
    }

    /// The item in the variant `fields` asks for (standard without `fields`).
    func render(_ item: ItemRecord, viewer: String, fields: FieldSelection) -> JSONValue {
        fields.apply(full(item, viewer: viewer, fields: fields), standard: Self.standardKeys(for: item.type))
    }

    /// The mini variant, or just `type` and `id` for an item that no longer exists.
    func mini(_ ref: ItemRef) -> JSONValue {
        items[ref].map { mini($0) } ?? ["type": .string(ref.type.rawValue), "id": .string(ref.id)]
    }

    func mini(_ item: ItemRecord) -> JSONValue {
        .object(miniMembers(item))
    }

    private func miniMembers(_ item: ItemRecord) -> [String: JSONValue] {
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

    /// Every member the item can have; `fields` only lets costly members be skipped.
    private func full(_ item: ItemRecord, viewer: String, fields: FieldSelection) -> [String: JSONValue] {
        var object = miniMembers(item)
        object.merge(sharedMembers(item)) { _, new in new }
        switch item.payload {
        case .folder:
            object.merge(folderMembers(item, viewer: viewer, fields: fields)) { _, new in new }
        case .file(let file):
            object.merge(fileMembers(item, file, viewer: viewer)) { _, new in new }
        case .webLink:
            break
        }
        return object
    }

    // MARK: - Members by kind

    /// Members of every kind of item.
    private func sharedMembers(_ item: ItemRecord) -> [String: JSONValue] {
        [
            "description": .string(item.description),
            "path_collection": pathCollection(for: item.parentId),
            "created_at": item.isRoot ? .null : Timestamp.json(item.createdAt),
            "modified_at": item.isRoot ? .null : Timestamp.json(item.modifiedAt),
            "trashed_at": Timestamp.json(item.trashedAt), "purged_at": Timestamp.json(item.purgeDate),
            "created_by": item.isRoot ? ["type": "user", "id": "", "name": "", "login": ""] : userMini(item.createdBy),
            "modified_by": userMini(item.modifiedBy), "owned_by": userMini(item.ownerId),
            "shared_link": sharedLinkJSON(item),
            "parent": item.parentId.flatMap { items[.folder($0)] }.map { mini($0) } ?? .null,
            "item_status": .string(item.itemStatus),
        ]
    }

    /// Members of the kinds that can be collaborated on and tagged (files and folders).
    private func collaborativeMembers(_ item: ItemRecord, level: AccessLevel) -> [String: JSONValue] {
        [
            "tags": .array(item.tags.map(JSONValue.string)),
            "has_collaborations": .bool(hasCollaborations(item.ref)),
            "is_externally_owned": .bool(level != .owner),
            "is_accessible_via_shared_link": .bool(item.sharedLink != nil),
            "allowed_invitee_roles": Self.allowedInviteeRoles,
            "watermark_info": ["is_watermarked": .bool(isWatermarked(item.ref))],
        ]
    }

    /// What the viewer may do with a file or folder; files add annotation and comment rights.
    private func permissions(_ item: ItemRecord, level: AccessLevel) -> JSONValue {
        let canWrite = level >= .editor
        var permissions: [String: JSONValue] = [
            "can_delete": .bool(canWrite && !item.isRoot), "can_download": true, "can_invite_collaborator": .bool(canWrite),
            "can_rename": .bool(canWrite && !item.isRoot), "can_set_share_access": .bool(canWrite),
            "can_share": .bool(canWrite), "can_upload": .bool(canWrite),
        ]
        if item.type == .file {
            permissions.merge([
                "can_annotate": .bool(canWrite), "can_comment": true, "can_preview": true,
                "can_view_annotations_all": true, "can_view_annotations_self": true,
            ]) { _, new in new }
        }
        return .object(permissions)
    }

    private func folderMembers(_ folder: ItemRecord, viewer: String, fields: FieldSelection) -> [String: JSONValue] {
        let level = accessLevel(of: viewer, to: folder.ref) ?? .viewer
        // Listing children and summing sizes walk the tree, so skip them when not asked for.
        let wantsCollection = fields.wants("item_collection", standard: Self.folderStandardKeys)
        let entries = wantsCollection ? children(of: folder.id) : []
        var object: [String: JSONValue] = [
            "size": fields.wants("size", standard: Self.folderStandardKeys) ? .int(size(of: folder)) : 0,
            "content_created_at": folder.isRoot ? .null : Timestamp.json(folder.createdAt),
            "content_modified_at": folder.isRoot ? .null : Timestamp.json(folder.modifiedAt),
            "folder_upload_email": .null,
            "item_collection": [
                "total_count": .int(entries.count),
                "entries": .array(entries.prefix(100).map { mini($0) }),
                "offset": 0, "limit": 100,
                "order": [["by": "type", "direction": "ASC"], ["by": "name", "direction": "ASC"]],
            ],
            "sync_state": "not_synced", "permissions": permissions(folder, level: level), "can_non_owners_invite": true,
            "is_collaboration_restricted_to_enterprise": false,
            "allowed_shared_link_access_levels": ["open", "company", "collaborators"],
            "can_non_owners_view_collaborators": true,
        ]
        object.merge(collaborativeMembers(folder, level: level)) { _, new in new }
        return object
    }

    private func fileMembers(_ item: ItemRecord, _ file: FilePayload, viewer: String) -> [String: JSONValue] {
        let level = accessLevel(of: viewer, to: item.ref) ?? .viewer
        var object: [String: JSONValue] = [
            "size": .int(file.size),
            "content_created_at": Timestamp.json(file.contentCreatedAt), "content_modified_at": Timestamp.json(file.contentModifiedAt),
            "version_number": .string(String(file.versions.count)), "comment_count": 0,
            "permissions": permissions(item, level: level),
            "lock": lockJSON(file.lock), "extension": .string(item.fileExtension),
            "is_package": false, "expires_at": .null, "uploader_display_name": .string(users[item.createdBy]?.name ?? ""),
            "disposition_at": retentionDispositionDate(of: item).map(Timestamp.json) ?? .null, "shared_link_permission_options": ["can_preview", "can_download", "can_edit"],
        ]
        object.merge(collaborativeMembers(item, level: level)) { _, new in new }
        return object
    }

    // MARK: - Parts

    func fileVersionMini(_ version: FileVersionRecord) -> JSONValue {
        ["type": "file_version", "id": .string(version.id), "sha1": .string(version.content.sha1)]
    }

    /// The folders above an item, outermost first.
    func pathCollection(for parentId: String?) -> JSONValue {
        var entries: [JSONValue] = []
        var current = parentId
        while let id = current, let folder = items[.folder(id)] {
            entries.insert(mini(folder), at: 0)
            current = folder.parentId
        }
        return ["total_count": .int(entries.count), "entries": .array(entries)]
    }

    /// The item's shared link; only a file's has a `download_url`.
    func sharedLinkJSON(_ item: ItemRecord) -> JSONValue {
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

    func hasCollaborations(_ item: ItemRef) -> Bool {
        collaborations.values.contains { $0.item == item }
    }

    func lockJSON(_ lock: LockRecord?) -> JSONValue {
        guard let lock, lock.isActive(at: currentTime) else { return .null }
        return [
            "type": "lock", "id": .string(lock.id), "created_by": userMini(lock.createdBy),
            "created_at": Timestamp.json(lock.createdAt), "expired_at": Timestamp.json(lock.expiresAt),
            "is_download_prevented": .bool(lock.isDownloadPrevented), "app_type": .null,
        ]
    }
}
