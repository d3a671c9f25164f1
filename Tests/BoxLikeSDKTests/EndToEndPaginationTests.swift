import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The generated `…Sequence` methods page through the server's lists lazily, across page
/// boundaries, for marker and offset pagination.
@Suite("Pagination against the server")
struct EndToEndPaginationTests {
    /// A folder holding `count` subfolders named `item-0`, `item-1`...
    private func folder(with count: Int, client: BoxClient) async throws -> String {
        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "paged-\(UUID().uuidString)", parent: CreateFolderRequestBodyParentField(id: "0")))
        for index in 0..<count {
            _ = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "item-\(index)", parent: CreateFolderRequestBodyParentField(id: folder.id)))
        }
        return folder.id
    }

    @Test func markerPaginationReadsEveryItemAcrossPages() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folderId = try await folder(with: 7, client: client)
            await server.requestLog.clear()

            var names: [String] = []
            for try await item in client.folders.getFolderItemsSequence(
                folderId: folderId, queryParams: GetFolderItemsQueryParams(limit: 3)) {
                if case .folderMini(let folder) = item { names.append(folder.name ?? "") }
            }

            #expect(names.sorted() == (0..<7).map { "item-\($0)" }.sorted())
            let pages = await server.requestLog.entries(method: "GET", path: .exact("/2.0/folders/\(folderId)/items"))
            #expect(pages.count == 3)
            let queries = pages.map { TestBrowser.queryParameters(of: "?" + $0.query) }
            #expect(queries.allSatisfy { $0["usemarker"] == "true" && $0["limit"] == "3" && $0["offset"] == nil })
            #expect(queries.first?["marker"] == nil)
            #expect(queries.dropFirst().allSatisfy { $0["marker"] != nil })
        }
    }

    @Test func offsetPaginationReadsEveryItemAcrossPages() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let everyone = try await client.users.getUsers(queryParams: GetUsersQueryParams(limit: 1000)).entries ?? []
            #expect(everyone.count > 2)
            await server.requestLog.clear()

            let paged = try await client.users.getUsersSequence(queryParams: GetUsersQueryParams(limit: 2)).collect()

            #expect(paged.map(\.id) == everyone.map(\.id))
            let pages = await server.requestLog.entries(method: "GET", path: .exact("/2.0/users"))
            #expect(pages.count == (everyone.count + 1) / 2)
            #expect(pages.map { TestBrowser.queryParameters(of: "?" + $0.query)["offset"] } == pages.indices.map { String($0 * 2) })
        }
    }

    @Test func stoppingEarlyFetchesNoFurtherPage() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folderId = try await folder(with: 5, client: client)
            await server.requestLog.clear()

            var seen = 0
            for try await _ in client.folders.getFolderItemsSequence(
                folderId: folderId, queryParams: GetFolderItemsQueryParams(limit: 2)) {
                seen += 1
                if seen == 2 { break }
            }

            #expect(seen == 2)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/folders/\(folderId)/items")).count == 1)
        }
    }

    @Test func aFailingPageEndsTheSequenceWithItsError() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient(maxAttempts: 1)
            let folderId = try await folder(with: 4, client: client)
            var received = 0
            let error = await #expect(throws: BoxAPIError.self) {
                for try await _ in client.folders.getFolderItemsSequence(
                    folderId: folderId, queryParams: GetFolderItemsQueryParams(limit: 2)) {
                    received += 1
                    if received == 2 {
                        // The next page is refused.
                        _ = await server.faults.inject(.status(403), method: "GET",
                                                       path: .exact("/2.0/folders/\(folderId)/items"), count: 1)
                    }
                }
            }
            #expect(error?.status == 403)
            #expect(received == 2)
        }
    }
}
