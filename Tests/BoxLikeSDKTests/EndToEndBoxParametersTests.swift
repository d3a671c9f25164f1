import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Parameters Box's operations take, as the server receives them from the SDK: names, places
/// (query or header) and layouts as Box documents them.
@Suite("Box's parameters reach the server")
struct EndToEndBoxParametersTests {
    /// The query of the one request the server saw on `path`, by name.
    func query(of method: String, _ path: String, in server: BoxLikeServer) async throws -> [String: String] {
        let entries = await server.requestLog.entries(method: method, path: .glob(path))
        let entry = try #require(entries.last, "the server saw no \(method) \(path)")
        let items = URLComponents(string: "/?" + entry.query)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    @Test func searchSendsTheMetadataFilterAsJSONAndTheTrashAndUpdaterFiltersAsLists() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let filter = MetadataFilter(scope: "enterprise", templateKey: "contract", filters: ["category": "online"])

            _ = try await client.search.searchForContent(queryParams: SearchForContentQueryParams(
                query: "report", recentUpdaterUserIds: ["11", "12"], trashContent: .trashedOnly, mdfilters: [filter],
                deletedUserIds: ["13"], deletedAtRange: ["2024-01-01T00:00:00Z", ""]))

            let sent = try await query(of: "GET", "/2.0/search", in: server)
            let mdfilters = try #require(sent["mdfilters"])
            let decoded = try JSONSerialization.jsonObject(with: Data(mdfilters.utf8)) as? [[String: Any]]
            #expect(decoded?.first?["scope"] as? String == "enterprise")
            #expect(decoded?.first?["templateKey"] as? String == "contract")
            #expect((decoded?.first?["filters"] as? [String: Any])?["category"] as? String == "online")
            #expect(sent["recent_updater_user_ids"] == "11,12")
            #expect(sent["deleted_user_ids"] == "13")
            #expect(sent["deleted_at_range"] == "2024-01-01T00:00:00Z,")
            #expect(sent["trash_content"] == "trashed_only")
        }
    }

    @Test func getFolderSendsTheSortAndPageOfItsItemCollection() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            _ = try await client.folders.getFolderById(folderId: "0", queryParams: GetFolderByIdQueryParams(
                sort: .name, direction: .desc, offset: 1, limit: 2))

            let sent = try await query(of: "GET", "/2.0/folders/0", in: server)
            #expect(sent["sort"] == "name")
            #expect(sent["direction"] == "DESC")
            #expect(sent["offset"] == "1")
            #expect(sent["limit"] == "2")
        }
    }

    @Test func getFileSendsRepresentationHintsInTheXRepHintsHeader() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("hints.txt", text: "x", in: try await client.makeFolder().id)

            _ = try await client.files.getFileById(fileId: file.id, headers: GetFileByIdHeaders(xRepHints: "[pdf][png?dimensions=1024x1024]"))

            let entry = try #require(await server.requestLog.entries(method: "GET", path: .glob("/2.0/files/\(file.id)")).last)
            #expect(entry.headers["x-rep-hints"] == "[pdf][png?dimensions=1024x1024]")
        }
    }

    @Test func listingUsersAsksForMarkerPaginationWithUseMarker() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            _ = try await client.users.getUsers(queryParams: GetUsersQueryParams(limit: 1, usemarker: true))

            let sent = try await query(of: "GET", "/2.0/users", in: server)
            #expect(sent["usemarker"] == "true")
            #expect(sent["limit"] == "1")
        }
    }
}
