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
        let folder = try folder(folderApiId, for: principal, write: true)
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("A file request cannot be made for the root folder") }
        if let first = fileRequests.values.filter({ $0.folderId == folder.id }).min(by: { $0.createdAt < $1.createdAt }) {
            return (view(first), false)
        }
        let now = currentTime
        let request = FileRequestRecord(
            id: newId(), folderId: folder.id, token: Self.uploadToken(), createdBy: principal.userId,
            updatedBy: principal.userId, createdAt: now, updatedAt: now)
        fileRequests[request.id] = request
        recordEvent("FILE_REQUEST_CREATE", by: principal.userId, source: folder.ref, enterpriseOnly: true)
        return (view(request), true)
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
        let folder = try folder(folderApiId, for: principal, write: true)
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

    /// The request behind an upload page, when it takes uploads now (`nil` for an unknown,
    /// inactive or expired request, or one whose folder has gone).
    func fileRequestTakingUploads(token: String) -> FileRequestView? {
        guard let request = fileRequests.values.first(where: { $0.token == token }), request.acceptsUploads(at: currentTime),
              items[.folder(request.folderId)] != nil, !isInTrash(.folder(request.folderId))
        else { return nil }
        return view(request)
    }

    // MARK: - Helpers

    /// The request, once the caller can see its folder (or, with `write`, edit in it); Box
    /// answers 404 for a request in a folder the caller cannot see.
    private func accessibleFileRequest(_ id: String, principal: Principal, write: Bool = false) throws -> FileRequestRecord {
        guard let request = fileRequests[id], (try? item(.folder(request.folderId), for: principal)) != nil else {
            throw ServerErrorResponse.notFound("file_request")
        }
        if write { try authorize(principal, .folder(request.folderId), write: true) }
        return request
    }

    private func view(_ request: FileRequestRecord) -> FileRequestView {
        FileRequestView(
            request: request, folder: mini(.folder(request.folderId)), createdBy: userMini(request.createdBy),
            updatedBy: userMini(request.updatedBy), folderName: items[.folder(request.folderId)]?.name ?? "")
    }

    private static func uploadToken() -> String {
        UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }
}
