import BoxLikeJSON
import Foundation

/// The text of one item a Box AI call works on, read inside the state actor so the
/// emulation can run outside it.
struct AiDocument: Sendable {
    var id: String
    var name: String
    var text: String
}

/// A field `ai/extract_structured` fills: from the request's `fields` or a metadata template.
struct AiField: Sendable {
    var key: String
    /// The names the field may go by in a document: its key, display name and prompt.
    var labels: [String]
    /// `string`, `float`, `date`, `enum`, `multiSelect` (others read as text).
    var type: String
    var options: [String]
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
}
