import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.ai`, as Box's documentation uses it.
@Suite("Drop-in: Box AI")
struct AiTests {
    @Test func aQuestionAboutOneFileIsAnswered() async throws {
        try await withLocalBox { box in
            let client = box.client
            let aiAgentConfig = try await client.ai.getAiAgentDefaultConfig(
                queryParams: GetAiAgentDefaultConfigQueryParams(mode: GetAiAgentDefaultConfigQueryParamsModeField.ask, language: "en-US"))
            _ = aiAgentConfig
            let fileToAsk = try await uploadText(client, name: "sun.txt", text: "Sun rises in the East")

            let response = try await client.ai.createAiAsk(requestBody: AiAsk(
                mode: AiAskModeField.singleItemQa, prompt: "which direction sun rises",
                items: [AiItemAsk(id: fileToAsk.id, type: AiItemAskTypeField.file, content: "Sun rises in the East")]))

            let answer = try #require(response)
            #expect(answer.answer.contains("East"))
            #expect(answer.completionReason == "done")
        }
    }

    @Test func aQuestionAboutSeveralFilesIsAnswered() async throws {
        try await withLocalBox { box in
            let client = box.client
            let fileToAsk1 = try await uploadText(client, name: "earth.txt", text: "Earth goes around the sun")
            let fileToAsk2 = try await uploadText(client, name: "morning.txt", text: "Sun rises in the East in the morning")

            let response = try await client.ai.createAiAsk(requestBody: AiAsk(
                mode: AiAskModeField.multipleItemQa, prompt: "Which direction sun rises?",
                items: [
                    AiItemAsk(id: fileToAsk1.id, type: AiItemAskTypeField.file, content: "Earth goes around the sun"),
                    AiItemAsk(id: fileToAsk2.id, type: AiItemAskTypeField.file, content: "Sun rises in the East in the morning"),
                ]))

            #expect(try #require(response).answer.contains("East"))
        }
    }

    @Test func textIsGeneratedFollowingTheDialogue() async throws {
        try await withLocalBox { box in
            let client = box.client
            let fileToAsk = try await uploadText(client, name: "facts.txt", text: "The Earth goes around the sun.")
            _ = try await client.ai.getAiAgentDefaultConfig(
                queryParams: GetAiAgentDefaultConfigQueryParams(mode: GetAiAgentDefaultConfigQueryParamsModeField.textGen, language: "en-US"))
            let createdAt = try #require(ISO8601DateFormatter().date(from: "2021-01-01T00:00:00Z"))

            let response = try await client.ai.createAiTextGen(requestBody: AiTextGen(
                prompt: "Paraphrase the document.",
                items: [AiTextGenItemsField(
                    id: fileToAsk.id, type: AiTextGenItemsTypeField.file,
                    content: "The Earth goes around the sun. Sun rises in the East in the morning.")],
                dialogueHistory: [
                    AiDialogueHistory(prompt: "What does the earth go around?", answer: "The sun", createdAt: createdAt),
                    AiDialogueHistory(prompt: "On Earth, where does the sun rise?", answer: "East", createdAt: createdAt),
                ]))

            #expect(response.answer.contains("sun"))
            #expect(response.completionReason == "done")
        }
    }

    @Test func keyValuePairsAreExtracted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(
                client, name: "person.txt", text: "My name is John Doe. I live in San Francisco. I was born in 1990. I work at Box.")

            let response = try await client.ai.createAiExtract(requestBody: AiExtract(
                prompt: "firstName, lastName, location, yearOfBirth, company", items: [AiItemBase(id: file.id)]))

            #expect(response.answer.contains("\"firstName\""))
            #expect(response.completionReason == "done")
        }
    }

    @Test func structuredFieldsAreExtracted() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await client.ai.getAiAgentDefaultConfig(queryParams: GetAiAgentDefaultConfigQueryParams(
                mode: GetAiAgentDefaultConfigQueryParamsModeField.extractStructured, language: "en-US"))
            let file = try await uploadText(
                client, name: "hobby.txt", text: "My name is John Doe. I was born in 4th July 1990. I am 34 years old. My hobby is guitar.")

            let response = try await client.ai.createAiExtractStructured(requestBody: AiExtractStructured(
                items: [AiItemBase(id: file.id)],
                fields: [
                    AiExtractStructuredFieldsField(
                        key: "firstName", description: "Person first name", displayName: "First name",
                        prompt: "What is the your first name?", type: "string"),
                    AiExtractStructuredFieldsField(
                        key: "hobby", description: "Person hobby", displayName: "Hobby", prompt: "What is your hobby?", type: "multiSelect",
                        options: [AiExtractStructuredFieldsOptionsField(key: "guitar"), AiExtractStructuredFieldsOptionsField(key: "books")]),
                ]))

            #expect(response.answer["firstName"] != nil)
            #expect(response.answer["hobby"] != nil)
            #expect(response.completionReason == "done")
        }
    }
}
