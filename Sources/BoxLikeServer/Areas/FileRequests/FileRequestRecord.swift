import Foundation

/// A file request: a page where anyone with its link uploads files into a folder.
struct FileRequestRecord: Sendable {
    var id: String
    var folderId: String
    /// The last part of the upload page's path, `/f/<token>`.
    var token: String
    var title = "Upload files"
    var description = ""
    /// `active` or `inactive`; an inactive request refuses uploads.
    var status = "active"
    var isEmailRequired = false
    var isDescriptionRequired = false
    var expiresAt: Date?
    var etag = 0
    var createdBy: String
    var updatedBy: String
    var createdAt: Date
    var updatedAt: Date

    /// Whether the upload page takes uploads at `now`.
    func acceptsUploads(at now: Date) -> Bool {
        status == "active" && (expiresAt.map { $0 > now } ?? true)
    }
}

/// The changes `PUT /file_requests/{id}` and a copy's body make.
struct FileRequestChanges: Sendable {
    var title: String?
    var description: String?
    var status: String?
    var isEmailRequired: Bool?
    var isDescriptionRequired: Bool?
    var expiresAt: Date?

    func apply(to request: inout FileRequestRecord) {
        if let title { request.title = title }
        if let description { request.description = description }
        if let status { request.status = status }
        if let isEmailRequired { request.isEmailRequired = isEmailRequired }
        if let isDescriptionRequired { request.isDescriptionRequired = isDescriptionRequired }
        if let expiresAt { request.expiresAt = expiresAt }
    }
}

/// The file requests there are, by id.
struct FileRequestsState: AreaState {
    var requests: [String: FileRequestRecord] = [:]
}

/// What a browser sends through a request's upload page: one file and the fields the form asks for.
struct FileRequestSubmission: Sendable {
    /// The file's name as the browser gave it, without any folder path.
    var fileName: String
    var content: StoredContent
    var email: String?
    var description: String?
}
