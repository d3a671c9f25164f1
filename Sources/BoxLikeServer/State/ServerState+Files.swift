import Foundation
import HTTPTypes

extension ServerState {
    func makeFile(
        name: String, parentId: String, actor: String, content: StoredContent, contentCreatedAt: Date? = nil,
        contentModifiedAt: Date? = nil, description: String = ""
    ) -> FileRecord {
        let now = Date()
        let version = FileVersionRecord(id: newId(), content: content, name: name, createdAt: now, modifiedBy: actor)
        let file = FileRecord(
            id: newId(), name: name, description: description, parentId: parentId,
            ownerId: folders[parentId]?.ownerId ?? actor, createdBy: actor, modifiedBy: actor, createdAt: now,
            modifiedAt: now, contentCreatedAt: contentCreatedAt ?? now, contentModifiedAt: contentModifiedAt ?? contentCreatedAt ?? now,
            versions: [version])
        files[file.id] = file
        touch(folderId: parentId, by: actor)
        recordEvent("ITEM_UPLOAD", by: actor, source: ItemRef(type: .file, id: file.id))
        return file
    }

    /// Checks that a new file named `name` may be created in `parentApiId`; returns the parent.
    func preflightNewFile(name: String, parentApiId: String, size: Int?, principal: Principal) throws -> FolderRecord {
        try validateName(name)
        let parent = try folder(parentApiId, for: principal, write: true)
        try ensureNameFree(name, in: parent.id)
        if let size, let user = users[principal.userId], size > user.maxUploadSize {
            throw ServerErrorResponse(.contentTooLarge, code: "file_size_limit_exceeded", message: "File is too big")
        }
        return parent
    }

    func createFile(
        name: String, parentApiId: String, content: StoredContent, contentCreatedAt: Date?, contentModifiedAt: Date?, description: String?,
        principal: Principal
    ) throws -> FileRecord {
        let parent = try preflightNewFile(name: name, parentApiId: parentApiId, size: content.size, principal: principal)
        return makeFile(
            name: name, parentId: parent.id, actor: principal.userId, content: content, contentCreatedAt: contentCreatedAt,
            contentModifiedAt: contentModifiedAt,
            description: description ?? "")
    }

    func uploadVersion(fileId: String, content: StoredContent, name: String?, ifMatch: String?, contentModifiedAt: Date?, principal: Principal) throws -> FileRecord {
        var file = try file(fileId, for: principal, write: true)
        try checkEtag(ifMatch, current: file.etag)
        try checkLock(file, principal: principal)
        if let name, name != file.name {
            try validateName(name)
            try ensureNameFree(name, in: file.parentId, except: ItemRef(type: .file, id: file.id))
            file.name = name
        }
        let now = Date()
        file.versions.append(FileVersionRecord(id: newId(), content: content, name: file.name, createdAt: now, modifiedBy: principal.userId))
        file.etag += 1
        file.sequenceId += 1
        file.modifiedAt = now
        file.contentModifiedAt = contentModifiedAt ?? now
        file.modifiedBy = principal.userId
        files[file.id] = file
        touch(folderId: file.parentId, by: principal.userId)
        recordEvent("ITEM_UPLOAD", by: principal.userId, source: ItemRef(type: .file, id: file.id))
        return file
    }

