import BoxLikeJSON
import Foundation
import Hummingbird

/// `/2.0/ai/...` and `/2.0/ai_agent_default`: Box AI, emulated locally (see ``AiEmulation``).
struct AiRoutes: ServerArea, AiOperations {
    let services: ServerServices

    func createAiAsk(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let prompt = try Self.prompt(body)
        let mode = body["mode"]?.stringValue ?? ""
        guard mode == "single_item_qa" || mode == "multiple_item_qa" else {
            throw ServerErrorResponse.badRequest("mode must be single_item_qa or multiple_item_qa")
        }
        let inputs = try await state.aiInputs(
            items: body["items"]?.arrayValue ?? [], maximumItems: mode == "single_item_qa" ? 1 : ServerState.aiMaximumItems,
            agent: body["ai_agent"], mode: "ask", principal: input.principal).readingDocuments()
        let history = (body["dialogue_history"]?.arrayValue ?? []).compactMap { $0["prompt"]?.stringValue }
        let (answer, quoted) = AiEmulation.ask(prompt, documents: inputs.documents, history: history)
        let citations: [String: JSONValue] = body["include_citations"]?.boolValue == true ? ["citations": AiRepresentation.citations(quoted)] : [:]
        return Responses.json(AiRepresentation.response(answer: .string(answer), inputs: inputs, extra: citations))
    }

    func createAiTextGen(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let prompt = try Self.prompt(body)
        let inputs = try await state.aiInputs(
            items: body["items"]?.arrayValue ?? [], maximumItems: 1, agent: body["ai_agent"], mode: "text_gen", principal: input.principal).readingDocuments()
        let history = (body["dialogue_history"]?.arrayValue ?? []).compactMap { turn -> (prompt: String, answer: String)? in
            guard let prompt = turn["prompt"]?.stringValue, let answer = turn["answer"]?.stringValue else { return nil }
            return (prompt, answer)
        }
        let answer = AiEmulation.textGen(prompt, documents: inputs.documents, history: history)
        return Responses.json(AiRepresentation.response(answer: .string(answer), inputs: inputs))
    }

    func createAiExtract(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let prompt = try Self.prompt(body)
        let inputs = try await state.aiInputs(
            items: body["items"]?.arrayValue ?? [], maximumItems: ServerState.aiMaximumItems, agent: body["ai_agent"],
            mode: "extract", principal: input.principal).readingDocuments()
        // Box answers extract with the key-value pairs as JSON text.
        let answer = AiEmulation.extract(prompt, documents: inputs.documents)
        return Responses.json(AiRepresentation.response(answer: .string(answer), inputs: inputs))
    }

    func createAiExtractStructured(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let fields: [AiField]
        if let template = body["metadata_template"], template.objectValue != nil {
            fields = try await state.aiFields(ofTemplate: template)
        } else if let given = body["fields"]?.arrayValue, !given.isEmpty {
            fields = try given.map(Self.field)
        } else {
            throw ServerErrorResponse.badRequest("fields or metadata_template is required")
        }
        let inputs = try await state.aiInputs(
            items: body["items"]?.arrayValue ?? [], maximumItems: ServerState.aiMaximumItems, agent: body["ai_agent"],
            mode: "extract", principal: input.principal).readingDocuments()
        let result = AiEmulation.extractStructured(fields, documents: inputs.documents)
        var extra: [String: JSONValue] = [:]
        if body["include_confidence_score"]?.boolValue == true { extra["confidence_score"] = .object(result.confidence) }
        if body["include_reference"]?.boolValue == true { extra["reference"] = .object(result.reference) }
        return Responses.json(AiRepresentation.response(answer: .object(result.answer), inputs: inputs, extra: extra))
    }

    func getAiAgentDefaultConfig(_ input: OperationInput) async throws -> Response {
        let query = input.query
        guard let mode = query["mode"], let agent = AiRepresentation.defaultAgent(
            mode: mode, language: query["language"], model: query["model"]) else {
            throw ServerErrorResponse.badRequest("mode must be ask, text_gen, extract or extract_structured")
        }
        return Responses.json(agent)
    }

    /// The request's prompt, refused when missing or longer than Box accepts.
    private static func prompt(_ body: JSONValue) throws -> String {
        guard let prompt = body["prompt"]?.stringValue, !prompt.isEmpty else { throw ServerErrorResponse.badRequest("prompt is required") }
        guard prompt.count <= ServerState.aiMaximumPromptLength else {
            throw ServerErrorResponse.badRequest("The prompt is longer than \(ServerState.aiMaximumPromptLength) characters.")
        }
        return prompt
    }

    /// A requested field of `ai/extract_structured`.
    private static func field(_ value: JSONValue) throws -> AiField {
        guard let key = value["key"]?.stringValue, !key.isEmpty else { throw ServerErrorResponse.badRequest("each field needs a key") }
        let labels = [key, value["displayName"]?.stringValue, value["prompt"]?.stringValue, value["description"]?.stringValue]
            .compactMap { $0 }.filter { !$0.isEmpty }
        return AiField(key: key, labels: labels, type: value["type"]?.stringValue ?? "string",
                       options: (value["options"]?.arrayValue ?? []).compactMap { $0["key"]?.stringValue },
                       members: try (value["fields"]?.arrayValue ?? []).map(field))
    }
}
