import BoxLikeJSON
import Foundation
import HTTPTypes

extension ServerState {
    /// Creates a file with one version without checks; callers validate first.
    func makeFile(
        name: String, parentId: String, actor: String, content: StoredContent, contentCreatedAt: Date? = nil,
        contentModifiedAt: Date? = nil, description: String = "", event: String = "ITEM_UPLOAD", clientId: String? = nil
    ) -> ItemRecord {
        let now = currentTime
        let version = FileVersionRecord(id: newId(), content: content, name: name, createdAt: now, modifiedBy: actor)
        let file = FilePayload(
            currentVersion: version, contentCreatedAt: contentCreatedAt ?? now,
            contentModifiedAt: contentModifiedAt ?? contentCreatedAt ?? now)
        return insertItem(name: name, description: description, parentId: parentId, actor: actor, payload: .file(file), event: event,
                          details: contentEventDetails(version, clientId: clientId))
    }

    /// What the admin logs show of an upload or download (`additional_details`): the
    /// version's size and id, and the app it went through (`service_id`, `service_name`).
    func contentEventDetails(_ version: FileVersionRecord, clientId: String?) -> JSONValue {
        let app = configuration.app(clientId: clientId)
        return [
            "size": .int(version.content.size), "ekm_id": "", "version_id": .string(version.id),
            "service_id": app.map { .string($0.id) } ?? .null, "service_name": app.map { .string($0.name) } ?? .null,
        ]
    }

    /// The largest file any Box account may store (500 GiB); a larger size is refused as invalid.
    static let largestFileSize = 500 * 1024 * 1024 * 1024

    /// Checks that a new file named `name` may be created in `parentApiId`; returns the parent.
    func preflightNewFile(name: String, parentApiId: String, size: Int?, principal: Principal) throws -> ItemRecord {
        try validateName(name)
        // A size no file can have is a bad request, before anything else is looked at.
        if let size, size < 0 || size > Self.largestFileSize {
            throw ServerErrorResponse.badRequest("size must be a number of bytes from 0 to \(Self.largestFileSize)")
        }
        let parent = try folder(parentApiId, for: principal, to: .upload)
        try ensureNameFree(name, in: parent.id)
        if let size, let user = users[principal.userId], size > user.maxUploadSize {
            throw ServerErrorResponse(.contentTooLarge, code: "file_size_limit_exceeded", message: "File is too big")
        }
        return parent
    }

    func createFile(
        name: String, parentApiId: String, content: StoredContent, contentCreatedAt: Date?, contentModifiedAt: Date?, description: String?,
        principal: Principal
    ) throws -> ItemRecord {
        let parent = try preflightNewFile(name: name, parentApiId: parentApiId, size: content.size, principal: principal)
        return makeFile(
            name: name, parentId: parent.id, actor: principal.userId, content: content, contentCreatedAt: contentCreatedAt,
            contentModifiedAt: contentModifiedAt,
            description: description ?? "", clientId: principal.clientId)
    }

    func uploadVersion(fileId: String, content: StoredContent, name: String?, ifMatch: String?, contentModifiedAt: Date?, principal: Principal) throws -> ItemRecord {
        var file = try file(fileId, for: principal, to: .editContent)
        try checkEtag(ifMatch, current: file.etag)
        try checkLock(file, principal: principal)
        if let name {
            // A new name checks like a rename, but the upload is the only event.
            var rename = ItemUpdate()
            rename.name = name
            file.name = try placement(of: file, update: rename, principal: principal).name
        }
        let now = currentTime
        let version = FileVersionRecord(id: newId(), content: content, name: file.name, createdAt: now, modifiedBy: principal.userId)
        file.modifyFile { payload in
            payload.addVersion(version)
            payload.contentModifiedAt = contentModifiedAt ?? now
        }
        bumpAfterContentChange(&file, by: principal.userId, at: now)
        recordEvent("ITEM_UPLOAD", by: principal.userId, source: file.ref, details: contentEventDetails(version, clientId: principal.clientId))
        return file
    }

    /// A file locked by someone else cannot be changed (Box answers 423 Locked); other kinds
    /// have no lock.
    func checkLock(_ item: ItemRecord, principal: Principal) throws {
        guard let lock = item.file?.lock, lock.isActive(at: currentTime), lock.createdBy != principal.userId else { return }
        throw ServerErrorResponse(HTTPResponse.Status(code: 423, reasonPhrase: "Locked"), code: "locked", message: "The file is locked by another user")
    }

    /// Sets or removes a file's lock; returns the events to record. Other kinds have no lock,
    /// so the change is ignored for them.
    func applyLockChange(_ change: ItemUpdate.LockChange, to item: inout ItemRecord, by userId: String) -> [String] {
        guard let hadLock = item.file.map({ $0.lock != nil }) else { return [] }
        switch change {
        case .unchanged:
            return []
        case .remove:
            item.modifyFile { $0.lock = nil }
            return hadLock ? ["LOCK_DESTROY"] : []
        case .set(let expiresAt, let isDownloadPrevented):
            let lock = LockRecord(
                id: newId(), createdBy: userId, createdAt: currentTime, expiresAt: expiresAt, isDownloadPrevented: isDownloadPrevented)
            item.modifyFile { $0.lock = lock }
            return ["LOCK_CREATE"]
        }
    }

    // MARK: - Downloads

    enum DownloadOutcome {
        case notReady
        case ticket(String)
    }

    func prepareDownload(fileId: String, versionId: String?, principal: Principal) throws -> DownloadOutcome {
        let item = try file(fileId, for: principal, to: .download)
        if let lock = item.file?.lock, lock.isActive(at: currentTime), lock.isDownloadPrevented, lock.createdBy != principal.userId {
            throw ServerErrorResponse.forbidden("Downloads of this file are prevented by its lock", code: "access_denied_item_locked")
        }
        if let remaining = notReadyDownloads[fileId], remaining > 0 {
            notReadyDownloads[fileId] = remaining - 1
            return .notReady
        }
        let version: FileVersionRecord?
        if let versionId {
            version = item.file?.versions.first { $0.id == versionId && !$0.isTrashed }
        } else {
            version = item.file?.currentVersion
        }
        guard let version else { throw ServerErrorResponse.notFound("file_version") }
        let token = TokenRegistry.randomToken(length: 40)
        downloadTickets[token] = DownloadTicket(fileId: item.id, versionId: version.id, expiresAt: currentTime.addingTimeInterval(900))
        recordEvent("ITEM_DOWNLOAD", by: principal.userId, source: item.ref, details: contentEventDetails(version, clientId: principal.clientId))
        return .ticket(token)
    }

    func redeem(ticket token: String) -> (ItemRecord, FileVersionRecord)? {
        guard let ticket = downloadTickets[token], ticket.expiresAt > currentTime, let item = items[.file(ticket.fileId)],
              let version = item.file?.versions.first(where: { $0.id == ticket.versionId })
        else { return nil }
        return (item, version)
    }
}
