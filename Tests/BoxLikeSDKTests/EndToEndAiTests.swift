import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Box AI against the server's local, deterministic emulation (answers come from the
/// documents' own text), and AI Studio agents that the AI calls can name.
@Suite("Box AI and AI Studio against the server", .timeLimit(.minutes(10)))
struct EndToEndAiTests {
    static let invoice = """
        Invoice from Acme Supplies. Payment is due within 30 days of delivery.
        Invoice number: INV-2041
        Vendor: Acme Supplies
        Total: $1,250.50
        Due date: 2026-03-31
        Region: EMEA
        Late payments carry a fee of 2 percent per month.
        """

    static func upload(_ client: BoxClient, _ text: String = invoice, name: String = "invoice.txt") async throws -> FileFull {
        try await client.makeFile(name, text: text, in: try await client.makeFolder("ai").id)
    }

    // MARK: - Ask

    @Test func askAnswersWithTheMatchingSentencesAndCitesTheFile() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await Self.upload(client)

            let response = try await client.ai.createAiAsk(requestBody: AiAsk(
                mode: .singleItemQa, prompt: "What fee applies to late payments?", items: [AiItemAsk(id: file.id, type: .file)],
                includeCitations: true))

            let answer = try #require(response?.answer)
            #expect(answer == "Late payments carry a fee of 2 percent per month.")
            #expect(response?.citations?.map(\.id) == [file.id])
            #expect(response?.citations?.first?.name == "invoice.txt")
            #expect(response?.citations?.first?.content == answer)
        }
    }

    @Test func askInSingleItemModeRefusesTwoItems() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let first = try await Self.upload(client)
            let second = try await Self.upload(client, "Other text.", name: "other.txt")

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.ai.createAiAsk(requestBody: AiAsk(
                    mode: .singleItemQa, prompt: "What is due?",
                    items: [AiItemAsk(id: first.id, type: .file), AiItemAsk(id: second.id, type: .file)]))
            }
            #expect(error?.status == 400)
        }
    }

    @Test func askRefusesAFileTheCallerCannotRead() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let (stranger, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await Self.upload(owner)

            let error = await #expect(throws: BoxAPIError.self) {
                try await stranger.ai.createAiAsk(requestBody: AiAsk(
                    mode: .singleItemQa, prompt: "What is due?", items: [AiItemAsk(id: file.id, type: .file)]))
            }
            #expect(error?.status == 404)
        }
    }

    @Test func askReadsOnlyTheFirstTwoMegabytesOfAFilesText() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let filler = String(repeating: String(repeating: "Filler words here. ", count: 100) + "\n", count: 1_200)
            let file = try await Self.upload(client, "The opening code is 1717.\n" + filler + "The closing code is 4242.\n", name: "long.txt")

            func ask(_ question: String) async throws -> String? {
                try await client.ai.createAiAsk(requestBody: AiAsk(
                    mode: .singleItemQa, prompt: question, items: [AiItemAsk(id: file.id, type: .file)]))?.answer
            }

            #expect(try await ask("What is the opening code?") == "The opening code is 1717.")
            #expect(try await ask("What is the closing code?") == "The opening code is 1717.")
        }
    }

    @Test func askRefusesAFileWithoutText() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let files = try await client.uploads.uploadFile(
                .bytes([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01, 0x02]), name: "image.png", parentFolderId: try await client.makeFolder().id)
            let file = try #require(files.entries?.first)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.ai.createAiAsk(requestBody: AiAsk(
                    mode: .singleItemQa, prompt: "What is in it?", items: [AiItemAsk(id: file.id, type: .file)]))
            }
            #expect(error?.status == 400)
            #expect(error?.code == "unsupported_file_type")
        }
    }

    @Test func extractReadsTheParagraphsOfAWordDocument() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let bytes = DocxFixture.document(paragraphs: [["Curriculum vitae"], ["My name is Ines Duarte. ", "I work at Fabrikam as a chemist."]])
            let files = try await client.uploads.uploadFile(.bytes(bytes), name: "cv.docx", parentFolderId: try await client.makeFolder().id)
            let file = try #require(files.entries?.first)

            let response = try await client.ai.createAiExtract(requestBody: AiExtract(
                prompt: "firstName, employer, jobTitle", items: [AiItemBase(id: file.id, type: .file)]))

            #expect(response.answer == #"{"firstName": "Ines", "employer": "Fabrikam", "jobTitle": "chemist"}"#)
        }
    }

    @Test func askNamingAnAgentByIdAnswersWithThatAgentsModel() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await Self.upload(client)
            let agent = try await client.aiStudio.createAiAgent(requestBody: CreateAiAgent(
                name: "Invoice helper", accessState: "enabled",
                ask: AiStudioAgentAsk(accessState: "enabled", description: "Answers about invoices",
                                      basicText: AiStudioAgentBasicTextTool(model: "invoice-model-1"))))

            let response = try await client.ai.createAiAsk(requestBody: AiAsk(
                mode: .multipleItemQa, prompt: "When is payment due?", items: [AiItemAsk(id: file.id, type: .file)],
                aiAgent: .aiAgentReference(AiAgentReference(id: agent.id))))

            #expect(response?.aiAgentInfo?.models?.first?.name == "invoice-model-1")
            #expect(response?.answer.contains("Payment is due within 30 days") == true)
        }
    }

    // MARK: - Text generation

    @Test func textGenBuildsOnThePromptTheDialogueAndTheDocument() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await Self.upload(client)

            let response = try await client.ai.createAiTextGen(requestBody: AiTextGen(
                prompt: "Write a reminder about the late payment fee", items: [AiTextGenItemsField(id: file.id, type: .file)],
                dialogueHistory: [AiDialogueHistory(prompt: "Who sent the invoice?", answer: "Acme Supplies")]))

            #expect(response.answer.contains("Following on from \"Who sent the invoice?\": Acme Supplies"))
            #expect(response.answer.contains("Write a reminder about the late payment fee"))
            #expect(response.answer.contains("Late payments carry a fee of 2 percent per month."))
        }
    }

    // MARK: - Extraction

    @Test func extractReturnsTheKeyValuePairsThePromptNames() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await Self.upload(client)

            let response = try await client.ai.createAiExtract(requestBody: AiExtract(
                prompt: "vendor and total", items: [AiItemBase(id: file.id, type: .file)]))

            // Keyed by the names the prompt lists, as it writes them, in its order.
            #expect(response.answer == #"{"vendor": "Acme Supplies", "total": "$1,250.50"}"#)
        }
    }

    @Test func extractStructuredFillsEachFieldWithAValueOfItsTypeFromTheUploadedFile() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await Self.upload(client)

            let response = try await client.ai.createAiExtractStructured(requestBody: AiExtractStructured(
                items: [AiItemBase(id: file.id, type: .file)],
                fields: [
                    AiExtractStructuredFieldsField(key: "invoiceNumber", type: "string"),
                    AiExtractStructuredFieldsField(key: "total", type: "float"),
                    AiExtractStructuredFieldsField(key: "due", displayName: "Due date", type: "date"),
                    AiExtractStructuredFieldsField(key: "region", type: "enum", options: [.init(key: "AMER"), .init(key: "EMEA")]),
                    AiExtractStructuredFieldsField(key: "purchaseOrder", type: "string"),
                ],
                includeConfidenceScore: true))

            #expect(response.answer["invoiceNumber"] == .string("INV-2041"))
            #expect(response.answer["total"] == .number(1250.5))
            #expect(response.answer["due"] == .string("2026-03-31"), "an inline date field is a day")
            #expect(response.answer["region"] == .string("EMEA"))
            #expect(response.answer["purchaseOrder"] == .null)
            #expect(response.confidenceScore?["invoiceNumber"]?["level"]?.stringValue == "HIGH")
        }
    }

    @Test func extractStructuredFillsTheFieldsOfAMetadataTemplate() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await Self.upload(client)
            _ = try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: "Invoice", templateKey: "invoiceTerms",
                fields: [
                    MetadataTemplateFieldRequest(type: .string, key: "vendor", displayName: "Vendor"),
                    MetadataTemplateFieldRequest(type: .date, key: "dueDate", displayName: "Due date"),
                ]))

            let response = try await client.ai.createAiExtractStructured(requestBody: AiExtractStructured(
                items: [AiItemBase(id: file.id, type: .file)],
                metadataTemplate: AiExtractStructuredMetadataTemplateField(templateKey: "invoiceTerms", type: .metadataTemplate, scope: "enterprise")))

            #expect(response.answer["vendor"] == .string("Acme Supplies"))
            #expect(response.answer["dueDate"] == .string("2026-03-31T00:00:00Z"), "a template's date is a date-time")
        }
    }

    // MARK: - Default agent

    @Test func theDefaultAskAgentNamesTheModelAskedFor() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let agent = try await client.ai.getAiAgentDefaultConfig(
                queryParams: GetAiAgentDefaultConfigQueryParams(mode: .ask, model: "my-model"))

            guard case .aiAgentAsk(let ask) = agent else {
                Issue.record("expected an ask agent, got \(agent)")
                return
            }
            #expect(ask.basicText?.model == "my-model")
        }
    }

    // MARK: - AI Studio

    static func askAgent(_ name: String, model: String = "m1") -> CreateAiAgent {
        CreateAiAgent(name: name, accessState: "enabled",
                      ask: AiStudioAgentAsk(accessState: "enabled", description: "\(name) agent",
                                            basicText: AiStudioAgentBasicTextTool(model: model)))
    }

    @Test func anAgentIsCreatedReadAndListed() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let created = try await client.aiStudio.createAiAgent(requestBody: Self.askAgent("Contracts"))
            let id = created.id
            let read = try await client.aiStudio.getAiAgentById(agentId: id)
            let listed = try await client.aiStudio.getAiAgents(queryParams: GetAiAgentsQueryParams(mode: ["ask"]))

            #expect(read.name == "Contracts")
            #expect(read.origin == "CUSTOM")
            #expect(listed.entries.map(\.id) == [id])
        }
    }

    @Test func anAgentIsUpdatedAndTheNewModelAnswers() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await Self.upload(client)
            let id = try await client.aiStudio.createAiAgent(requestBody: Self.askAgent("Helper")).id

            let updated = try await client.aiStudio.updateAiAgentById(agentId: id, requestBody: Self.askAgent("Helper v2", model: "m2"))
            let response = try await client.ai.createAiAsk(requestBody: AiAsk(
                mode: .singleItemQa, prompt: "Vendor?", items: [AiItemAsk(id: file.id, type: .file)],
                aiAgent: .aiAgentReference(AiAgentReference(id: id))))

            #expect(updated.name == "Helper v2")
            #expect(try await client.aiStudio.getAiAgentById(agentId: id).name == "Helper v2")
            #expect(response?.aiAgentInfo?.models?.first?.name == "m2")
        }
    }

    @Test func aDeletedAgentIsGoneAndCannotBeUsed() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await Self.upload(client)
            let id = try await client.aiStudio.createAiAgent(requestBody: Self.askAgent("Temporary")).id

            try await client.aiStudio.deleteAiAgentById(agentId: id)

            let read = await #expect(throws: BoxAPIError.self) { try await client.aiStudio.getAiAgentById(agentId: id) }
            #expect(read?.status == 404)
            let used = await #expect(throws: BoxAPIError.self) {
                try await client.ai.createAiAsk(requestBody: AiAsk(
                    mode: .singleItemQa, prompt: "Vendor?", items: [AiItemAsk(id: file.id, type: .file)],
                    aiAgent: .aiAgentReference(AiAgentReference(id: id))))
            }
            #expect(used?.status == 404)
        }
    }

    @Test func onlyAdminsCreateAgents() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.aiStudio.createAiAgent(requestBody: Self.askAgent("Mine"))
            }
            #expect(error?.status == 403)
        }
    }

    @Test func theAppsServiceAccountManagesAgentsAsInEveryAdminArea() async throws {
        try await withServer { server in
            let (service, _) = try await server.developerTokenClient(userId: server.seed.serviceAccount.id)

            let created = try await service.aiStudio.createAiAgent(requestBody: Self.askAgent("Automation"))
            try await service.aiStudio.deleteAiAgentById(agentId: created.id)

            #expect(created.name == "Automation")
            let listed = try await service.aiStudio.getAiAgents(queryParams: GetAiAgentsQueryParams(mode: ["ask"]))
            #expect(listed.entries.isEmpty)
        }
    }
}
