import Hummingbird

/// Where one kind of item lives in the API (`/2.0/files/:file_id`), so that a route written
/// once is registered for every kind that has it.
struct ItemRoute: Sendable {
    let type: ItemType
    /// The path segment after `/2.0/`, e.g. `files`.
    let collection: String
    /// The name of the id path parameter, e.g. `file_id`.
    let idParameter: String

    static let files = ItemRoute(type: .file, collection: "files", idParameter: "file_id")
    static let folders = ItemRoute(type: .folder, collection: "folders", idParameter: "folder_id")
    static let webLinks = ItemRoute(type: .webLink, collection: "web_links", idParameter: "web_link_id")
    static let all: [ItemRoute] = [.files, .folders, .webLinks]

    /// This kind's one of an operation's per-kind variants (`getFileById`, `getFolderById`,
    /// `getWebLinkById`).
    func pick(files: ServerOperation, folders: ServerOperation, webLinks: ServerOperation) -> ServerOperation {
        switch type {
        case .file: files
        case .folder: folders
        case .webLink: webLinks
        }
    }

    /// Of an operation that files and folders have (`copyFile`, `copyFolder`), this kind's.
    func pick(files: ServerOperation, folders: ServerOperation) -> ServerOperation {
        type == .file ? files : folders
    }

    /// The item the request path names; folder `0` is the caller's root.
    func ref(in context: BoxLikeRequestContext, for principal: Principal, state: ServerState) async throws -> ItemRef {
        await state.itemRef(type, apiId: try context.pathParameter(idParameter), for: principal.userId)
    }

    /// Reads `{"type": ..., "id": ...}` from a request body (an item to collaborate on, a
    /// webhook target); `member` names it in the error.
    static func ref(fromBody value: JSONValue?, member: String, for principal: Principal, state: ServerState) async throws -> ItemRef {
        guard let typeName = value?["type"]?.stringValue, let type = ItemType(rawValue: typeName), let id = value?.idMember else {
            throw ServerErrorResponse.badRequest("\(member).type and \(member).id are required")
        }
        return await state.itemRef(type, apiId: id, for: principal.userId)
    }
}
