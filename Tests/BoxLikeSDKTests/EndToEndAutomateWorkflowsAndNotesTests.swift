import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Box API 2026.0 through the SDK: Automate workflows listed and started, and Markdown
/// converted to Box Notes. Each call sends `box-version: 2026.0`, without which the server
/// refuses it.
@Suite("Automate workflows and notes against the server")
struct EndToEndAutomateWorkflowsAndNotesTests {
    @Test func theSeededWorkflowActionIsListedOnItsFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let actions = try await admin.automateWorkflows.getAutomateWorkflowsV2026R0(
                queryParams: GetAutomateWorkflowsV2026R0QueryParams(folderId: server.seed.adminUser.folderId))
            let elsewhere = try await admin.automateWorkflows.getAutomateWorkflowsV2026R0(
                queryParams: GetAutomateWorkflowsV2026R0QueryParams(folderId: try await admin.makeFolder().id))

            let action = try #require(actions.entries?.first)
            #expect(actions.entries?.count == 1)
            #expect(action.id == server.seed.automateWorkflowActionId)
            #expect(action.actionType == .runWorkflow)
            #expect(action.workflow.id == server.seed.automateWorkflowId)
            #expect(action.workflow.name == "Review the file")
            #expect(elsewhere.entries?.isEmpty == true)
        }
    }

    @Test func startingAWorkflowRunsItsOutcomesOnTheFiles() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("inbox")
            let destination = try await admin.makeFolder("filed")
            let file = try await admin.makeFile("invoice.txt", text: "total 12", in: folder.id)
            let ids = try await server.makeAutomateWorkflow(
                name: "File the invoice", on: folder.id, actions: [.lockFile, .moveFile(destinationFolderId: destination.id)])

            try await admin.automateWorkflows.createAutomateWorkflowStartV2026R0(
                workflowId: ids.workflowId,
                requestBody: AutomateWorkflowStartRequestV2026R0(workflowActionId: ids.workflowActionId, fileIds: [file.id]))

            let read = try await admin.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["lock", "parent"]))
            #expect(read.lock?.createdBy?.id == server.seed.adminUser.id)
            #expect(read.parent?.id == destination.id)
        }
    }

    @Test func aFileOutsideTheActionsFolderCannotStartTheWorkflow() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let outside = try await admin.makeFile("other.txt", text: "o", in: try await admin.makeFolder().id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.automateWorkflows.createAutomateWorkflowStartV2026R0(
                    workflowId: server.seed.automateWorkflowId,
                    requestBody: AutomateWorkflowStartRequestV2026R0(workflowActionId: server.seed.automateWorkflowActionId, fileIds: [outside.id]))
            }

            #expect(error?.status == 400)
            let read = try await admin.files.getFileById(fileId: outside.id, queryParams: GetFileByIdQueryParams(fields: ["lock"]))
            #expect(read.lock == nil)
        }
    }

    @Test func theWorkflowOperationsNeedThe2026Version() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.automateWorkflows.getAutomateWorkflowsV2026R0(
                    queryParams: GetAutomateWorkflowsV2026R0QueryParams(folderId: server.seed.adminUser.folderId),
                    headers: GetAutomateWorkflowsV2026R0Headers(extraHeaders: ["box-version": "2025.0"]))
            }

            #expect(error?.status == 400)
            #expect(error?.code == "invalid_api_version")
            #expect(error?.message == "Unsupported API version specified in 'box-version' header. Supported API versions: [2026.0].")
        }
    }

    @Test func markdownIsConvertedToABoxNoteInTheParent() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("notes")

            let created = try await admin.notes.createNoteConvertV2026R0(requestBody: NotesConvertRequestBodyV2026R0(
                content: "# Minutes\n\n- one\n- two\n", parent: FolderReference(id: folder.id), name: "Minutes"))

            #expect(created.type == .file)
            let file = try await admin.files.getFileById(fileId: created.id)
            #expect(file.name == "Minutes.boxnote")
            #expect(file.parent?.id == folder.id)
            #expect(try await admin.text(ofFile: created.id).contains("\"text\":\"Minutes\""))
        }
    }

    @Test func aNoteNamedLikeAnExistingItemIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("notes")
            let request = NotesConvertRequestBodyV2026R0(
                content: "text", parent: FolderReference(id: folder.id), name: "Plan")
            _ = try await admin.notes.createNoteConvertV2026R0(requestBody: request)

            let error = await #expect(throws: BoxAPIError.self) { try await admin.notes.createNoteConvertV2026R0(requestBody: request) }

            #expect(error?.status == 409)
            #expect(error?.code == "item_name_in_use")
        }
    }
}
