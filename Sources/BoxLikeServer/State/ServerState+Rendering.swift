import BoxLikeJSON
import Foundation

/// JSON representations of records, following Box's mini / standard / full variants.
extension ServerState {
    static let userStandardKeys: Set<String> = [
        "type", "id", "name", "login", "created_at", "modified_at", "language", "timezone", "space_amount",
        "space_used", "max_upload_size", "status", "job_title", "phone", "address", "avatar_url", "notification_email",
    ]
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

    func userMini(_ id: String) -> JSONValue {
        guard let user = users[id] else { return ["type": "user", "id": .string(id), "name": "", "login": ""] }
        return ["type": "user", "id": .string(user.id), "name": .string(user.name), "login": .string(user.login)]
    }

    func spaceUsed(by userId: String) -> Int {
        files.values.filter { $0.ownerId == userId }.reduce(0) { $0 + ($1.current?.content.size ?? 0) }
    }

    func userFull(_ user: UserRecord) -> [String: JSONValue] {
        [
            "type": "user", "id": .string(user.id), "name": .string(user.name), "login": .string(user.login),
            "created_at": Timestamp.json(user.createdAt), "modified_at": Timestamp.json(user.modifiedAt),
            "language": .string(user.language), "timezone": .string(user.timezone),
            "space_amount": .int(user.spaceAmount), "space_used": .int(spaceUsed(by: user.id)),
            "max_upload_size": .int(user.maxUploadSize), "status": .string(user.status),
            "job_title": .string(user.jobTitle), "phone": .string(user.phone), "address": .string(user.address),
            "avatar_url": .string("\(origin)/avatars/\(user.id)"), "notification_email": .null,
            "role": .string(user.role == .admin ? "admin" : "user"),
            "enterprise": ["type": "enterprise", "id": .string(enterpriseId), "name": .string(enterpriseName)],
            "is_platform_access_only": .bool(user.role == .appUser || user.role == .serviceAccount),
            "is_external_collab_restricted": false, "is_exempt_from_device_limits": false,
            "is_exempt_from_login_verification": false, "can_see_managed_users": .bool(user.role == .admin),
            "is_sync_enabled": true, "tracking_codes": [], "my_tags": [], "hostname": .string(origin),
            "external_app_user_id": .null,
        ]
    }

    func renderUser(_ user: UserRecord, fields: FieldSelection) -> JSONValue {
        fields.apply(userFull(user), standard: Self.userStandardKeys)
    }

    func mini(_ item: ItemRef) -> JSONValue {
        switch item.type {
        case .folder:
            guard let folder = folders[item.id] else { break }
            return folderMini(folder)
        case .file:
            guard let file = files[item.id] else { break }
            return fileMini(file)
        case .webLink:
            guard let link = webLinks[item.id] else { break }
            return [
                "type": "web_link", "id": .string(link.id), "sequence_id": .string(String(link.sequenceId)),
                "etag": .string(String(link.etag)), "name": .string(link.name), "url": .string(link.url),
            ]
        }
        return ["type": .string(item.type.rawValue), "id": .string(item.id)]
    }

    func folderMini(_ folder: FolderRecord) -> JSONValue {
        if folder.isRoot {
            return ["type": "folder", "id": "0", "sequence_id": .null, "etag": .null, "name": "All Files"]
        }
        return [
            "type": "folder", "id": .string(folder.id), "sequence_id": .string(String(folder.sequenceId)),
            "etag": .string(String(folder.etag)), "name": .string(folder.name),
        ]
    }

    func fileMini(_ file: FileRecord) -> JSONValue {
        [
            "type": "file", "id": .string(file.id), "sequence_id": .string(String(file.sequenceId)),
            "etag": .string(String(file.etag)), "name": .string(file.name), "sha1": .string(file.current?.content.sha1 ?? ""),
            "file_version": fileVersionMini(file.current),
        ]
    }

    func fileVersionMini(_ version: FileVersionRecord?) -> JSONValue {
        guard let version else { return .null }
        return ["type": "file_version", "id": .string(version.id), "sha1": .string(version.content.sha1)]
    }

    func pathCollection(for parentId: String?) -> JSONValue {
        var entries: [JSONValue] = []
        var current = parentId
        while let id = current, let folder = folders[id] {
            entries.insert(folderMini(folder), at: 0)
            current = folder.parentId
        }
        return ["total_count": .int(entries.count), "entries": .array(entries)]
    }

    func folderSize(_ id: String) -> Int {
        children(of: id).reduce(0) { total, child in
            switch child.type {
            case .file: return total + (files[child.id]?.current?.content.size ?? 0)
            case .folder: return total + folderSize(child.id)
            case .webLink: return total
            }
        }
    }

