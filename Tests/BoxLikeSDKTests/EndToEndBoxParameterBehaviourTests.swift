import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Parameters Box's operations take that the server once ignored, each sent through the
/// generated SDK and checked against what the server answers (what the SDK sends is in
/// ``EndToEndBoxParametersTests``).
@Suite("The server honours Box's parameters")
struct EndToEndBoxParameterBehaviourTests {
    /// The ids of a page of plain search results.
    func ids(_ response: SearchResultsResponse) throws -> [String?] {
        guard case .searchResults(let page) = response else {
            Issue.record("expected plain search results, got \(response)")
            return []
        }
        return try (page.entries ?? []).map { try EndToEndBoxBehaviourTests().tree($0)["id"]?.stringValue }
    }

    @Test func usersArePagedByMarker() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let first = try await admin.users.getUsers(queryParams: GetUsersQueryParams(limit: 2, usemarker: true))
            let marker = try #require(first.nextMarker)
            let second = try await admin.users.getUsers(queryParams: GetUsersQueryParams(limit: 2, usemarker: true, marker: marker))

            let firstIds = (first.entries ?? []).map(\.id)
            let secondIds = (second.entries ?? []).map(\.id)
            #expect(firstIds.count == 2)
            #expect(!secondIds.isEmpty)
            #expect(Set(firstIds).isDisjoint(with: secondIds))
        }
    }

    @Test func aFoldersItemCollectionFollowsSortDirectionOffsetAndLimit() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            for name in ["b.txt", "c.txt", "a.txt"] { _ = try await client.makeFile(name, text: name, in: folder.id) }

            let read = try await client.folders.getFolderById(folderId: folder.id, queryParams: GetFolderByIdQueryParams(
                sort: .name, direction: .desc, offset: 1, limit: 1))

            let collection = try #require(read.itemCollection)
            #expect(collection.totalCount == 3)
            #expect(collection.entries?.count == 1)
            let only = try EndToEndBoxBehaviourTests().tree(try #require(collection.entries?.first))
            #expect(only["name"] == "b.txt")
        }
    }

    @Test func searchFindsOnlyTrashedItemsWhenAsked() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let kept = try await client.makeFile("quarterly-kept.txt", text: "q", in: folder.id)
            let trashed = try await client.makeFile("quarterly-gone.txt", text: "q", in: folder.id)
            try await client.files.deleteFileById(fileId: trashed.id)

            let onlyTrashed = try await client.search.searchForContent(queryParams: SearchForContentQueryParams(
                query: "quarterly", trashContent: .trashedOnly))
            let live = try await client.search.searchForContent(queryParams: SearchForContentQueryParams(query: "quarterly"))

            #expect(try ids(onlyTrashed) == [trashed.id])
            #expect(try ids(live) == [kept.id])
        }
    }

    @Test func searchFiltersByMetadataValues() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let key = "invoice\(UUID().uuidString.prefix(6))"
            _ = try await admin.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: key, templateKey: key,
                fields: [MetadataTemplateFieldRequest(type: .float, key: "amount", displayName: "Amount")]))
            let folder = try await admin.makeFolder()
            let small = try await admin.makeFile("small.txt", text: "s", in: folder.id)
            let large = try await admin.makeFile("large.txt", text: "l", in: folder.id)
            _ = try await admin.fileMetadata.createFileMetadataById(fileId: small.id, scope: .enterprise, templateKey: key, requestBody: ["amount": 10])
            _ = try await admin.fileMetadata.createFileMetadataById(fileId: large.id, scope: .enterprise, templateKey: key, requestBody: ["amount": 5_000])

            let found = try await admin.search.searchForContent(queryParams: SearchForContentQueryParams(
                mdfilters: [MetadataFilter(scope: "enterprise", templateKey: key, filters: ["amount": ["gt": 1_000]])]))

            #expect(try ids(found) == [large.id])
        }
    }

    @Test func aSharedFolderTheCallerAlreadyHasIsNotModified() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let shared = try await client.sharedLinksFolders.addShareLinkToFolder(
                folderId: folder.id, requestBody: AddShareLinkToFolderRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)
            let found = try await client.sharedLinksFolders.findFolderForSharedLink(
                headers: FindFolderForSharedLinkHeaders(boxapi: "shared_link=\(url)"))
            let etag = try #require(found.etag ?? nil)

            // The SDK reports a 304 as an error carrying the status.
            let again = await #expect(throws: BoxAPIError.self) {
                try await client.makeRequest(path: "/shared_items", headers: ["BoxApi": "shared_link=\(url)", "If-None-Match": etag])
            }

            #expect(again?.status == 304)
        }
    }

    @Test func theOwnerRoleTransfersTheItemAndAnswersNoContent() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let newOwnerId = server.seed.appUsers[0].id
            let (newOwner, _) = try await server.developerTokenClient(userId: newOwnerId)
            let folder = try await owner.makeFolder()
            let collaboration = try await owner.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: newOwnerId), role: .editor))

            let answer = try await owner.userCollaborations.updateCollaborationById(
                collaborationId: collaboration.id, requestBody: UpdateCollaborationByIdRequestBody(role: .owner))

            #expect(answer == nil)
            #expect(try await newOwner.folders.getFolderById(folderId: folder.id).ownedBy?.id == newOwnerId)
            let remaining = try await newOwner.listCollaborations.getFolderCollaborations(folderId: folder.id).entries ?? []
            #expect(remaining.map { $0.role?.rawValue } == ["editor"])
            #expect(try remaining.map { try EndToEndBoxBehaviourTests().tree(try #require($0.accessibleBy))["id"]?.stringValue }
                == [server.seed.adminUser.id])
        }
    }

    @Test func searchWithRecentSharedLinksWrapsEachItemWithItsLink() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let (visitor, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await owner.makeFile("roadmap-2027.txt", text: "plans", in: try await owner.makeFolder().id)
            let shared = try await owner.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)
            _ = try await visitor.sharedLinksFiles.findFileForSharedLink(headers: FindFileForSharedLinkHeaders(boxapi: "shared_link=\(url)"))

            let results = try await visitor.search.searchForContent(queryParams: SearchForContentQueryParams(
                query: "roadmap", includeRecentSharedLinks: true))
            let plain = try await visitor.search.searchForContent(queryParams: SearchForContentQueryParams(query: "roadmap"))

            guard case .searchResultsWithSharedLinks(let page) = results else {
                Issue.record("expected search_results_with_shared_links, got \(results)")
                return
            }
            let entry = try #require(page.entries?.first)
            #expect(try EndToEndBoxBehaviourTests().tree(try #require(entry.item))["id"]?.stringValue == file.id)
            #expect(entry.accessibleViaSharedLink == url)
            #expect(try ids(plain).isEmpty)
        }
    }
}

extension EndToEndBoxParameterBehaviourTests {
    @Test func representationsAreListedForTheHintsAndServedFromTheirURL() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("notes.txt", text: "meeting notes", in: try await client.makeFolder().id)

            let read = try await client.files.getFileById(
                fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["representations"]),
                headers: GetFileByIdHeaders(xRepHints: "[png?dimensions=94x94][extracted_text][pdf]"))

            let entries = try #require(read.representations?.entries)
            #expect(entries.map(\.representation) == ["png", "extracted_text", "pdf"])
            #expect(entries.map { $0.status?.state?.rawValue } == ["success", "success", "none"])
            #expect(entries.first?.properties?.dimensions == "94x94")
            // The content URL needs no token, as Box's representation URLs.
            let template = try #require(entries[1].content?.urlTemplate)
            let text = try await server.anonymousGET(template.replacingOccurrences(of: "{+asset_path}", with: ""))
            #expect(text.status == 200)
            #expect(text.body == "meeting notes")
        }
    }
}
