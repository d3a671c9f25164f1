import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Box Skills cards on files, written card by card or all at once by a skill's invocation.
@Suite("Skills against the server")
struct EndToEndSkillsTests {
    func keywords(_ words: [String], skill: String = "skill-7") -> SkillCard {
        .keywordSkillCard(KeywordSkillCard(
            skill: KeywordSkillCardSkillField(id: skill),
            invocation: KeywordSkillCardInvocationField(id: "invocation-1"),
            entries: words.map { KeywordSkillCardEntriesField(text: $0) },
            skillCardTitle: KeywordSkillCardSkillCardTitleField(message: "Topics")))
    }

    func words(_ metadata: SkillCardsMetadata) -> [[String]] {
        (metadata.cards ?? []).map { card in
            guard case .keywordSkillCard(let keyword) = card else { return [] }
            return keyword.entries.compactMap(\.text)
        }
    }

    @Test func cardsAreCreatedOnAFileAndReadBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("call.mp3", text: "audio", in: try await admin.makeFolder().id)

            let created = try await admin.skills.createBoxSkillCardsOnFile(
                fileId: file.id, requestBody: CreateBoxSkillCardsOnFileRequestBody(cards: [keywords(["budget", "hiring"])]))
            let read = try await admin.skills.getBoxSkillCardsOnFile(fileId: file.id)

            #expect(created.template == "boxSkillsCards")
            #expect(created.scope == "global")
            #expect(words(read) == [["budget", "hiring"]])
            let listed = try await admin.fileMetadata.getFileMetadata(fileId: file.id).entries ?? []
            #expect(listed.count == 1, "the cards are one of the file's metadata instances")
        }
    }

    @Test func aFileHoldsOneSetOfCards() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("call.mp3", text: "audio", in: try await admin.makeFolder().id)
            let body = CreateBoxSkillCardsOnFileRequestBody(cards: [keywords(["budget"])])
            _ = try await admin.skills.createBoxSkillCardsOnFile(fileId: file.id, requestBody: body)

            let error = await #expect(throws: BoxAPIError.self) { try await admin.skills.createBoxSkillCardsOnFile(fileId: file.id, requestBody: body) }

            #expect(error?.status == 409)
        }
    }

    @Test func oneCardIsReplacedByItsIndex() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("call.mp3", text: "audio", in: try await admin.makeFolder().id)
            _ = try await admin.skills.createBoxSkillCardsOnFile(
                fileId: file.id, requestBody: CreateBoxSkillCardsOnFileRequestBody(cards: [keywords(["budget"]), keywords(["hiring"])]))

            let updated = try await admin.skills.updateBoxSkillCardsOnFile(fileId: file.id, requestBody: [
                UpdateBoxSkillCardsOnFileRequestBody(op: .replace, path: "/cards/1", value: keywords(["travel"])),
            ])

            #expect(words(updated) == [["budget"], ["travel"]])
            #expect(updated.version == 1)
            #expect(words(try await admin.skills.getBoxSkillCardsOnFile(fileId: file.id)) == [["budget"], ["travel"]])
        }
    }

    @Test func replacingACardThatIsNotThereIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("call.mp3", text: "audio", in: try await admin.makeFolder().id)
            _ = try await admin.skills.createBoxSkillCardsOnFile(
                fileId: file.id, requestBody: CreateBoxSkillCardsOnFileRequestBody(cards: [keywords(["budget"])]))

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.skills.updateBoxSkillCardsOnFile(fileId: file.id, requestBody: [
                    UpdateBoxSkillCardsOnFileRequestBody(op: .replace, path: "/cards/3", value: keywords(["travel"])),
                ])
            }

            #expect(error?.status == 400)
        }
    }

    @Test func deletedCardsAreGone() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("call.mp3", text: "audio", in: try await admin.makeFolder().id)
            _ = try await admin.skills.createBoxSkillCardsOnFile(
                fileId: file.id, requestBody: CreateBoxSkillCardsOnFileRequestBody(cards: [keywords(["budget"])]))

            try await admin.skills.deleteBoxSkillCardsFromFile(fileId: file.id)

            let error = await #expect(throws: BoxAPIError.self) { try await admin.skills.getBoxSkillCardsOnFile(fileId: file.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func anInvocationReportReplacesEveryCardOnTheFile() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("call.mp3", text: "audio", in: try await admin.makeFolder().id)
            _ = try await admin.skills.createBoxSkillCardsOnFile(
                fileId: file.id, requestBody: CreateBoxSkillCardsOnFileRequestBody(cards: [keywords(["draft"]), keywords(["old"])]))

            try await admin.skills.updateAllSkillCardsOnFile(skillId: "skill-7", requestBody: UpdateAllSkillCardsOnFileRequestBody(
                status: .success, metadata: UpdateAllSkillCardsOnFileRequestBodyMetadataField(cards: [keywords(["final", "approved"])]),
                file: UpdateAllSkillCardsOnFileRequestBodyFileField(type: .file, id: file.id),
                usage: UpdateAllSkillCardsOnFileRequestBodyUsageField(unit: "file", value: 1)))

            #expect(words(try await admin.skills.getBoxSkillCardsOnFile(fileId: file.id)) == [["final", "approved"]])
        }
    }

    @Test func anInvocationReportOnAFileTheCallerCannotSeeIsNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (outsider, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await admin.makeFile("call.mp3", text: "audio", in: try await admin.makeFolder().id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await outsider.skills.updateAllSkillCardsOnFile(skillId: "skill-7", requestBody: UpdateAllSkillCardsOnFileRequestBody(
                    status: .success, metadata: UpdateAllSkillCardsOnFileRequestBodyMetadataField(cards: [keywords(["x"])]),
                    file: UpdateAllSkillCardsOnFileRequestBodyFileField(type: .file, id: file.id)))
            }

            #expect(error?.status == 404)
        }
    }
}
