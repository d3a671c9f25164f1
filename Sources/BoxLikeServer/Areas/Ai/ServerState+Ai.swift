import BoxLikeJSON
import Foundation

/// Box AI's inputs: the items' text, read with the caller's permissions, and the agent a
/// call names. The answers themselves are worked out by ``AiEmulation``, outside the actor.
extension ServerState {
    /// The most items one call may name, as Box allows.
    static let aiMaximumItems = 25
    /// Box AI reads the first 2 MB of a document's text and leaves the rest, without an error.
    static let aiMaximumTextSize = 2 * 1024 * 1024
    /// The longest prompt Box accepts.
    static let aiMaximumPromptLength = 10_000
    /// The model the local emulation reports in `ai_agent_info`.
    static let aiEmulationModel = "boxlike-local-extractive"

    /// The documents `items` name and the agent `agentValue` names, once the caller may read
    /// them all. `mode` is the capability an AI Studio agent must have (`ask`, `text_gen`, `extract`).
    func aiInputs(items: [JSONValue], maximumItems: Int, agent agentValue: JSONValue?, mode: String,
                  principal: Principal) throws -> AiInputs {
        guard !items.isEmpty else { throw ServerErrorResponse.badRequest("items must name at least one file") }
        guard items.count <= maximumItems else {
            throw ServerErrorResponse.badRequest("At most \(maximumItems) items can be processed in one request; \(items.count) were given.")
        }
        var documents: [AiDocument] = []
        for item in items {
            guard let id = item.idMember else { throw ServerErrorResponse.badRequest("each item needs an id") }
            guard (item["type"]?.stringValue ?? "file") == "file" else {
                throw ServerErrorResponse.badRequest("Only files can be processed by Box AI here; \(item["type"]?.stringValue ?? "") is not supported.")
            }
            let file = try self.file(id, for: principal, to: .preview)
            if let content = item["content"]?.stringValue {
                documents.append(AiDocument(id: file.id, name: file.name, text: content))
                continue
            }
            guard let content = file.file?.currentVersion.content else { throw ServerErrorResponse.notFound("file") }
            if PDFText.isPDF(content) || file.fileExtension.lowercased() == "docx" {
                documents.append(AiDocument(id: file.id, name: file.name, text: "", unread: (content, file.fileExtension)))
                continue
            }
            guard let text = DocumentText.text(of: content, fileExtension: file.fileExtension, limit: Self.aiMaximumTextSize) else {
                throw ServerErrorResponse.badRequest(
                    "The file \(file.name) has no text Box AI can read.", code: "unsupported_file_type")
            }
            documents.append(AiDocument(id: file.id, name: file.name, text: text))
        }
        return AiInputs(documents: documents, agent: try aiAgentUse(agentValue, mode: mode), now: currentTime)
    }

    /// The model and agent a call's `ai_agent` asks for: an AI Studio agent by id, or an
    /// override naming a model, or the emulation's own.
    private func aiAgentUse(_ value: JSONValue?, mode: String) throws -> AiAgentUse {
        guard let value, value.objectValue != nil else { return AiAgentUse(model: Self.aiEmulationModel) }
        if value["type"]?.stringValue == "ai_agent_id" {
            guard let id = value["id"]?.stringValue else { throw ServerErrorResponse.badRequest("ai_agent.id is required") }
            let agent = try self[area: AiStudioState.self].aiAgentForUse(core: self, id, mode: mode)
            return AiAgentUse(model: agent.model(for: mode) ?? Self.aiEmulationModel, agentId: agent.id)
        }
        for tool in ["basic_text", "long_text", "basic_gen", "basic_text_multi", "long_text_multi"] {
            if let model = value[tool]?["model"]?.stringValue { return AiAgentUse(model: model) }
        }
        return AiAgentUse(model: Self.aiEmulationModel)
    }

    /// The fields of the metadata template `ai/extract_structured` names.
    func aiFields(ofTemplate value: JSONValue) throws -> [AiField] {
        guard let key = value["template_key"]?.stringValue else {
            throw ServerErrorResponse.badRequest("metadata_template.template_key is required")
        }
        let scope = value["scope"]?.stringValue ?? "enterprise"
        let template = try metadataTemplate(scope: scope, key: key)
        return template.fields.filter { !$0.hidden }.map { field in
            AiField(key: field.key, labels: [field.key, field.displayName, field.description].filter { !$0.isEmpty },
                    type: field.type, options: field.options.map(\.key), dateStyle: .dateTime)
        }
    }
}
