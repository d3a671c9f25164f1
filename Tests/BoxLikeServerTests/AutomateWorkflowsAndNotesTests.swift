import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// Box API 2026.0 on the server: Automate workflow actions listed per folder and started on
/// files, and Markdown converted to Box Notes, each answered only with `box-version: 2026.0`.
@Suite("Automate workflows and notes")
struct AutomateWorkflowsAndNotesTests {
    static let version = [("box-version", "2026.0")]

    @Test func theSeededWorkflowActionIsListedOnTheAdminsFolder() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let listed = try await server.api(
                .GET, "/automate_workflows?folder_id=\(server.seed.adminUser.folderId)", token: token, headers: Self.version)

            #expect(listed.status == 200)
            let entry = try #require(listed.json?["entries"]?.arrayValue?.first)
            #expect(entry["id"]?.stringValue == server.seed.automateWorkflowActionId)
            #expect(entry["type"] == "workflow_action")
            #expect(entry["action_type"] == "run_workflow")
            #expect(entry["workflow"]?["id"]?.stringValue == server.seed.automateWorkflowId)
            #expect(entry["created_by"]?["id"]?.stringValue == server.seed.adminUser.id)
        }
    }

    @Test func startingTheSeededWorkflowLocksTheFileAndAssignsAReview() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let fileId = server.seed.adminUser.fileId

            let started = try await server.api(
                .POST, "/automate_workflows/\(server.seed.automateWorkflowId)/start", token: token,
                json: ["workflow_action_id": .string(server.seed.automateWorkflowActionId), "file_ids": [.string(fileId)]],
                headers: Self.version)

            #expect(started.status == 204)
            let file = try await server.api(.GET, "/files/\(fileId)?fields=lock", token: token)
            #expect(file.json?["lock"]?["type"] == "lock")
            let tasks = try await server.api(.GET, "/files/\(fileId)/tasks", token: token)
            #expect(tasks.json?["entries"]?.arrayValue?.first?["message"] == "Please review this file")
        }
    }

    @Test func aWorkflowOperationWithoutThe2026VersionIsRefused() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let older = try await server.api(
                .GET, "/automate_workflows?folder_id=\(server.seed.adminUser.folderId)", token: token, headers: [("box-version", "2025.0")])

            #expect(older.status == 400)
            #expect(older.json?["code"] == "invalid_api_version")
            #expect(older.json?["message"]?.stringValue?.hasPrefix("Unsupported API version") == true)
        }
    }

    @Test func anActionOfAnotherWorkflowOrAnUnknownWorkflowCannotStart() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let folderId = server.seed.adminUser.folderId
            let other = try await server.makeAutomateWorkflow(name: "Other", on: folderId, actions: [.watermarkFile])
            let fileIds: JSONValue = [.string(server.seed.adminUser.fileId)]

            let mismatched = try await server.api(
                .POST, "/automate_workflows/\(server.seed.automateWorkflowId)/start", token: token,
                json: ["workflow_action_id": .string(other.workflowActionId), "file_ids": fileIds], headers: Self.version)
            let unknown = try await server.api(
                .POST, "/automate_workflows/999999/start", token: token,
                json: ["workflow_action_id": .string(other.workflowActionId), "file_ids": fileIds], headers: Self.version)

            #expect(mismatched.status == 400)
            #expect(unknown.status == 404)
        }
    }

    @Test func aFolderTheCallerCannotSeeListsNoWorkflowActions() async throws {
        try await withTestServer { server in
            let outsider = try await server.mintDeveloperToken(userId: server.seed.appUsers[0].id)

            let listed = try await server.api(
                .GET, "/automate_workflows?folder_id=\(server.seed.adminUser.folderId)", token: outsider, headers: Self.version)

            #expect(listed.status == 404)
        }
    }

    @Test func markdownBecomesABoxNoteInTheParentFolder() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let body: JSONValue = [
                "content": "# Minutes\n\nWe met.\n\n- one\n- two\n", "content_format": "markdown", "name": "Minutes",
                "parent": ["type": "folder", "id": .string(server.seed.adminUser.folderId)],
            ]

            let created = try await server.api(.POST, "/notes/convert", token: token, json: body, headers: Self.version)

            #expect(created.status == 201)
            #expect(created.json?["type"] == "file")
            let id = try #require(created.json?["id"]?.stringValue)
            let file = try await server.api(.GET, "/files/\(id)", token: token)
            #expect(file.json?["name"] == "Minutes.boxnote")
            #expect(file.json?["parent"]?["id"]?.stringValue == server.seed.adminUser.folderId)
        }
    }

    @Test func aNoteWhoseNameIsTakenIsAConflict() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let body: JSONValue = [
                "content": "text", "content_format": "markdown", "name": "Plan.boxnote",
                "parent": ["type": "folder", "id": .string(server.seed.adminUser.folderId)],
            ]
            _ = try await server.api(.POST, "/notes/convert", token: token, json: body, headers: Self.version)

            let again = try await server.api(.POST, "/notes/convert", token: token, json: body, headers: Self.version)

            #expect(again.status == 409)
            #expect(again.json?["code"] == "item_name_in_use")
        }
    }

    @Test func markdownBlocksBecomeNoteBlocks() throws {
        let blocks = BoxNoteDocument.blocks("# Title\nfirst line\nsecond line\n\n1. a\n2. b\n\n```\ncode\n```\n")

        #expect(blocks.map { $0["type"]?.stringValue } == ["heading", "paragraph", "ordered_list", "code_block"])
        #expect(blocks[0]["attrs"]?["level"] == 1)
        #expect(blocks[1]["content"]?.arrayValue?.first?["text"] == "first line second line")
        #expect(blocks[2]["content"]?.arrayValue?.count == 2)
        #expect(blocks[3]["content"]?.arrayValue?.first?["text"] == "code")
    }
}
