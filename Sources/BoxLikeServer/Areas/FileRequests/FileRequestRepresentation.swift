import BoxLikeJSON

/// A file request with the minis its JSON shows, resolved in the state call that read it.
struct FileRequestView: Sendable {
    var request: FileRequestRecord
    var folder: JSONValue
    var createdBy: JSONValue
    var updatedBy: JSONValue
    /// The folder's name, for the upload page.
    var folderName: String
}

/// The JSON of a file request and its upload page.
enum FileRequestRepresentation {
    /// Box describes `expires_at` as a date, never `null`: a request that does not expire leaves it out.
    static func render(_ view: FileRequestView) -> JSONValue {
        let request = view.request
        var members: [String: JSONValue] = [
            "type": "file_request", "id": .string(request.id), "title": .string(request.title),
            "description": .string(request.description), "status": .string(request.status),
            "is_email_required": .bool(request.isEmailRequired), "is_description_required": .bool(request.isDescriptionRequired),
            "folder": view.folder, "url": .string("/f/\(request.token)"),
            "etag": .string(String(request.etag)), "created_by": view.createdBy, "created_at": Timestamp.json(request.createdAt),
            "updated_by": view.updatedBy, "updated_at": Timestamp.json(request.updatedAt),
        ]
        if let expiresAt = request.expiresAt { members["expires_at"] = Timestamp.json(expiresAt) }
        return .object(members)
    }

    /// The page the request's link opens: a form for uploads while the request takes them.
    static func uploadPage(_ view: FileRequestView) -> String {
        var fields = #"<input type="file" name="file" required>"#
        if view.request.isEmailRequired { fields += #"<input type="email" name="email" required>"# }
        if view.request.isDescriptionRequired { fields += #"<textarea name="description" required></textarea>"# }
        return """
        <!doctype html><html><head><title>Upload files</title></head><body>
        <h1>\(AuthorizePages.escape(view.request.title))</h1>
        <p>\(AuthorizePages.escape(view.request.description))</p>
        <p>Files go to \(AuthorizePages.escape(view.folderName)).</p>
        <form method="post" enctype="multipart/form-data">\(fields)<button type="submit">Upload</button></form>
        </body></html>
        """
    }

    /// The answer to an accepted upload.
    static func thankYouPage(fileName: String) -> String {
        """
        <!doctype html><html><head><title>Upload complete</title></head><body>
        <h1>Thank you</h1><p id="uploaded" data-name="\(AuthorizePages.escape(fileName))">\(AuthorizePages.escape(fileName)) was uploaded.</p>
        </body></html>
        """
    }

    /// The answer to a refused upload, with Box's error code for drivers to read.
    static func errorPage(_ error: ServerErrorResponse) -> String {
        """
        <!doctype html><html><head><title>Upload refused</title></head><body>
        <p id="error" data-code="\(AuthorizePages.escape(error.code))">\(AuthorizePages.escape(error.message))</p></body></html>
        """
    }

    static let unavailablePage = """
        <!doctype html><html><head><title>File request unavailable</title></head><body>
        <h1 id="error" data-code="not_found">This file request is not accepting uploads</h1></body></html>
        """

}
