import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Shared links, search, webhooks, metadata and events")
struct SharingSearchAndEventsTests {
    @Test func sharedLinksCanBeCreatedFoundAndRemoved() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let created = try await server.api(
                .PUT, "/files/\(admin.fileId)?fields=shared_link", token: token,
                json: ["shared_link": ["access": "open", "password": "letmein12"]])
            #expect(created.status == 200)
            let url = try #require(created.json?["shared_link"]?["url"]?.stringValue)
            #expect(created.json?["shared_link"]?["is_password_enabled"] == true)
            let read = try await server.api(.GET, "/files/\(admin.fileId)?fields=shared_link", token: token)
            #expect(read.json?["shared_link"]?["url"]?.stringValue == url)
            let alice = try await server.mintDeveloperToken(userId: server.seed.appUsers[0].id)
            let wrongPassword = try await server.api(.GET, "/shared_items", token: alice, headers: [("BoxApi", "shared_link=\(url)&shared_link_password=nope")])
            #expect(wrongPassword.status == 403)
            let found = try await server.api(.GET, "/shared_items", token: alice, headers: [("BoxApi", "shared_link=\(url)&shared_link_password=letmein12")])
            #expect(found.json?["id"]?.stringValue == admin.fileId)
            let removed = try await server.api(
                .PUT, "/files/\(admin.fileId)?fields=shared_link", token: token, json: ["shared_link": nil])
            #expect(removed.json?["shared_link"] == .null)
            #expect(try await server.api(.GET, "/shared_items", token: alice, headers: [("BoxApi", "shared_link=\(url)")]).status == 404)
        }
    }

    @Test func sharedLinkSubPathsBoxDoesNotHaveAreNotServed() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let webLink = try await server.api(
                .POST, "/web_links", token: token, json: ["url": "https://example.com", "parent": ["id": .string(admin.folderId)]])
            let webLinkId = try #require(webLink.json?["id"]?.stringValue)
            let items = ["/files/\(admin.fileId)", "/folders/\(admin.folderId)", "/web_links/\(webLinkId)"]
            for item in items {
                #expect(try await server.api(.GET, "\(item)/shared_link?fields=shared_link", token: token).status == 404, "GET \(item)/shared_link")
                let add = try await server.api(.PUT, "\(item)/shared_link?fields=shared_link", token: token, json: ["shared_link": ["access": "open"]])
                #expect(add.status == 404, "PUT \(item)/shared_link")
                let remove = try await server.api(.PUT, "\(item)/shared_link/remove?fields=shared_link", token: token, json: ["shared_link": nil])
                #expect(remove.status == 404, "PUT \(item)/shared_link/remove")
                #expect(try await server.api(.GET, "\(item)?fields=shared_link", token: token).json?["shared_link"] == .null, "\(item) stays unshared")
            }
        }
    }

    @Test func sharedLinkDownscopingRestrictsToTheSharedItem() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let shared = try await server.api(.PUT, "/files/\(admin.fileId)?fields=shared_link", token: token, json: ["shared_link": ["access": "open"]])
            let url = try #require(shared.json?["shared_link"]?["url"]?.stringValue)
            let exchange = try await server.token([
                ("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange"), ("subject_token", token),
                ("subject_token_type", "urn:ietf:params:oauth:token-type:access_token"), ("scope", "item_preview"), ("box_shared_link", url),
            ])
            let restricted = try #require(exchange.json?["access_token"]?.stringValue)
            #expect(try await server.api(.GET, "/files/\(admin.fileId)", token: restricted).status == 200)
            #expect(try await server.api(.GET, "/folders/\(admin.folderId)", token: restricted).status == 403)
        }
    }

    @Test func searchFindsByNameWithFiltersAndRespectsAccess() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let byName = try await server.api(.GET, "/search?query=readme", token: token)
            #expect(byName.json?["type"] == "search_results_items")
            #expect(byName.json?["entries"]?.arrayValue?.map { $0["id"]?.stringValue } == [admin.fileId])
            let csv = try await server.api(.GET, "/search?query=q1&file_extensions=csv&ancestor_folder_ids=\(admin.folderId)", token: token)
            #expect(csv.json?["total_count"] == 1)
            let folders = try await server.api(.GET, "/search?query=reports&type=folder", token: token)
            #expect(folders.json?["entries"]?[0]?["id"]?.stringValue == server.seed.adminSubfolderId)
            let bySize = try await server.api(.GET, "/search?query=notes&size_range=1,1000000", token: token)
            #expect(bySize.json?["total_count"] == 0)
            let byContent = try await server.api(.GET, "/search?query=revenue&content_types=file_content", token: token)
            #expect(byContent.json?["entries"]?.arrayValue?.map { $0["id"]?.stringValue } == [server.seed.adminSubfolderFileId])
            let alice = try await server.mintDeveloperToken(userId: server.seed.appUsers[0].id)
            let aliceNotes = try await server.api(.GET, "/search?query=notes&limit=10&offset=0", token: alice)
            #expect(aliceNotes.json?["entries"]?.arrayValue?.map { $0["id"]?.stringValue } == [server.seed.appUsers[0].fileId])
        }
    }

    @Test func webhooksLifecycleNeedsManageWebhookScope() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let created = try await server.api(.POST, "/webhooks", token: token, json: [
                "target": ["type": "folder", "id": .string(admin.folderId)], "address": "https://hooks.example.com/box",
                "triggers": ["FILE.UPLOADED", "FOLDER.CREATED"],
            ])
            #expect(created.status == 201)
            let id = try #require(created.json?["id"]?.stringValue)
            #expect(try await server.api(.GET, "/webhooks", token: token).json?["entries"]?.arrayValue?.count == 1)
            let updated = try await server.api(.PUT, "/webhooks/\(id)", token: token, json: ["triggers": ["FILE.TRASHED"]])
            #expect(updated.json?["triggers"] == ["FILE.TRASHED"])
            #expect(try await server.api(.GET, "/webhooks/\(id)", token: token).status == 200)
            #expect(try await server.api(.DELETE, "/webhooks/\(id)", token: token).status == 204)
            #expect(try await server.api(.GET, "/webhooks/\(id)", token: token).status == 404)
        }
    }

    @Test func metadataInstancesCanBeCreatedPatchedAndDeleted() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let path = "/files/\(admin.fileId)/metadata/global/properties"
            let created = try await server.api(.POST, path, token: token, json: ["team": "blue", "year": 2024])
            #expect(created.status == 201)
            #expect(created.json?["$template"] == "properties")
            #expect(try await server.api(.POST, path, token: token, json: ["team": "red"]).status == 409)
            let patched = try await server.api(
                .PUT, path, token: token, headers: [("Content-Type", "application/json-patch+json")],
                rawBody: JSONValue.array([["op": "replace", "path": "/team", "value": "green"], ["op": "remove", "path": "/year"]]).serialized())
            #expect(patched.status == 200)
            #expect(patched.json?["team"] == "green")
            #expect(patched.json?["year"] == nil)
            #expect(try await server.api(.GET, "/files/\(admin.fileId)/metadata", token: token).json?["entries"]?.arrayValue?.count == 1)
            #expect(try await server.api(.GET, path, token: token).json?["team"] == "green")
            #expect(try await server.api(.DELETE, path, token: token).status == 204)
            #expect(try await server.api(.GET, path, token: token).status == 404)
        }
    }

    @Test func aUserStreamsPositionIsANumberAndTheAdminLogsPositionAString() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let user = try await server.api(.GET, "/events?stream_position=now", token: token)
            #expect(user.json?["next_stream_position"]?.intValue != nil)
            let read = try await server.api(.GET, "/events?stream_position=0", token: token)
            #expect(read.json?["next_stream_position"]?.intValue != nil)
            let admin = try await server.api(.GET, "/events?stream_type=admin_logs&stream_position=now", token: token)
            #expect(admin.json?["next_stream_position"]?.stringValue != nil)
        }
    }

    @Test func everyMutationAppendsAnEventWithAStreamPosition() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let now = try await server.api(.GET, "/events?stream_position=now", token: token)
            let start = try #require(now.json?["next_stream_position"]?.intValue)
            let folder = try await server.api(.POST, "/folders", token: token, json: ["name": "Evented", "parent": ["id": "0"]])
            let folderId = try #require(folder.json?["id"]?.stringValue)
            _ = try await server.api(.PUT, "/folders/\(folderId)", token: token, json: ["name": "Evented2"])
            let events = try await server.api(.GET, "/events?stream_position=\(start)", token: token)
            #expect(events.json?["entries"]?.arrayValue?.compactMap { $0["event_type"]?.stringValue } == ["ITEM_CREATE", "ITEM_RENAME"])
            #expect(events.json?["chunk_size"] == 2)
            let next = try #require(events.json?["next_stream_position"]?.intValue)
            #expect(try await server.api(.GET, "/events?stream_position=\(next)", token: token).json?["chunk_size"] == 0)
            let alice = try await server.mintDeveloperToken(userId: server.seed.appUsers[0].id)
            #expect(try await server.api(.GET, "/events?stream_position=\(start)", token: alice).json?["chunk_size"] == 0)
        }
    }

    @Test func fileCopiesAndCollaborationLookupsWork() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let copy = try await server.api(.POST, "/files/\(admin.fileId)/copy", token: token, json: ["parent": ["id": "0"], "name": "copy.txt"])
            #expect(copy.status == 201)
            #expect(copy.json?["sha1"] == (try await server.api(.GET, "/files/\(admin.fileId)", token: token)).json?["sha1"])
            let collaboration = try await server.api(.POST, "/collaborations", token: token, json: [
                "item": ["type": "file", "id": .string(admin.fileId)], "accessible_by": ["type": "user", "login": .string(server.seed.appUsers[1].login)],
                "role": "editor",
            ])
            let id = try #require(collaboration.json?["id"]?.stringValue)
            #expect(try await server.api(.GET, "/collaborations/\(id)", token: token).json?["role"] == "editor")
            #expect(try await server.api(.GET, "/files/\(admin.fileId)/collaborations", token: token).json?["entries"]?.arrayValue?.count == 1)
        }
    }

    @Test func unknownRoutesAndMissingTokensAreBoxErrors() async throws {
        try await withTestServer { server in
            let missing = try await server.send(.GET, server.apiBaseURL + "/users/me")
            #expect(missing.status == 401)
            #expect(missing.header("www-authenticate")?.hasPrefix("Bearer realm=\"Service\"") == true)
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let unknown = try await server.api(.GET, "/nowhere", token: token)
            #expect(unknown.status == 404)
            #expect(unknown.json?["request_id"]?.stringValue == unknown.header("box-request-id"))
        }
    }
}
