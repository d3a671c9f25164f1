import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.skills`, as Box's documentation uses it.
@Suite("Drop-in: skills")
struct SkillsTests {
    @Test func aFilesSkillCardsAreAttachedReadAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "call.mp3", text: "audio")

            let created = try await client.skills.createBoxSkillCardsOnFile(
                fileId: file.id, requestBody: CreateBoxSkillCardsOnFileRequestBody(cards: []))
            #expect(created.template == "boxSkillsCards")

            let read = try await client.skills.getBoxSkillCardsOnFile(fileId: file.id)
            #expect(read.scope == "global")
            #expect(read.cards?.isEmpty == true)

            try await client.skills.deleteBoxSkillCardsFromFile(fileId: file.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.skills.getBoxSkillCardsOnFile(fileId: file.id) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aSkillCannotReportOnAFileItsCallerCannotSee() async throws {
        try await withLocalBox { box in
            let file = try await uploadText(box.client, name: "private.mp3", text: "audio")
            let outsider = try await box.client(forUser: box.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await outsider.skills.updateAllSkillCardsOnFile(skillId: "33243242", requestBody: UpdateAllSkillCardsOnFileRequestBody(
                    status: UpdateAllSkillCardsOnFileRequestBodyStatusField.success,
                    metadata: UpdateAllSkillCardsOnFileRequestBodyMetadataField(cards: []),
                    file: UpdateAllSkillCardsOnFileRequestBodyFileField(type: UpdateAllSkillCardsOnFileRequestBodyFileTypeField.file, id: file.id)))
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}

extension SkillsTests {
    @Test func keywordCardsAreCreatedReplacedAndOverwrittenByTheSkill() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "meeting.mp3", text: "audio")
            let skillId = "33243242"
            func keywords(_ words: [String]) -> SkillCard {
                SkillCard.keywordSkillCard(KeywordSkillCard(
                    skill: KeywordSkillCardSkillField(id: skillId),
                    invocation: KeywordSkillCardInvocationField(id: "invocation-1"),
                    entries: words.map { KeywordSkillCardEntriesField(text: $0) },
                    skillCardTitle: KeywordSkillCardSkillCardTitleField(message: "Topics", code: "topics")))
            }

            let created = try await client.skills.createBoxSkillCardsOnFile(
                fileId: file.id, requestBody: CreateBoxSkillCardsOnFileRequestBody(cards: [keywords(["budget"]), keywords(["hiring"])]))
            #expect(created.cards?.count == 2)

            let updated = try await client.skills.updateBoxSkillCardsOnFile(fileId: file.id, requestBody: [
                UpdateBoxSkillCardsOnFileRequestBody(op: UpdateBoxSkillCardsOnFileRequestBodyOpField.replace, path: "/cards/1", value: keywords(["travel"])),
            ])
            #expect(updated.cards?.count == 2)

            try await client.skills.updateAllSkillCardsOnFile(skillId: skillId, requestBody: UpdateAllSkillCardsOnFileRequestBody(
                status: .success,
                metadata: UpdateAllSkillCardsOnFileRequestBodyMetadataField(cards: [keywords(["final", "approved"])]),
                file: UpdateAllSkillCardsOnFileRequestBodyFileField(type: .file, id: file.id),
                usage: UpdateAllSkillCardsOnFileRequestBodyUsageField(unit: "file", value: 1)))
            #expect(try await client.skills.getBoxSkillCardsOnFile(fileId: file.id).cards?.count == 1)
        }
    }
}