    func sharedLinkJSON(_ link: SharedLinkRecord?, isFile: Bool, fileExtension: String = "") -> JSONValue {
        guard let link else { return .null }
        let effectivePermission = link.canEdit ? "can_edit" : (link.canDownload ? "can_download" : "can_preview")
        return [
            "url": .string("\(origin)/s/\(link.token)"),
            "download_url": isFile ? .string("\(origin)/shared/static/\(link.token)" + (fileExtension.isEmpty ? "" : ".\(fileExtension)")) : .null,
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

    func folderFull(_ folder: FolderRecord, viewer: String, fields: FieldSelection = FieldSelection(requested: nil)) -> [String: JSONValue] {
        let level = accessLevel(of: viewer, to: ItemRef(type: .folder, id: folder.id)) ?? .viewer
        let canWrite = level >= .editor
        let isOwner = level == .owner
        // Listing children and summing sizes walk the tree, so skip them when not asked for.
        let wantsCollection = fields.wants("item_collection", standard: Self.folderStandardKeys)
        let entries = wantsCollection ? children(of: folder.id) : []
        var object: [String: JSONValue] = folderMini(folder).objectValue ?? [:]
        object.merge([
            "created_at": folder.isRoot ? .null : Timestamp.json(folder.createdAt),
            "modified_at": folder.isRoot ? .null : Timestamp.json(folder.modifiedAt),
            "description": .string(folder.description),
            "size": fields.wants("size", standard: Self.folderStandardKeys) ? .int(folderSize(folder.id)) : 0,
            "path_collection": pathCollection(for: folder.parentId),
            "created_by": folder.isRoot ? ["type": "user", "id": "", "name": "", "login": ""] : userMini(folder.createdBy),
            "modified_by": userMini(folder.modifiedBy),
            "trashed_at": .null, "purged_at": .null,
            "content_created_at": folder.isRoot ? .null : Timestamp.json(folder.createdAt),
            "content_modified_at": folder.isRoot ? .null : Timestamp.json(folder.modifiedAt),
            "owned_by": userMini(folder.ownerId),
            "shared_link": sharedLinkJSON(folder.sharedLink, isFile: false), "folder_upload_email": .null,
            "parent": folder.parentId.flatMap { folders[$0] }.map(folderMini) ?? .null,
            "item_status": "active",
            "item_collection": [
                "total_count": .int(entries.count),
                "entries": .array(entries.prefix(100).map { mini($0) }),
                "offset": 0, "limit": 100,
                "order": [["by": "type", "direction": "ASC"], ["by": "name", "direction": "ASC"]],
            ],
            "sync_state": "not_synced", "has_collaborations": .bool(hasCollaborations(ItemRef(type: .folder, id: folder.id))),
            "permissions": [
                "can_delete": .bool(canWrite && !folder.isRoot), "can_download": true, "can_invite_collaborator": .bool(canWrite),
                "can_rename": .bool(canWrite && !folder.isRoot), "can_set_share_access": .bool(canWrite),
                "can_share": .bool(canWrite), "can_upload": .bool(canWrite),
            ],
            "tags": .array(folder.tags.map(JSONValue.string)), "can_non_owners_invite": true,
            "is_externally_owned": .bool(!isOwner), "is_collaboration_restricted_to_enterprise": false,
            "allowed_shared_link_access_levels": ["open", "company", "collaborators"],
            "allowed_invitee_roles": ["editor", "viewer", "previewer", "uploader", "previewer uploader", "viewer uploader", "co-owner"],
            "watermark_info": ["is_watermarked": false], "is_accessible_via_shared_link": .bool(folder.sharedLink != nil),
            "can_non_owners_view_collaborators": true,
        ]) { _, new in new }
        return object
    }

    func renderFolder(_ folder: FolderRecord, viewer: String, fields: FieldSelection) -> JSONValue {
        fields.apply(folderFull(folder, viewer: viewer, fields: fields), standard: Self.folderStandardKeys)
    }

    func fileFull(_ file: FileRecord, viewer: String) -> [String: JSONValue] {
        let level = accessLevel(of: viewer, to: ItemRef(type: .file, id: file.id)) ?? .viewer
        let canWrite = level >= .editor
        var object: [String: JSONValue] = fileMini(file).objectValue ?? [:]
        object.merge([
            "description": .string(file.description), "size": .int(file.current?.content.size ?? 0),
            "path_collection": pathCollection(for: file.parentId),
            "created_at": Timestamp.json(file.createdAt), "modified_at": Timestamp.json(file.modifiedAt),
            "trashed_at": .null, "purged_at": .null,
            "content_created_at": Timestamp.json(file.contentCreatedAt), "content_modified_at": Timestamp.json(file.contentModifiedAt),
            "created_by": userMini(file.createdBy), "modified_by": userMini(file.modifiedBy), "owned_by": userMini(file.ownerId),
            "shared_link": sharedLinkJSON(file.sharedLink, isFile: true, fileExtension: file.fileExtension),
            "parent": folders[file.parentId].map(folderMini) ?? .null, "item_status": "active",
            "version_number": .string(String(file.versions.count)), "comment_count": 0,
            "permissions": [
                "can_delete": .bool(canWrite), "can_download": true, "can_invite_collaborator": .bool(canWrite),
                "can_rename": .bool(canWrite), "can_set_share_access": .bool(canWrite), "can_share": .bool(canWrite),
                "can_annotate": .bool(canWrite), "can_comment": true, "can_preview": true, "can_upload": .bool(canWrite),
                "can_view_annotations_all": true, "can_view_annotations_self": true,
            ],
            "tags": .array(file.tags.map(JSONValue.string)), "lock": lockJSON(file.lock), "extension": .string(file.fileExtension),
            "is_package": false, "expires_at": .null, "uploader_display_name": .string(users[file.createdBy]?.name ?? ""),
            "has_collaborations": .bool(hasCollaborations(ItemRef(type: .file, id: file.id))),
            "is_externally_owned": .bool(level != .owner), "is_accessible_via_shared_link": .bool(file.sharedLink != nil),
            "allowed_invitee_roles": ["editor", "viewer", "previewer", "uploader", "previewer uploader", "viewer uploader", "co-owner"],
            "watermark_info": ["is_watermarked": false], "disposition_at": .null,
            "shared_link_permission_options": ["can_preview", "can_download", "can_edit"],
        ]) { _, new in new }
        return object
    }

    func lockJSON(_ lock: LockRecord?) -> JSONValue {
        guard let lock, lock.isActive else { return .null }
        return [
            "type": "lock", "id": .string(lock.id), "created_by": userMini(lock.createdBy),
            "created_at": Timestamp.json(lock.createdAt), "expired_at": Timestamp.json(lock.expiresAt),
            "is_download_prevented": .bool(lock.isDownloadPrevented), "app_type": .null,
        ]
    }

    func renderFile(_ file: FileRecord, viewer: String, fields: FieldSelection) -> JSONValue {
        fields.apply(fileFull(file, viewer: viewer), standard: Self.fileStandardKeys)
    }

    func webLinkFull(_ link: WebLinkRecord) -> [String: JSONValue] {
        var object = mini(ItemRef(type: .webLink, id: link.id)).objectValue ?? [:]
        object.merge([
            "parent": folders[link.parentId].map(folderMini) ?? .null, "description": .string(link.description),
            "path_collection": pathCollection(for: link.parentId), "created_at": Timestamp.json(link.createdAt),
            "modified_at": Timestamp.json(link.modifiedAt), "trashed_at": .null, "purged_at": .null,
            "created_by": userMini(link.createdBy), "modified_by": userMini(link.modifiedBy), "owned_by": userMini(link.ownerId),
            "shared_link": .null, "item_status": "active",
        ]) { _, new in new }
        return object
    }

    /// Any item, in the variant `fields` asks for.
    func render(_ item: ItemRef, viewer: String, fields: FieldSelection) -> JSONValue {
        switch item.type {
        case .folder: return folders[item.id].map { renderFolder($0, viewer: viewer, fields: fields) } ?? .null
        case .file: return files[item.id].map { renderFile($0, viewer: viewer, fields: fields) } ?? .null
        case .webLink: return webLinks[item.id].map { fields.apply(webLinkFull($0), standard: Self.webLinkStandardKeys) } ?? .null
        }
    }

    func renderCollaboration(_ collaboration: CollaborationRecord) -> JSONValue {
        [
            "type": "collaboration", "id": .string(collaboration.id), "item": mini(collaboration.item),
            "accessible_by": userMini(collaboration.userId), "invite_email": .null, "role": .string(collaboration.role),
            "expires_at": Timestamp.json(collaboration.expiresAt), "is_access_only": false,
            "status": .string(collaboration.status), "acknowledged_at": Timestamp.json(collaboration.createdAt),
            "created_by": userMini(collaboration.createdBy), "created_at": Timestamp.json(collaboration.createdAt),
            "modified_at": Timestamp.json(collaboration.modifiedAt),
        ]
    }

    func renderWebhook(_ webhook: WebhookRecord) -> JSONValue {
        [
            "type": "webhook", "id": .string(webhook.id),
            "target": ["type": .string(webhook.target.type.rawValue), "id": .string(webhook.target.id)],
            "created_by": userMini(webhook.createdBy), "created_at": Timestamp.json(webhook.createdAt),
            "address": .string(webhook.address), "triggers": .array(webhook.triggers.map(JSONValue.string)),
        ]
    }

    func renderEvent(_ event: EventRecord) -> JSONValue {
        [
            "type": "event", "event_id": .string(event.id), "created_by": userMini(event.createdBy),
            "created_at": Timestamp.json(event.createdAt), "recorded_at": Timestamp.json(event.createdAt),
            "event_type": .string(event.eventType), "session_id": .string(String(event.id.prefix(8))),
            "source": event.source.map { item -> JSONValue in exists(item) ? mini(item) : ["type": .string(item.type.rawValue), "id": .string(item.id)] } ?? .null,
            "additional_details": .null,
        ]
    }
}
