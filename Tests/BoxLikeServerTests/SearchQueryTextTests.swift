import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// `GET /search`'s query operators as Box documents them.
@Suite("Search query operators")
struct SearchQueryTextTests {
    static func finds(_ query: String, in text: String) -> Bool {
        SearchQueryText.parse(query).matches(SearchableText(text))
    }

    @Test func wordsSideBySideMatchWhenEitherDoes() {
        #expect(Self.finds("marketing BoxWorks", in: "BoxWorks keynote"))
        #expect(Self.finds("marketing BoxWorks", in: "Marketing plan"))
        #expect(!Self.finds("marketing BoxWorks", in: "Budget"))
    }

    @Test func andNeedsBothTerms() {
        #expect(Self.finds("marketing AND BoxWorks", in: "BoxWorks marketing plan"))
        #expect(!Self.finds("marketing AND BoxWorks", in: "BoxWorks keynote"))
    }

    @Test func notLeavesOutWhatHasTheTerm() {
        #expect(Self.finds("marketing AND NOT BoxWorks", in: "marketing plan"))
        #expect(!Self.finds("marketing AND NOT BoxWorks", in: "marketing at BoxWorks"))
    }

    @Test func lowerCaseOperatorsAreWords() {
        #expect(SearchQueryText.parse("cats and dogs") == .or(.or(.word("cats"), .word("and")), .word("dogs")))
    }

    @Test func aQuotedPhraseMatchesItsWordsInOrderWhateverSeparatesThem() {
        #expect(Self.finds("\"Blue-Box\"", in: "the blue.box report"))
        #expect(Self.finds("\"Blue-Box\"", in: "Blue Box"))
        #expect(!Self.finds("\"Blue-Box\"", in: "box blue"))
        #expect(!Self.finds("\"Blue-Box\"", in: "blue and box"))
    }

    @Test func operatorsWithNothingToJoinAreLeftOut() {
        #expect(SearchQueryText.parse("AND budget OR") == .word("budget"))
        #expect(SearchQueryText.parse("") == .everything)
    }

    @Test func searchesMatchAnyWordAndListTheBestMatchesFirst() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            for name in ["budget.txt", "marketing budget.txt", "marketing.txt", "other.txt"] {
                let created = try await server.send(
                    .POST, server.uploadBaseURL + "/files/content",
                    headers: [("Authorization", "Bearer \(token)"), ("Content-Type", Multipart.contentType)],
                    body: Multipart.upload(attributes: ["name": .string(name), "parent": ["id": "0"]], file: Array("text".utf8)))
                #expect(created.status == 201)
            }

            let found = try await server.api(.GET, "/search?query=marketing%20budget&type=file", token: token)
            let excluded = try await server.api(.GET, "/search?query=budget%20AND%20NOT%20marketing&type=file", token: token)

            let names = found.json?["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(names?.first == "marketing budget.txt")
            #expect(Set(names ?? []) == ["budget.txt", "marketing budget.txt", "marketing.txt"])
            #expect(excluded.json?["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["budget.txt"])
        }
    }
}