    func updateFile(_ id: String, _ update: ItemUpdate, principal: Principal) throws -> FileRecord {
        var file = try file(id, for: principal)
        try checkEtag(update.ifMatch, current: file.etag)
        let ref = ItemRef(type: .file, id: file.id)
        try checkLock(file, principal: principal)
        let placement = try placement(of: ref, name: file.name, parentId: file.parentId, update: update, principal: principal)
        file.name = placement.name
        file.parentId = placement.parentId ?? file.parentId
        var events = placement.events
        switch update.lock {
        case .unchanged: break
        case .remove:
            if file.lock != nil { events.append("LOCK_DESTROY") }
            file.lock = nil
        case .set(let expiresAt, let isDownloadPrevented):
            file.lock = LockRecord(
                id: newId(), createdBy: principal.userId, createdAt: Date(), expiresAt: expiresAt,
                isDownloadPrevented: isDownloadPrevented)
            events.append("LOCK_CREATE")
        }
        try applyCommonChanges(update, to: &file, by: principal.userId, events: &events)
        files[file.id] = file
        for event in events.isEmpty ? ["ITEM_MODIFY"] : events { recordEvent(event, by: principal.userId, source: ref) }
        return file
    }

    func deleteFile(_ id: String, ifMatch: String?, principal: Principal) throws {
        let file = try file(id, for: principal, write: true)
        try checkEtag(ifMatch, current: file.etag)
        try checkLock(file, principal: principal)
        let ref = ItemRef(type: .file, id: id)
        recordEvent("ITEM_TRASH", by: principal.userId, source: ref)
        removeItemData(ref)
        files[id] = nil
        touch(folderId: file.parentId, by: principal.userId)
    }

    /// A file locked by someone else cannot be changed (Box answers 423 Locked).
    func checkLock(_ file: FileRecord, principal: Principal) throws {
        guard let lock = file.lock, lock.isActive, lock.createdBy != principal.userId else { return }
        throw ServerErrorResponse(HTTPResponse.Status(code: 423, reasonPhrase: "Locked"), code: "locked", message: "The file is locked by another user")
    }

    func copyFile(_ id: String, toParent parentApiId: String, name: String?, principal: Principal) throws -> FileRecord {
        let source = try file(id, for: principal)
        let parent = try folder(parentApiId, for: principal, write: true)
        let newName = name ?? source.name
        try validateName(newName)
        try ensureNameFree(newName, in: parent.id)
        return copyFileRecord(source, into: parent.id, name: newName, actor: principal.userId)
    }

    func copyFileRecord(_ source: FileRecord, into parentId: String, name: String, actor: String) -> FileRecord {
        // Content is immutable and shared by reference, so a copy costs no bytes.
        guard let content = source.current?.content else { return source }
        var copy = makeFile(name: name, parentId: parentId, actor: actor, content: content, contentCreatedAt: source.contentCreatedAt,
            contentModifiedAt: source.contentModifiedAt)
        copy.description = source.description
        copy.tags = source.tags
        files[copy.id] = copy
        return copy
    }

    // MARK: - Downloads

    enum DownloadOutcome {
        case notReady
        case ticket(String)
    }

    func prepareDownload(fileId: String, versionId: String?, principal: Principal) throws -> DownloadOutcome {
        let file = try file(fileId, for: principal)
        if let lock = file.lock, lock.isActive, lock.isDownloadPrevented, lock.createdBy != principal.userId {
            throw ServerErrorResponse.forbidden("Downloads of this file are prevented by its lock", code: "access_denied_item_locked")
        }
        if let remaining = notReadyDownloads[fileId], remaining > 0 {
            notReadyDownloads[fileId] = remaining - 1
            return .notReady
        }
        let version: FileVersionRecord?
        if let versionId {
            version = file.versions.first { $0.id == versionId }
        } else {
            version = file.current
        }
        guard let version else { throw ServerErrorResponse.notFound("file_version") }
        let token = TokenRegistry.randomToken(length: 40)
        downloadTickets[token] = DownloadTicket(fileId: file.id, versionId: version.id, expiresAt: Date().addingTimeInterval(900))
        return .ticket(token)
    }

    func redeem(ticket token: String) -> (FileRecord, FileVersionRecord)? {
        guard let ticket = downloadTickets[token], ticket.expiresAt > Date(), let file = files[ticket.fileId],
              let version = file.versions.first(where: { $0.id == ticket.versionId })
        else { return nil }
        return (file, version)
    }
}
