import Foundation

/// Box Notes made from Markdown (`POST /notes/convert`, Box API 2026.0).
extension ServerState {
    /// The extension of a Box Note file.
    static let boxNoteExtension = ".boxnote"

    /// Writes `markdown` as a new `.boxnote` file named `name` (with the extension added when
    /// it is not there) in the folder `parentApiId`, with the rules and the `ITEM_UPLOAD` event
    /// of an upload.
    ///
    /// - Throws: 404 for a folder the caller cannot see, 403 for one they cannot add to,
    ///   `409 item_name_in_use` when the name is taken there, 400 for a name Box refuses.
    func convertMarkdownToNote(_ markdown: String, name: String, parentApiId: String, principal: Principal) throws -> ItemRecord {
        let fileName = name.lowercased().hasSuffix(Self.boxNoteExtension) ? name : name + Self.boxNoteExtension
        let bytes = BoxNoteDocument.bytes(fromMarkdown: markdown)
        return try createFile(
            name: fileName, parentApiId: parentApiId, content: StoredContent(bytes: bytes), contentCreatedAt: nil,
            contentModifiedAt: nil, description: nil, principal: principal)
    }
}
