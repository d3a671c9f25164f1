import BoxLikeJSON
import Foundation

/// File requests. Box creates a folder's first request in its web app, never through the API;
/// the server stands in for that button (``webAppFileRequest(folderId:principal:)``), and the
/// API then reads, changes, deletes and copies requests. Managing a request takes edit rights
/// on its folder; reading it, access to the folder.
extension FileRequestsState {
    private var fileRequests: [String: FileRequestRecord] {
        get { self.requests }
        set { self.requests = newValue }
    }

    /// The folder's first file request, made now if it has none, as the web app's "File
    /// Request" button does: `created` tells which.
    mutating func webAppFileRequest(core: isolated ServerState, folderId folderApiId: String, principal: Principal) throws -> (view: FileRequestView, created: Bool) {
        let folder = try core.folder(folderApiId, for: principal, to: .fileRequest)
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("A file request cannot be made for the root folder") }
        if let first = fileRequests.values.filter({ $0.folderId == folder.id }).min(by: { $0.createdAt < $1.createdAt }) {
            return (view(core: core, first), false)
        }
        return (view(core: core, makeFileRequest(core: core, folderId: folder.id, by: principal.userId)), true)
    }

    /// Makes a file request on a folder, checked by the caller.
    mutating func makeFileRequest(core: isolated ServerState, folderId: String, by userId: String) -> FileRequestRecord {
        let now = core.currentTime
        let request = FileRequestRecord(
            id: core.newId(), folderId: folderId, token: Self.uploadToken(), createdBy: userId,
            updatedBy: userId, createdAt: now, updatedAt: now)
        fileRequests[request.id] = request
        core.recordEvent("FILE_REQUEST_CREATE", by: userId, source: .folder(folderId), enterpriseOnly: true)
        return request
    }

    mutating func fileRequest(core: isolated ServerState, _ id: String, principal: Principal) throws -> FileRequestView {
        view(core: core, try accessibleFileRequest(core: core, id, principal: principal))
    }

    mutating func updateFileRequest(core: isolated ServerState, _ id: String, changes: FileRequestChanges, ifMatch: String?, principal: Principal) throws -> FileRequestView {
        var request = try accessibleFileRequest(core: core, id, principal: principal, write: true)
        try core.checkEtag(ifMatch, current: request.etag)
        changes.apply(to: &request)
        request.etag += 1
        request.updatedBy = principal.userId
        request.updatedAt = core.currentTime
        fileRequests[id] = request
        core.recordEvent("FILE_REQUEST_UPDATE", by: principal.userId, source: .folder(request.folderId), enterpriseOnly: true)
        return view(core: core, request)
    }

    mutating func deleteFileRequest(core: isolated ServerState, _ id: String, principal: Principal) throws {
        let request = try accessibleFileRequest(core: core, id, principal: principal, write: true)
        fileRequests[id] = nil
        core.recordEvent("FILE_REQUEST_DELETE", by: principal.userId, source: .folder(request.folderId), enterpriseOnly: true)
    }

    /// A new request on another folder with the source's settings, `changes` applied over them.
    mutating func copyFileRequest(core: isolated ServerState, _ id: String, toFolder folderApiId: String, changes: FileRequestChanges, principal: Principal) throws -> FileRequestView {
        let source = try accessibleFileRequest(core: core, id, principal: principal)
        let folder = try core.folder(folderApiId, for: principal, to: .fileRequest)
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("A file request cannot be made for the root folder") }
        let now = core.currentTime
        var copy = source
        copy.id = core.newId()
        copy.folderId = folder.id
        copy.token = Self.uploadToken()
        copy.etag = 0
        copy.createdBy = principal.userId
        copy.updatedBy = principal.userId
        copy.createdAt = now
        copy.updatedAt = now
        changes.apply(to: &copy)
        fileRequests[copy.id] = copy
        core.recordEvent("FILE_REQUEST_CREATE", by: principal.userId, source: folder.ref, enterpriseOnly: true)
        return view(core: core, copy)
    }

    /// The request behind an upload page, when it takes uploads now on the server's clock
    /// (`nil` for an unknown, inactive or expired request, or one whose folder has gone).
    mutating func fileRequestTakingUploads(core: isolated ServerState, token: String) -> FileRequestView? {
        guard let request = fileRequests.values.first(where: { SecretComparison.equal($0.token, token) }), request.acceptsUploads(at: core.currentTime),
              core.items[.folder(request.folderId)] != nil, !core.isInTrash(.folder(request.folderId))
        else { return nil }
        return view(core: core, request)
    }

    /// The most bytes a file sent through the request's upload page may hold: the folder
    /// owner's upload limit, enforced while the file streams in (`nil` when the request takes
    /// no uploads now).
    mutating func fileRequestUploadLimit(core: isolated ServerState, token: String) -> Int? {
        guard let view = fileRequestTakingUploads(core: core, token: token), let folder = core.items[.folder(view.request.folderId)] else { return nil }
        return core.users[folder.ownerId]?.maxUploadSize ?? .max
    }

    /// Puts a file sent through a request's upload page into the request's folder, as a
    /// browser's submission does in Box: the uploader needs no account, so the file is the
    /// folder owner's (created by them, as Box files an anonymous upload under the owner) and
    /// the submitter's email and description are kept in the file's description. An upload
    /// event is recorded, so the folder's webhooks and cascade policies see it like any upload;
    /// a name already in the folder gets a numbered one, as the web upload does.
    ///
    /// - Throws: 404 `not_found` when the request no longer takes uploads; 400 when a field
    ///   the request requires is missing or the file has no usable name; 413 past the owner's
    ///   upload limit.
    mutating func submitToFileRequest(core: isolated ServerState, token: String, submission: FileRequestSubmission) throws -> ItemRecord {
        guard let view = fileRequestTakingUploads(core: core, token: token), let folder = core.items[.folder(view.request.folderId)] else {
            throw ServerErrorResponse.notFound("file_request")
        }
        let request = view.request
        let email = submission.email?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let description = submission.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if request.isEmailRequired && email.isEmpty {
            throw ServerErrorResponse.badRequest("This file request requires the uploader's email address", code: "email_required")
        }
        if !email.isEmpty && !ServerState.looksLikeEmail(email) {
            throw ServerErrorResponse.badRequest("The email address is not valid", code: "invalid_email")
        }
        if request.isDescriptionRequired && description.isEmpty {
            throw ServerErrorResponse.badRequest("This file request requires a description", code: "description_required")
        }
        try core.validateName(submission.fileName)
        if let owner = core.users[folder.ownerId], submission.content.size > owner.maxUploadSize {
            throw ServerErrorResponse(.contentTooLarge, code: "file_size_limit_exceeded", message: "File is too big")
        }
        let name = freeName(core: core, for: submission.fileName, in: folder.id)
        let recorded = [description, email.isEmpty ? "" : "Submitted through a file request by \(email)"]
            .filter { !$0.isEmpty }.joined(separator: "\n")
        return core.makeFile(name: name, parentId: folder.id, actor: folder.ownerId, content: submission.content, description: recorded)
    }

    // MARK: - Helpers

    /// The request, once the caller can see its folder (or, with `write`, edit in it); Box
    /// answers 404 for a request in a folder the caller cannot see.
    private mutating func accessibleFileRequest(core: isolated ServerState, _ id: String, principal: Principal, write: Bool = false) throws -> FileRequestRecord {
        guard let request = fileRequests[id], (try? core.item(.folder(request.folderId), for: principal)) != nil else {
            throw ServerErrorResponse.notFound("file_request")
        }
        if write { try core.authorize(principal, .folder(request.folderId), .fileRequest) }
        return request
    }

    private mutating func view(core: isolated ServerState, _ request: FileRequestRecord) -> FileRequestView {
        FileRequestView(
            request: request, folder: core.mini(.folder(request.folderId)), createdBy: core.userMini(request.createdBy),
            updatedBy: core.userMini(request.updatedBy), folderName: core.items[.folder(request.folderId)]?.name ?? "")
    }

    /// `name`, or `name (1).ext`, `name (2).ext`… when the folder already holds it.
    private mutating func freeName(core: isolated ServerState, for name: String, in folderId: String) -> String {
        guard (try? core.ensureNameFree(name, in: folderId)) == nil else { return name }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        var number = 1
        while true {
            let candidate = "\(stem) (\(number))\(suffix)"
            if (try? core.ensureNameFree(candidate, in: folderId)) != nil { return candidate }
            number += 1
        }
    }

    private static func uploadToken() -> String {
        UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }
}
