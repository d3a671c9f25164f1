import Foundation
import Testing
@testable import BoxLikeServer

/// What a long-running server keeps: its history is bounded, and what it deletes for good
/// leaves nothing behind.
@Suite("Bounded history and purging")
struct RetentionTests {
    /// Runs `body` on a server that keeps 16 events, after 40 folders named `prefix-0`...
    /// `prefix-39` were made (40 events), with the admin's token.
    func afterFortyFolders(_ prefix: String, _ body: (BoxLikeServer, String) async throws -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.eventRetention = 16
        try await withTestServer(configuration) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            for index in 0..<40 {
                _ = try await server.api(.POST, "/folders", token: token, json: ["name": .string("\(prefix)-\(index)"), "parent": ["id": "0"]])
            }
            try await body(server, token)
        }
    }

    @Test func theEventStreamKeepsOnlyTheNewestEventsItIsConfiguredToRetain() async throws {
        try await afterFortyFolders("kept") { server, token in
            let read = try await server.api(.GET, "/events?stream_position=0&limit=500", token: token)

            let names = read.json?["entries"]?.arrayValue?.compactMap { $0["source"]?["name"]?.stringValue } ?? []
            #expect(names.count <= 17)
            #expect(names.last == "kept-39")
            #expect(!names.contains("kept-0"))
            #expect(await server.state.events.count <= 17)
        }
    }

    @Test func aStreamReadOnFromTheOldestRetainedEventMissesNothingNewer() async throws {
        try await afterFortyFolders("old") { server, token in
            let next = try #require(try await server.api(.GET, "/events?stream_position=0&limit=500", token: token)
                .json?["next_stream_position"]?.intValue)

            _ = try await server.api(.POST, "/folders", token: token, json: ["name": "new", "parent": ["id": "0"]])

            let read = try await server.api(.GET, "/events?stream_position=\(next)", token: token)
            #expect(read.json?["entries"]?.arrayValue?.compactMap { $0["source"]?["name"]?.stringValue } == ["new"])
        }
    }

    @Test func theRequestLogKeepsOnlyTheNewestRequestsItIsConfiguredToHold() async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.requestLogCapacity = 16
        try await withTestServer(configuration) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            for index in 0..<40 { _ = try await server.api(.GET, "/users/me?fields=name&n=\(index)", token: token) }

            let entries = await server.requestLog.all

            #expect(entries.count <= 17)
            #expect(entries.last?.query == "fields=name&n=39")
            #expect(entries.map(\.sequence) == Array((41 - entries.count)...40))
        }
    }

    @Test func purgingAFileRemovesItsCommentsTasksAndFavorite() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let fileId = try await server.uploadFile(token: token, name: "gone.txt", bytes: Array("bytes".utf8))
            _ = try await server.api(.POST, "/comments", token: token, json: ["message": "hi", "item": ["type": "file", "id": .string(fileId)]])
            let task = try await server.api(.POST, "/tasks", token: token, json: ["item": ["type": "file", "id": .string(fileId)], "action": "review"])
            let taskId = try #require(task.json?["id"]?.stringValue)
            _ = try await server.api(.POST, "/task_assignments", token: token, json: [
                "task": ["type": "task", "id": .string(taskId)], "assign_to": ["id": .string(server.seed.appUsers[0].id)]])
            let favorites = try #require(try await server.api(.GET, "/collections", token: token).json?["entries"]?[0]?["id"]?.stringValue)
            _ = try await server.api(.PUT, "/files/\(fileId)", token: token, json: ["collections": [["id": .string(favorites)]]])
            #expect(await server.state[area: CommentsState.self].comments.values.contains { $0.fileId == fileId })
            #expect(await server.state[area: CollectionsState.self].favorites[server.seed.adminUser.id]?.contains(.file(fileId)) == true)

            _ = try await server.api(.DELETE, "/files/\(fileId)", token: token)
            _ = try await server.api(.DELETE, "/files/\(fileId)/trash", token: token)

            #expect(await !server.state[area: CommentsState.self].comments.values.contains { $0.fileId == fileId })
            #expect(await !server.state[area: TasksState.self].tasks.values.contains { $0.fileId == fileId })
            #expect(await !server.state[area: TasksState.self].taskAssignments.values.contains { $0.taskId == taskId })
            #expect(await server.state[area: CollectionsState.self].favorites[server.seed.adminUser.id]?.contains(.file(fileId)) != true)
        }
    }

    @Test func removingMostItemsGivesTheStoreItsStorageBack() async throws {
        try await withTestServer { server in
            let template = try #require(await server.state.items[.folder(server.seed.adminSubfolderId)])
            var store = ItemStore()
            for index in 0..<3_000 {
                var item = template
                item.id = "copy-\(index)"
                store[item.ref] = item
            }
            let grown = store.capacity

            store.removeAll { $0.id != "copy-0" }

            #expect(store.count == 1)
            #expect(store.capacity < grown / 4)
        }
    }

    /// A store holding one folder, `child`, in folder `a` under `name`, and that folder.
    func storeWithOneChild(named name: String = "child") async throws -> (ItemStore, ItemRecord) {
        try await withTestServer { server in
            var child = try #require(await server.state.items[.folder(server.seed.adminSubfolderId)])
            child.id = "child"
            child.parentId = "a"
            child.name = name
            var store = ItemStore()
            store[child.ref] = child
            return (store, child)
        }
    }

    @Test func theStoreListsAFoldersChildrenAsTheyMoveInAndOut() async throws {
        do {
            let (filled, child) = try await storeWithOneChild()
            var store = filled

            store[child.ref]?.parentId = "b"

            #expect(store.children(of: "a").isEmpty)
            #expect(store.children(of: "b").map(\.id) == ["child"])
            store[child.ref] = nil
            #expect(store.children(of: "b").isEmpty)
        }
    }

    @Test func theStoreFindsANameInAFolderWithoutCaseUntilItIsRenamedOrTrashed() async throws {
        do {
            let (filled, child) = try await storeWithOneChild(named: "Report.txt")
            var store = filled
            #expect(store.named("REPORT.TXT", in: "a").map(\.id) == ["child"])

            store[child.ref]?.name = "Summary.txt"
            #expect(store.named("report.txt", in: "a").isEmpty)
            #expect(store.named("summary.TXT", in: "a").map(\.id) == ["child"])

            store[child.ref]?.trashedAt = Date()
            #expect(store.named("summary.txt", in: "a").isEmpty)
        }
    }
}
