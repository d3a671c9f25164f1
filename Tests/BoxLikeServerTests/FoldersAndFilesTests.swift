import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Folders and files: CRUD, etags, fields, pagination")
struct FoldersAndFilesTests {
    @Test func queryBooleansAreReadAsBoxReadsThemWhateverTheirCase() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let folder = server.seed.adminSubfolderId

            let plain = try await server.api(.DELETE, "/folders/\(folder)", token: token)
            let capitalised = try await server.api(.DELETE, "/folders/\(folder)?recursive=True", token: token)

            #expect(plain.status == 400, "a folder with content needs recursive")
            #expect(capitalised.status == 204)
        }
    }

    @Test func markerPagingKeepsTheDefaultOrderWhateverTheCaseOfUsemarker() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let parent = try await server.api(.POST, "/folders", token: token, json: ["name": "Order", "parent": ["id": "0"]])
            let parentId = try #require(parent.json?["id"]?.stringValue)
            // Created "b" first, so id order (b, a) differs from the default name order (a, b).
            for name in ["b", "a"] {
                _ = try await server.api(.POST, "/folders", token: token, json: ["name": .string(name), "parent": ["id": .string(parentId)]])
            }

            func names(_ query: String) async throws -> [String] {
                let page = try await server.api(.GET, "/folders/\(parentId)/items?\(query)", token: token)
                return page.json?["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            }

            #expect(try await names("sort=id") == ["b", "a"])
            #expect(try await names("usemarker=true&sort=id") == ["a", "b"])
            #expect(try await names("usemarker=True&sort=id") == ["a", "b"])
        }
    }

    @Test func aDownloadTakesItsTokenFromTheQueryAsBoxDoes() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)

            let download = try await server.api(.GET, "/files/\(admin.fileId)/content?access_token=\(token)", token: nil)
            let elsewhere = try await server.api(.GET, "/files/\(admin.fileId)?access_token=\(token)", token: nil)

            #expect(download.status == 302)
            #expect(elsewhere.status == 401)
            let logged = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/files/\(admin.fileId)/content")).first)
            #expect(!logged.query.contains(token))
        }
    }

    @Test func rootFolderIsZeroForEveryUser() async throws {
        try await withTestServer { server in
            let alice = server.seed.appUsers[0]
            let token = try await server.mintDeveloperToken(userId: alice.id)
            let root = try await server.api(.GET, "/folders/0", token: token)
            #expect(root.json?["id"] == "0")
            #expect(root.json?["item_collection"]?["entries"]?.arrayValue?.first?["id"]?.stringValue == alice.folderId)
        }
    }

    @Test func createRenameMoveCopyAndDeleteAFolder() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let created = try await server.api(.POST, "/folders", token: token, json: ["name": "New", "parent": ["id": "0"]])
            #expect(created.status == 201)
            let id = try #require(created.json?["id"]?.stringValue)
            let conflict = try await server.api(.POST, "/folders", token: token, json: ["name": "new", "parent": ["id": "0"]])
            #expect(conflict.status == 409)
            #expect(conflict.json?["code"] == "item_name_in_use")
            #expect(conflict.json?["context_info"]?["conflicts"]?.arrayValue?.first?["id"]?.stringValue == id)
            let renamed = try await server.api(.PUT, "/folders/\(id)", token: token, json: ["name": "Renamed", "parent": ["id": .string(server.seed.adminUser.folderId)]])
            #expect(renamed.json?["name"] == "Renamed")
            #expect(renamed.json?["parent"]?["id"]?.stringValue == server.seed.adminUser.folderId)
            let copy = try await server.api(.POST, "/folders/\(server.seed.adminSubfolderId)/copy", token: token, json: ["parent": ["id": .string(id)]])
            #expect(copy.status == 201)
            #expect(copy.json?["item_collection"]?["total_count"] == 1)
            let notEmpty = try await server.api(.DELETE, "/folders/\(id)", token: token)
            #expect(notEmpty.status == 400)
            #expect(notEmpty.json?["code"] == "folder_not_empty")
            let deleted = try await server.api(.DELETE, "/folders/\(id)?recursive=true", token: token)
            #expect(deleted.status == 204)
            #expect(try await server.api(.GET, "/folders/\(id)", token: token).status == 404)
        }
    }

    @Test func ifMatchMismatchIs412AndIfNoneMatchIs304() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let file = try await server.api(.GET, "/files/\(admin.fileId)", token: token)
            let etag = try #require(file.json?["etag"]?.stringValue)
            let notModified = try await server.api(.GET, "/files/\(admin.fileId)", token: token, headers: [("If-None-Match", etag)])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
            let updated = try await server.api(.PUT, "/files/\(admin.fileId)", token: token, json: ["description": "v2"], headers: [("If-Match", etag)])
            #expect(updated.status == 200)
            #expect(updated.json?["etag"]?.stringValue != etag)
            let stale = try await server.api(.PUT, "/files/\(admin.fileId)", token: token, json: ["description": "v3"], headers: [("If-Match", etag)])
            #expect(stale.status == 412)
            #expect(stale.json?["code"] == "precondition_failed")
            let staleDelete = try await server.api(.DELETE, "/files/\(admin.fileId)", token: token, headers: [("If-Match", etag)])
            #expect(staleDelete.status == 412)
            let currentEtag = try #require(updated.json?["etag"]?.stringValue)
            let deleted = try await server.api(.DELETE, "/files/\(admin.fileId)", token: token, headers: [("If-Match", currentEtag)])
            #expect(deleted.status == 204)
            // Box still answers for a file in the trash, with its status.
            #expect(try await server.api(.GET, "/files/\(admin.fileId)", token: token).json?["item_status"] == "trashed")
        }
    }

    @Test func fieldsLimitTheResponseToTheBasicsAndTheListedFields() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let partial = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)?fields=name,size,tags", token: token)
            let keys = Set(partial.json?.objectValue?.keys.map { $0 } ?? [])
            #expect(keys == ["type", "id", "etag", "name", "size", "tags"])
            let standard = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)", token: token)
            #expect(standard.json?["sha1"] != nil)
            #expect(standard.json?["tags"] == nil)
            #expect(standard.json?["path_collection"]?["total_count"] == 2)
        }
    }

    @Test func offsetAndMarkerPaginationWalkAllItems() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let folder = try #require(try await server.api(.POST, "/folders", token: token, json: ["name": "Many", "parent": ["id": "0"]]).json?["id"]?.stringValue)
            for index in 0..<7 {
                _ = try await server.api(.POST, "/folders", token: token, json: ["name": .string("f\(index)"), "parent": ["id": .string(folder)]])
            }
            let page = try await server.api(.GET, "/folders/\(folder)/items?offset=2&limit=3", token: token)
            #expect(page.json?["total_count"] == 7)
            #expect(page.json?["offset"] == 2)
            #expect(page.json?["entries"]?.arrayValue?.map { $0["name"]?.stringValue ?? "" } == ["f2", "f3", "f4"])
            var names: [String] = []
            var marker: String?
            repeat {
                let query = "usemarker=true&limit=3" + (marker.map { "&marker=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? "")
                let result = try await server.api(.GET, "/folders/\(folder)/items?\(query)", token: token)
                #expect(result.json?["total_count"] == nil)
                names += result.json?["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
                marker = result.json?["next_marker"]?.stringValue
            } while marker != nil
            #expect(names == (0..<7).map { "f\($0)" })
            let tooMany = try await server.api(.GET, "/folders/\(folder)/items?limit=5000", token: token)
            #expect(tooMany.status == 400)
        }
    }

    @Test func collaborationsGiveAnotherUserAccess() async throws {
        try await withTestServer { server in
            let alice = server.seed.appUsers[0]
            let bob = server.seed.appUsers[1]
            let aliceToken = try await server.mintDeveloperToken(userId: alice.id)
            let bobToken = try await server.mintDeveloperToken(userId: bob.id)
            #expect(try await server.api(.GET, "/folders/\(alice.folderId)", token: bobToken).status == 404)
            let collaboration = try await server.api(.POST, "/collaborations", token: aliceToken, json: [
                "item": ["type": "folder", "id": .string(alice.folderId)], "accessible_by": ["type": "user", "id": .string(bob.id)],
                "role": "viewer",
            ])
            #expect(collaboration.status == 201)
            let collaborationId = try #require(collaboration.json?["id"]?.stringValue)
            #expect(try await server.api(.GET, "/files/\(alice.fileId)", token: bobToken).status == 200)
            let write = try await server.api(.PUT, "/files/\(alice.fileId)", token: bobToken, json: ["name": "bob.txt"])
            #expect(write.status == 403)
            let list = try await server.api(.GET, "/folders/\(alice.folderId)/collaborations", token: aliceToken)
            // Box pages an item's collaborations by marker: entries and next_marker, no total_count.
            #expect(list.json?["entries"]?.arrayValue?.count == 1)
            #expect(list.json?["next_marker"] == .null)
            _ = try await server.api(.PUT, "/collaborations/\(collaborationId)", token: aliceToken, json: ["role": "editor"])
            #expect(try await server.api(.PUT, "/files/\(alice.fileId)", token: bobToken, json: ["name": "bob.txt"]).status == 200)
            #expect(try await server.api(.DELETE, "/collaborations/\(collaborationId)", token: aliceToken).status == 204)
            #expect(try await server.api(.GET, "/files/\(alice.fileId)", token: bobToken).status == 404)
        }
    }

    @Test func lockedFilesCanOnlyBeChangedByTheLocker() async throws {
        try await withTestServer { server in
            let alice = server.seed.appUsers[0]
            let bob = server.seed.appUsers[1]
            let aliceToken = try await server.mintDeveloperToken(userId: alice.id)
            let bobToken = try await server.mintDeveloperToken(userId: bob.id)
            _ = try await server.api(.POST, "/collaborations", token: aliceToken, json: [
                "item": ["type": "folder", "id": .string(alice.folderId)], "accessible_by": ["type": "user", "id": .string(bob.id)],
                "role": "editor",
            ])
            let locked = try await server.api(
                .PUT, "/files/\(alice.fileId)?fields=lock", token: aliceToken, json: ["lock": ["access": "lock", "is_download_prevented": true]])
            #expect(locked.json?["lock"]?["type"] == "lock")
            let blocked = try await server.api(.PUT, "/files/\(alice.fileId)", token: bobToken, json: ["name": "mine.txt"])
            #expect(blocked.status == 423)
            #expect(try await server.api(.GET, "/files/\(alice.fileId)/content", token: bobToken).status == 403)
            let unlocked = try await server.api(.PUT, "/files/\(alice.fileId)?fields=lock", token: aliceToken, json: ["lock": nil])
            #expect(unlocked.json?["lock"] == .null)
            #expect(try await server.api(.PUT, "/files/\(alice.fileId)", token: bobToken, json: ["name": "mine.txt"]).status == 200)
        }
    }

    @Test func usersCanBeListedAndCreatedByTheAdminOnly() async throws {
        try await withTestServer { server in
            let adminToken = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let list = try await server.api(.GET, "/users?limit=2", token: adminToken)
            // The admin, the service account, two app users and Box for Slack's service account.
            #expect(list.json?["total_count"] == 5)
            #expect(list.json?["entries"]?.arrayValue?.count == 2)
            let created = try await server.api(.POST, "/users", token: adminToken, json: ["name": "Carol", "is_platform_access_only": true])
            #expect(created.status == 201)
            let carol = try #require(created.json?["id"]?.stringValue)
            #expect(try await server.api(.GET, "/users/\(carol)", token: adminToken).json?["name"] == "Carol")
            let aliceToken = try await server.mintDeveloperToken(userId: server.seed.appUsers[0].id)
            #expect(try await server.api(.GET, "/users", token: aliceToken).status == 403)
        }
    }

    @Test func anAdminMovesAFileToAnotherUsersRootFolderAndItBecomesTheirs() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser, alice = server.seed.appUsers[0]
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let aliceToken = try await server.mintDeveloperToken(userId: alice.id)

            let moved = try await server.api(
                .PUT, "/files/\(admin.fileId)?fields=parent,owned_by", token: token, json: ["parent": ["id": "0", "user_id": .string(alice.id)]])

            #expect(moved.status == 200)
            #expect(moved.json?["owned_by"]?["id"]?.stringValue == alice.id)
            let aliceRoot = try await server.api(.GET, "/folders/0/items", token: aliceToken)
            #expect(aliceRoot.json?["entries"]?.arrayValue?.contains { $0["id"]?.stringValue == admin.fileId } == true)
        }
    }

    @Test func aFileIsNotMovedToAnotherUserWithAFolderOtherThanTheRoot() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)

            let refused = try await server.api(
                .PUT, "/files/\(admin.fileId)", token: token,
                json: ["parent": ["id": .string(server.seed.adminSubfolderId), "user_id": .string(server.seed.appUsers[0].id)]])

            #expect(refused.status == 400)
            #expect(refused.json?["code"] == "bad_request")
            let file = try await server.api(.GET, "/files/\(admin.fileId)?fields=parent,owned_by", token: token)
            #expect(file.json?["owned_by"]?["id"]?.stringValue == admin.id)
        }
    }

    @Test func onlyAnAdminMovesAnItemToAnotherUsersRootFolder() async throws {
        try await withTestServer { server in
            let alice = server.seed.appUsers[0], bob = server.seed.appUsers[1]
            let aliceToken = try await server.mintDeveloperToken(userId: alice.id)

            let refused = try await server.api(
                .PUT, "/files/\(alice.fileId)", token: aliceToken, json: ["parent": ["id": "0", "user_id": .string(bob.id)]])
            let toHerself = try await server.api(
                .PUT, "/files/\(alice.fileId)?fields=owned_by", token: aliceToken, json: ["parent": ["id": "0", "user_id": .string(alice.id)]])

            #expect(refused.status == 403)
            #expect(refused.json?["code"] == "access_denied_insufficient_permissions")
            #expect(toHerself.status == 200, "her own root folder is where 0 is anyway")
            #expect(toHerself.json?["owned_by"]?["id"]?.stringValue == alice.id)
        }
    }

    @Test func anAdminMovesAWebLinkToAnotherUsersRootFolderAndItBecomesTheirs() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser, alice = server.seed.appUsers[0]
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let created = try await server.api(
                .POST, "/web_links", token: token, json: ["url": "https://example.com", "name": "Handbook", "parent": ["id": "0"]])
            let linkId = try #require(created.json?["id"]?.stringValue)

            let moved = try await server.api(
                .PUT, "/web_links/\(linkId)", token: token, json: ["parent": ["id": "0", "user_id": .string(alice.id)]])

            #expect(moved.status == 200)
            let aliceToken = try await server.mintDeveloperToken(userId: alice.id)
            let read = try await server.api(.GET, "/web_links/\(linkId)", token: aliceToken)
            #expect(read.json?["owned_by"]?["id"]?.stringValue == alice.id)
        }
    }

    @Test func aCollectionNamedWithItsTypeIsJoined() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let favorites = try #require(try await server.api(.GET, "/collections", token: token).json?["entries"]?[0]?["id"]?.stringValue)

            let updated = try await server.api(
                .PUT, "/files/\(admin.fileId)", token: token, json: ["collections": [["id": .string(favorites), "type": "collection"]]])

            #expect(updated.status == 200)
            let items = try await server.api(.GET, "/collections/\(favorites)/items", token: token)
            #expect(items.json?["entries"]?.arrayValue?.map { $0["id"]?.stringValue } == [admin.fileId])
        }
    }

    @Test func aCollectionWithAnotherTypeIsRefused() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let favorites = try #require(try await server.api(.GET, "/collections", token: token).json?["entries"]?[0]?["id"]?.stringValue)

            let refused = try await server.api(
                .PUT, "/folders/\(server.seed.adminSubfolderId)", token: token,
                json: ["collections": [["id": .string(favorites), "type": "folder"]]])

            #expect(refused.status == 400)
            let items = try await server.api(.GET, "/collections/\(favorites)/items", token: token)
            #expect(items.json?["entries"]?.arrayValue?.isEmpty == true)
        }
    }
}
