import BoxLikeJSON
import Foundation

/// An AI Studio agent: a named configuration of Box AI for asking, generating text or
/// extracting, which `ai/ask` and the other AI calls can name by id.
struct AiAgentRecord: Sendable {
    var id: String
    var name: String
    /// `enabled` or `disabled`.
    var accessState: String
    var iconReference: String?
    var allowedEntities: [JSONValue]
    /// The configuration of each capability the agent has, as given (`ask`, `text_gen`, `extract`).
    var capabilities: [String: JSONValue]
    var createdBy: String
    var createdAt: Date
    var modifiedBy: String
    var modifiedAt: Date

    /// The model the agent's configuration for `mode` names, in its first tool that names one.
    func model(for mode: String) -> String? {
        guard let configuration = capabilities[mode]?.objectValue else { return nil }
        for tool in ["basic_text", "long_text", "basic_gen", "basic_text_multi", "long_text_multi"] {
            if let model = configuration[tool]?["model"]?.stringValue { return model }
        }
        return nil
    }
}

/// The agents there are, by id.
struct AiStudioState: AreaState {
    var agents: [String: AiAgentRecord] = [:]
}
