import BoxLikeJSON
import Foundation

/// A file's version history: listing, reading, promoting an earlier version, and moving
/// versions to and from the trash. Uploading a version is ``uploadVersion(fileId:content:name:ifMatch:contentModifiedAt:principal:)``.
extension ServerState {
    /// The earlier versions of a file (not the current one), newest first, each with its number.
    func earlierVersions(ofFile fileId: String, principal: Principal) throws -> [FileVersionView] {
        let payload = try filePayload(fileId, principal: principal).payload
        return payload.previousVersions.enumerated().map { view(of: $0.element, number: $0.offset + 1) }.reversed()
    }

    /// One version of a file, current or earlier, with its number.
    func fileVersion(fileId: String, versionId: String, principal: Principal, write: Bool = false) throws -> FileVersionView {
        guard let found = try filePayload(fileId, principal: principal, write: write).payload.version(versionId) else {
            throw ServerErrorResponse.notFound("file_version")
        }
        return view(of: found.record, number: found.number)
    }

    /// Copies an earlier version to the top of the history, so its content and name are current again.
    func promoteVersion(fileId: String, versionId: String, ifMatch: String?, principal: Principal) throws -> FileVersionView {
        var (file, payload) = try filePayload(fileId, principal: principal, write: true)
        try checkEtag(ifMatch, current: file.etag)
        try checkLock(file, principal: principal)
        guard let promoted = payload.version(versionId)?.record else { throw ServerErrorResponse.notFound("file_version") }
        if promoted.isTrashed { throw ServerErrorResponse.badRequest("A version in the trash cannot be promoted; restore it first") }
        // The promoted version comes back whole: its content and its name (Box renames the file).
        if promoted.name != file.name, let parentId = file.parentId {
            try ensureNameFree(promoted.name, in: parentId, except: file.ref)
            file.name = promoted.name
        }
        let now = currentTime
        let copy = FileVersionRecord(id: newId(), content: promoted.content, name: promoted.name, createdAt: now, modifiedBy: principal.userId)
        payload.addVersion(copy)
        payload.contentModifiedAt = now
        file.payload = .file(payload)
        bumpAfterContentChange(&file, by: principal.userId, at: now)
        recordEvent("ITEM_MAKE_CURRENT_VERSION", by: principal.userId, source: file.ref)
        return view(of: copy, number: payload.versions.count)
    }

    /// Moves an earlier version to the trash; the current version cannot be. A legal hold or a
    /// retention does not stop this, as at Box: it keeps the version from being purged.
    func trashVersion(fileId: String, versionId: String, ifMatch: String?, principal: Principal) throws {
        var (file, payload) = try filePayload(fileId, principal: principal, write: true)
        try checkEtag(ifMatch, current: file.etag)
        try checkLock(file, principal: principal)
        if payload.currentVersion.id == versionId {
            throw ServerErrorResponse.badRequest("The current version cannot be deleted; promote another version first")
        }
        guard let index = payload.previousVersions.firstIndex(where: { $0.id == versionId }) else {
            throw ServerErrorResponse.notFound("file_version")
        }
        guard !payload.previousVersions[index].isTrashed else { return }
        payload.previousVersions[index].trashedAt = currentTime
        payload.previousVersions[index].trashedBy = principal.userId
        file.payload = .file(payload)
        items[file.ref] = file
    }

    /// Takes a version out of the trash.
    func restoreVersion(fileId: String, versionId: String, principal: Principal) throws -> FileVersionView {
        var (file, payload) = try filePayload(fileId, principal: principal, write: true)
        try checkLock(file, principal: principal)
        guard let index = payload.previousVersions.firstIndex(where: { $0.id == versionId }) else {
            throw ServerErrorResponse.notFound("file_version")
        }
        if payload.previousVersions[index].isTrashed {
            payload.previousVersions[index].trashedAt = nil
            payload.previousVersions[index].trashedBy = nil
            payload.previousVersions[index].restoredAt = currentTime
            payload.previousVersions[index].restoredBy = principal.userId
            file.payload = .file(payload)
            items[file.ref] = file
        }
        return view(of: payload.previousVersions[index], number: index + 1)
    }

    private func view(of version: FileVersionRecord, number: Int) -> FileVersionView {
        FileVersionView(
            version: version, number: number, users: userMinis([version.modifiedBy, version.trashedBy, version.restoredBy]),
            uploaderName: users[version.modifiedBy]?.name ?? "")
    }

    /// The active file and its file part, after the permission check.
    private func filePayload(_ fileId: String, principal: Principal, write: Bool = false) throws -> (item: ItemRecord, payload: FilePayload) {
        let item = try file(fileId, for: principal, to: write ? .editContent : .view)
        guard let payload = item.file else { throw ServerErrorResponse.notFound("file") }
        return (item, payload)
    }

    /// Stores a file whose content changed: new etag and sequence id, modification stamp,
    /// and the folder holding it bumped.
    func bumpAfterContentChange(_ file: inout ItemRecord, by userId: String, at now: Date) {
        file.etag += 1
        file.sequenceId += 1
        file.modifiedAt = now
        file.modifiedBy = userId
        items[file.ref] = file
        touchParent(of: file, by: userId)
    }
}
