import Foundation

extension ChunkedUploadsState {
    mutating func createUploadSession(core: isolated ServerState, folderApiId: String?, fileId: String?, fileName: String?, fileSize: Int, principal: Principal) throws -> UploadSessionRecord {
        if fileSize > ServerState.largestFileSize {
            throw ServerErrorResponse.badRequest("file_size must be a number of bytes from 0 to \(ServerState.largestFileSize)")
        }
        if fileSize < core.configuration.minimumChunkedUploadSize {
            throw ServerErrorResponse.badRequest(
                "File size is less than minimum of \(core.configuration.minimumChunkedUploadSize) bytes for chunked upload",
                code: "file_size_too_small")
        }
        let destination: UploadSessionRecord.Destination
        let name: String
        if let fileId {
            let file = try core.file(fileId, for: principal, to: .editContent)
            destination = .newVersion(fileId: file.id)
            name = fileName ?? file.name
        } else {
            guard let fileName, let folderApiId else { throw ServerErrorResponse.badRequest("folder_id and file_name are required") }
            let folder = try core.preflightNewFile(name: fileName, parentApiId: folderApiId, size: fileSize, principal: principal)
            destination = .newFile(folderId: folder.id)
            name = fileName
        }
        let session = UploadSessionRecord(
            id: core.newId() + "A" + TokenRegistry.randomToken(length: 8), ownerId: principal.userId, destination: destination,
            fileName: name, fileSize: fileSize, partSize: core.configuration.uploadPartSize,
            expiresAt: core.currentTime.addingTimeInterval(7 * 24 * 3600))
        core.uploadSessions[session.id] = session
        return session
    }

    mutating func uploadSession(core: isolated ServerState, _ id: String, principal: Principal) throws -> UploadSessionRecord {
        guard let session = core.uploadSessions[id], session.ownerId == principal.userId, session.expiresAt > core.currentTime else {
            throw ServerErrorResponse.notFound("upload session")
        }
        return session
    }

    /// Checks a part's range before its bytes are read; returns the part's offset and the
    /// session's file size.
    mutating func checkPartRange(core: isolated ServerState, sessionId: String, start: Int, end: Int, total: Int, principal: Principal) throws -> (offset: Int, fileSize: Int) {
        let session = try uploadSession(core: core, sessionId, principal: principal)
        let rangeError = ServerErrorResponse(.rangeNotSatisfiable, code: "range_not_satisfiable", message: "The Content-Range header is invalid for this upload session")
        guard total == session.fileSize, start >= 0, end >= start, end < total, start % session.partSize == 0 else { throw rangeError }
        let length = end - start + 1
        let isLast = end == total - 1
        guard length == session.partSize || (isLast && length <= session.partSize) else { throw rangeError }
        if session.parts[start] != nil {
            throw ServerErrorResponse(.rangeNotSatisfiable, code: "range_not_satisfiable", message: "A part with this range has already been uploaded")
        }
        return (start, session.fileSize)
    }

    mutating func storePart(core: isolated ServerState, sessionId: String, offset: Int, content: StoredContent, principal: Principal) throws -> UploadSessionRecord.Part {
        var session = try uploadSession(core: core, sessionId, principal: principal)
        if session.parts[offset] != nil {
            throw ServerErrorResponse(.rangeNotSatisfiable, code: "range_not_satisfiable", message: "A part with this range has already been uploaded")
        }
        let part = UploadSessionRecord.Part(
            id: String(format: "%08X", UInt32.random(in: 0...UInt32.max)), offset: offset, size: content.size,
            sha1: content.sha1, content: content)
        session.parts[offset] = part
        core.uploadSessions[sessionId] = session
        return part
    }

    /// Deletes a session and its parts. Deleting one that was committed succeeds too, as in
    /// Box, whose chunked-upload helpers delete the session after the commit.
    mutating func abortUploadSession(core: isolated ServerState, _ id: String, principal: Principal) throws {
        if self.committedSessionOwners[id] == principal.userId {
            self.committedSessionOwners[id] = nil
            return
        }
        _ = try uploadSession(core: core, id, principal: principal)
        core.uploadSessions[id] = nil
    }

    /// Validates the client's part list against what was uploaded; returns the parts in order.
    mutating func partsForCommit(core: isolated ServerState, sessionId: String, listed: [(id: String, offset: Int, size: Int)], principal: Principal) throws -> (UploadSessionRecord, [UploadSessionRecord.Part]) {
        let session = try uploadSession(core: core, sessionId, principal: principal)
        let uploaded = session.parts.values.sorted { $0.offset < $1.offset }
        let listedSorted = listed.sorted { $0.offset < $1.offset }
        guard listedSorted.count == uploaded.count,
              zip(listedSorted, uploaded).allSatisfy({ $0.id == $1.id && $0.offset == $1.offset && $0.size == $1.size })
        else {
            throw ServerErrorResponse.badRequest("The parts list does not match the uploaded parts", code: "bad_request")
        }
        var expected = 0
        for part in uploaded {
            guard part.offset == expected else { throw ServerErrorResponse.badRequest("Parts do not cover the whole file", code: "bad_request") }
            expected += part.size
        }
        guard expected == session.fileSize else {
            throw ServerErrorResponse.badRequest("Parts do not cover the whole file", code: "bad_request")
        }
        return (session, uploaded)
    }

    /// Turns a session's content into a file or a new version. The session (and its parts)
    /// is dropped only once that succeeded: a commit refused for a name clash or an `If-Match`
    /// that no longer holds (412) can be retried without uploading the parts again.
    mutating func finishUploadSession(core: isolated ServerState, _ id: String, content: StoredContent, ifMatch: String?, principal: Principal) throws -> ItemRecord {
        let session = try uploadSession(core: core, id, principal: principal)
        let file: ItemRecord
        switch session.destination {
        case .newVersion(let fileId):
            let current = core.items[.file(fileId)]?.name
            file = try core.uploadVersion(fileId: fileId, content: content, name: session.fileName == current ? nil : session.fileName,
                                     ifMatch: ifMatch, contentModifiedAt: nil, principal: principal)
        case .newFile(let folderId):
            try core.ensureNameFree(session.fileName, in: folderId)
            file = core.makeFile(name: session.fileName, parentId: folderId, actor: principal.userId, content: content, clientId: principal.clientId)
        }
        core.uploadSessions[id] = nil
        self.committedSessionOwners[id] = principal.userId
        return file
    }
}
