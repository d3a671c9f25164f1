// Box AI: ask a question about an uploaded invoice, extract its key-value pairs and typed
// fields, and ask again through an AI Studio agent. The local server answers with its
// deterministic emulation (the sentences and lines of the file itself); Box answers with a model.
//
//   swift run sample-ai                                     # against the local server
//   BOX_BASE_URL=... BOX_DEVELOPER_TOKEN=<admin token> swift run sample-ai
import ArgumentParser
import BoxLikeSDK
import Foundation
import SampleSupport

@main
struct SampleAI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-ai",
        abstract: "Ask Box AI about a file, extract data from it, and use an AI Studio agent.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await connection.withDeveloperTokenClient { client in
            try await Self.tour(client)
        }
    }

    static let invoice = """
        Invoice from Acme Supplies. Payment is due within 30 days of delivery.
        Invoice number: INV-2041
        Vendor: Acme Supplies
        Total: 1250.50
        Due date: 2026-03-31
        Late payments carry a fee of 2 percent per month.
        """

    static func tour(_ client: BoxClient) async throws {
        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "AI sample \(UUID().uuidString.prefix(6))", parent: CreateFolderRequestBodyParentField(id: "0")))
        let uploaded = try await client.uploads.uploadFile(.bytes(Array(invoice.utf8)), name: "invoice.txt", parentFolderId: folder.id)
        guard let file = uploaded.entries?.first else { throw ValidationError("the upload returned no file") }

        let question = "What fee applies to late payments?"
        let answer = try await client.ai.createAiAsk(requestBody: AiAsk(
            mode: .singleItemQa, prompt: question, items: [AiItemAsk(id: file.id, type: .file)], includeCitations: true))
        print("Q: \(question)\nA: \(answer?.answer ?? "-")")
        for citation in answer?.citations ?? [] { print("   cited \(citation.name ?? "?"): \(citation.content ?? "")") }

        let pairs = try await client.ai.createAiExtract(requestBody: AiExtract(
            prompt: "vendor and total", items: [AiItemBase(id: file.id, type: .file)]))
        print("Extracted: \(pairs.answer)")

        let fields = try await client.ai.createAiExtractStructured(requestBody: AiExtractStructured(
            items: [AiItemBase(id: file.id, type: .file)],
            fields: [
                AiExtractStructuredFieldsField(key: "invoiceNumber", type: "string"),
                AiExtractStructuredFieldsField(key: "total", type: "float"),
                AiExtractStructuredFieldsField(key: "due", displayName: "Due date", type: "date"),
            ]))
        for key in fields.answer.keys.sorted() { print("   \(key) = \(fields.answer[key].map { "\($0)" } ?? "null")") }

        let agent = try await client.aiStudio.createAiAgent(requestBody: CreateAiAgent(
            name: "Invoice helper \(UUID().uuidString.prefix(4))", accessState: "enabled",
            ask: AiStudioAgentAsk(accessState: "enabled", description: "Answers questions about invoices",
                                  basicText: AiStudioAgentBasicTextTool(model: "invoice-model"))))
        let agentId = agent.id
        let viaAgent = try await client.ai.createAiAsk(requestBody: AiAsk(
            mode: .singleItemQa, prompt: "When is payment due?", items: [AiItemAsk(id: file.id, type: .file)],
            aiAgent: .aiAgentReference(AiAgentReference(id: agentId))))
        print("Through agent \(agentId) (model \(viaAgent?.aiAgentInfo?.models?.first?.name ?? "?")): \(viaAgent?.answer ?? "-")")
        try await client.aiStudio.deleteAiAgentById(agentId: agentId)
    }
}
