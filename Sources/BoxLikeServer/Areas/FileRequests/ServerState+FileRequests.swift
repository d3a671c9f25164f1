import BoxLikeJSON
import Foundation

/// File requests. Box creates a folder's first request in its web app, never through the API;
/// the server stands in for that button (``webAppFileRequest(folderId:principal:)``), and the
/// API then reads, changes, deletes and copies requests. Managing a request takes edit rights
/// on its folder; reading it, access to the folder.
extension ServerState {
    private var fileRequests: [String: FileRequestRecord] {
        get { self[area: FileRequestsState.self].requests }
        set { self[area: FileRequestsState.self].requests = newValue }
    }

    /// The folder's first file request, made now if it has none, as the web app's "File
    /// Request" button does: `created` tells which.
    func webAppFileRequest(folderId folderApiId: String, principal: Principal) throws -> (view: FileRequestView, created: Bool) {
        let folder = try folder(folderApiId, for: principal, to: .fileRequest)
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("A file request cannot be made for the root folder") }
        if let first = fileRequests.values.filter({ $0.folderId == folder.id }).min(by: { $0.createdAt < $1.createdAt }) {
            return (view(first), false)
        }
        return (view(makeFileRequest(folderId: folder.id, by: principal.userId)), true)
    }

    /// Makes a file request on a folder, checked by the caller.
    func makeFileRequest(folderId: String, by userId: String) -> FileRequestRecord {
        let now = currentTime
        let request = FileRequestRecord(
            id: newId(), folderId: folderId, token: Self.uploadToken(), createdBy: userId,
            updatedBy: userId, createdAt: now, updatedAt: now)
        fileRequests[request.id] = request
        recordEvent("FILE_REQUEST_CREATE", by: userId, source: .folder(folderId), enterpriseOnly: true)
        return request
    }

    func fileRequest(_ id: String, principal: Principal) throws -> FileRequestView {
        view(try accessibleFileRequest(id, principal: principal))
    }

    func updateFileRequest(_ id: String, changes: FileRequestChanges, ifMatch: String?, principal: Principal) throws -> FileRequestView {
        var request = try accessibleFileRequest(id, principal: principal, write: true)
        try checkEtag(ifMatch, current: request.etag)
        changes.apply(to: &request)
        request.etag += 1
        request.updatedBy = principal.userId
        request.updatedAt = currentTime
        fileRequests[id] = request
        recordEvent("FILE_REQUEST_UPDATE", by: principal.userId, source: .folder(request.folderId), enterpriseOnly: true)
        return view(request)
    }

    func deleteFileRequest(_ id: String, principal: Principal) throws {
        let request = try accessibleFileRequest(id, principal: principal, write: true)
        fileRequests[id] = nil
        recordEvent("FILE_REQUEST_DELETE", by: principal.userId, source: .folder(request.folderId), enterpriseOnly: true)
    }

    /// A new request on another folder with the source's settings, `changes` applied over them.
    func copyFileRequest(_ id: String, toFolder folderApiId: String, changes: FileRequestChanges, principal: Principal) throws -> FileRequestView {
        let source = try accessibleFileRequest(id, principal: principal)
        let folder = try folder(folderApiId, for: principal, to: .fileRequest)
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("A file request cannot be made for the root folder") }
        let now = currentTime
        var copy = source
        copy.id = newId()
        copy.folderId = folder.id
        copy.token = Self.uploadToken()
        copy.etag = 0
        copy.createdBy = principal.userId
        copy.updatedBy = principal.userId
        copy.createdAt = now
        copy.updatedAt = now
        changes.apply(to: &copy)
        fileRequests[copy.id] = copy
        recordEvent("FILE_REQUEST_CREATE", by: principal.userId, source: folder.ref, enterpriseOnly: true)
        return view(copy)
    }

    /// The request behind an upload page, when it takes uploads now on the server's clock
    /// (`nil` for an unknown, inactive or expired request, or one whose folder has gone).
    func fileRequestTakingUploads(token: String) -> FileRequestView? {
        guard let request = fileRequests.values.first(where: { SecretComparison.equal($0.token, token) }), request.acceptsUploads(at: currentTime),
              items[.folder(request.folderId)] != nil, !isInTrash(.folder(request.folderId))
        else { return nil }
        return view(request)
    }

    /// The most bytes a file sent through the request's upload page may hold: the folder
    /// owner's upload limit, enforced while the file streams in (`nil` when the request takes
    /// no uploads now).
    func fileRequestUploadLimit(token: String) -> Int? {
        guard let view = fileRequestTakingUploads(token: token), let folder = items[.folder(view.request.folderId)] else { return nil }
        return users[folder.ownerId]?.maxUploadSize ?? .max
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
    func submitToFileRequest(token: String, submission: FileRequestSubmission) throws -> ItemRecord {
        guard let view = fileRequestTakingUploads(token: token), let folder = items[.folder(view.request.folderId)] else {
            throw ServerErrorResponse.notFound("file_request")
        }
        let request = view.request
        let email = submission.email?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let description = submission.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if request.isEmailRequired && email.isEmpty {
            throw ServerErrorResponse.badRequest("This file request requires the uploader's email address", code: "email_required")
        }
        if !email.isEmpty && !Self.looksLikeEmail(email) {
            throw ServerErrorResponse.badRequest("The email address is not valid", code: "invalid_email")
        }
        if request.isDescriptionRequired && description.isEmpty {
            throw ServerErrorResponse.badRequest("This file request requires a description", code: "description_required")
        }
        try validateName(submission.fileName)
        if let owner = users[folder.ownerId], submission.content.size > owner.maxUploadSize {
            throw ServerErrorResponse(.contentTooLarge, code: "file_size_limit_exceeded", message: "File is too big")
        }
        let name = freeName(for: submission.fileName, in: folder.id)
        let recorded = [description, email.isEmpty ? "" : "Submitted through a file request by \(email)"]
            .filter { !$0.isEmpty }.joined(separator: "\n")
        return makeFile(name: name, parentId: folder.id, actor: folder.ownerId, content: submission.content, description: recorded)
    }

    // MARK: - Helpers

    /// The request, once the caller can see its folder (or, with `write`, edit in it); Box
    /// answers 404 for a request in a folder the caller cannot see.
    private func accessibleFileRequest(_ id: String, principal: Principal, write: Bool = false) throws -> FileRequestRecord {
        guard let request = fileRequests[id], (try? item(.folder(request.folderId), for: principal)) != nil else {
            throw ServerErrorResponse.notFound("file_request")
        }
        if write { try authorize(principal, .folder(request.folderId), .fileRequest) }
        return request
    }

    private func view(_ request: FileRequestRecord) -> FileRequestView {
        FileRequestView(
            request: request, folder: mini(.folder(request.folderId)), createdBy: userMini(request.createdBy),
            updatedBy: userMini(request.updatedBy), folderName: items[.folder(request.folderId)]?.name ?? "")
    }

    /// `name`, or `name (1).ext`, `name (2).ext`… when the folder already holds it.
    private func freeName(for name: String, in folderId: String) -> String {
        guard (try? ensureNameFree(name, in: folderId)) == nil else { return name }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        var number = 1
        while true {
            let candidate = "\(stem) (\(number))\(suffix)"
            if (try? ensureNameFree(candidate, in: folderId)) != nil { return candidate }
            number += 1
        }
    }

    private static func uploadToken() -> String {
        UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }
}
