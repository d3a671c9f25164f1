import BoxLikeJSON
import Foundation

/// The text of one item a Box AI call works on, read inside the state actor so the
/// emulation can run outside it.
struct AiDocument: Sendable {
    var id: String
    var name: String
    var text: String
    /// A PDF or Word document whose text is still to be read, outside the state actor
    /// (``AiInputs/readingDocuments()``), with its extension.
    var unread: (content: StoredContent, fileExtension: String)?
}

/// A field `ai/extract_structured` fills: from the request's `fields` or a metadata template.
struct AiField: Sendable {
    /// How a `date` value is written: an inline field's as a day (`2026-03-31`), a metadata
    /// template's as a date-time (`2026-03-31T00:00:00Z`), as Box answers them.
    enum DateStyle: Sendable {
        case day
        case dateTime
    }

    var key: String
    /// The names the field may go by in a document: its key, display name and prompt.
    var labels: [String]
    /// `string`, `float`, `integer`, `date`, `enum`, `multiSelect`, `struct` (an object of
    /// ``members``), `table` (rows of ``members``); others read as text.
    var type: String
    var options: [String]
    var dateStyle: DateStyle = .day
    /// A `struct` field's members, a `table` field's columns (the request's `fields`).
    var members: [AiField] = []
}

/// Which model answers and how: the local emulation's, or an AI Studio agent's.
struct AiAgentUse: Sendable {
    var model: String
    var agentId: String?
}

/// What a Box AI call needs, resolved in one actor call.
struct AiInputs: Sendable {
    var documents: [AiDocument]
    var agent: AiAgentUse
    var now: Date

    /// The inputs with each PDF's and Word document's text read, outside the state actor (a
    /// large document never holds it); one without text this server can read is refused as
    /// any file without text is.
    func readingDocuments() async throws -> AiInputs {
        var copy = self
        for index in copy.documents.indices {
            guard let (content, fileExtension) = copy.documents[index].unread else { continue }
            let text = PDFText.isPDF(content)
                ? await PDFText.text(of: content, limit: ServerState.aiMaximumTextSize)
                : DocumentText.text(of: content, fileExtension: fileExtension, limit: ServerState.aiMaximumTextSize)
            guard let text else {
                throw ServerErrorResponse.badRequest(
                    "The file \(copy.documents[index].name) has no text Box AI can read.", code: "unsupported_file_type")
            }
            copy.documents[index].text = text
            copy.documents[index].unread = nil
        }
        return copy
    }
}
