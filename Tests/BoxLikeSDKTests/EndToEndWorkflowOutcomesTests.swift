import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Box Relay outcomes: a flow started by hand runs each outcome kind on the files through the
/// operation a user would call, and the result is what the API then shows.
@Suite("Workflow outcomes against the server")
struct EndToEndWorkflowOutcomesTests {
    /// A folder with one file and a workflow on the folder running `actions`.
    func setUp(_ server: BoxLikeServer, _ admin: BoxClient, _ actions: (_ elsewhere: String) -> [BoxLikeWorkflowAction])
        async throws -> (folder: FolderFull, file: FileFull, elsewhere: FolderFull, workflowId: String) {
        let folder = try await admin.makeFolder("inbox")
        let elsewhere = try await admin.makeFolder("archive")
        let file = try await admin.makeFile("invoice.txt", text: "total 12", in: folder.id)
        let workflowId = try await server.makeWorkflow(name: "Process", on: folder.id, actions: actions(elsewhere.id))
        return (folder, file, elsewhere, workflowId)
    }

    /// Starts the workflow's flow on `fileId` in `folderId`, as the web app's "Start" does.
    func start(_ admin: BoxClient, workflowId: String, fileId: String, folderId: String) async throws {
        let workflows = try await admin.workflows.getWorkflows(queryParams: GetWorkflowsQueryParams(folderId: folderId)).entries ?? []
        let workflow = try #require(workflows.first { $0.id == workflowId })
        try await admin.workflows.startWorkflow(workflowId: workflowId, requestBody: StartWorkflowRequestBody(
            flow: StartWorkflowRequestBodyFlowField(type: "flow", id: workflow.flows?.first?.id),
            files: [StartWorkflowRequestBodyFilesField(type: .file, id: fileId)],
            folder: StartWorkflowRequestBodyFolderField(type: .folder, id: folderId)))
    }

    @Test func theOutcomesAreListedWithBoxsActionTypes() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, _, _, workflowId) = try await setUp(server, admin) { [.lockFile, .moveFile(destinationFolderId: $0), .deleteFile] }

            let workflow = try #require(try await admin.workflows.getWorkflows(
                queryParams: GetWorkflowsQueryParams(folderId: folder.id)).entries?.first { $0.id == workflowId })

            #expect(workflow.flows?.first?.outcomes?.map { $0.actionType?.rawValue } == ["lock_file", "move_file", "delete_file"])
        }
    }

    @Test func lockFileLocksTheFile() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in [.lockFile] }

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            let read = try await admin.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["lock"]))
            #expect(read.lock?.createdBy?.id == server.seed.adminUser.id)
        }
    }

    @Test func unlockFileRemovesTheLock() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in [.unlockFile] }
            _ = try await admin.files.updateFileById(
                fileId: file.id, requestBody: UpdateFileByIdRequestBody(lock: .value(LockRequest(access: .lock))))

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            let read = try await admin.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["lock"]))
            #expect(read.lock == nil)
        }
    }

    @Test func moveFileMovesTheFileToTheDestination() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, elsewhere, workflowId) = try await setUp(server, admin) { [.moveFile(destinationFolderId: $0)] }

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            #expect(try await admin.files.getFileById(fileId: file.id).parent?.id == elsewhere.id)
            #expect(try await admin.names(in: folder.id).isEmpty)
        }
    }

    @Test func copyFileCopiesTheFileToTheDestination() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, elsewhere, workflowId) = try await setUp(server, admin) { [.copyFile(destinationFolderId: $0)] }

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            #expect(try await admin.names(in: elsewhere.id) == ["invoice.txt"])
            #expect(try await admin.files.getFileById(fileId: file.id).parent?.id == folder.id)
        }
    }

    @Test func assignTaskAssignsATaskToTheTaskCollaborators() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let reviewer = server.seed.appUsers[0].id
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in
                [.assignTask(taskCollaborators: [reviewer], message: "Approve the invoice")]
            }
            try await admin.collaborate(userId: reviewer, on: folder.id, role: .editor)

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            let task = try #require(try await admin.tasks.getFileTasks(fileId: file.id).entries?.first)
            #expect(task.message == "Approve the invoice")
            let assignments = try await admin.taskAssignments.getTaskAssignments(taskId: task.id).entries ?? []
            #expect(assignments.map { $0.assignedTo?.id } == [reviewer])
        }
    }

    @Test func assignTaskToSomeoneWhoCannotSeeTheFileRefusesTheStart() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let outsider = server.seed.appUsers[0].id
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in
                [.lockFile, .assignTask(taskCollaborators: [outsider], message: "Approve")]
            }

            let error = await #expect(throws: BoxAPIError.self) {
                try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)
            }

            #expect(error?.status == 400)
            #expect(try await admin.tasks.getFileTasks(fileId: file.id).entries?.isEmpty == true)
            let read = try await admin.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["lock"]))
            #expect(read.lock == nil, "no outcome ran")
        }
    }

    @Test func shareFileMakesACollaboration() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let colleague = server.seed.appUsers[1].id
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in [.shareFile(collaborators: [colleague], role: "viewer")] }

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            let collaboration = try #require(try await admin.listCollaborations.getFileCollaborations(fileId: file.id).entries?.first)
            #expect(collaboration.role == .viewer)
            guard case .userCollaborations(let user) = collaboration.accessibleBy else { Issue.record("not a user collaboration"); return }
            #expect(user.id == colleague)
        }
    }

    @Test func applyFileClassificationClassifiesTheFile() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await EndToEndClassificationsTests.makeClassifications(admin)
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in [.applyFileClassification(key: "Sensitive")] }

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            #expect(try await admin.fileClassifications.getClassificationOnFile(fileId: file.id).boxSecurityClassificationKey == "Sensitive")
        }
    }

    @Test func anUndefinedClassificationRefusesTheStartBeforeAnythingChanges() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await EndToEndClassificationsTests.makeClassifications(admin)
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in [.lockFile, .applyFileClassification(key: "Top Secret")] }

            let error = await #expect(throws: BoxAPIError.self) {
                try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)
            }

            #expect(error?.status == 400)
            let read = try await admin.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["lock"]))
            #expect(read.lock == nil, "the lock outcome did not run")
        }
    }

    @Test func deleteFileTrashesTheFile() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in [.deleteFile] }

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            #expect(try await admin.trashedFiles.getTrashedFileById(fileId: file.id).id == file.id)
            #expect(try await admin.names(in: folder.id).isEmpty)
        }
    }

    @Test func addMetadataPutsTheValuesOnTheFile() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, workflowId) = try await setUp(server, admin) { _ in
                [.addMetadata(scope: "global", templateKey: "properties", values: ["status": "received"])]
            }

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            let instance = try await admin.fileMetadata.getFileMetadataById(fileId: file.id, scope: .global, templateKey: "properties")
            #expect(instance.additionalProperties["status"] == "received")
        }
    }

    @Test func eachOutcomeRecordsTheEventOfTheOperationItRuns() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, workflowId) = try await setUp(server, admin) { [.lockFile, .moveFile(destinationFolderId: $0)] }
            let position = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "now")).nextStreamPosition?.streamPosition

            try await start(admin, workflowId: workflowId, fileId: file.id, folderId: folder.id)

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: position)).entries ?? []
            #expect(events.map { $0.eventType?.rawValue } == ["LOCK_CREATE", "ITEM_MOVE"])
        }
    }

    @Test func buildingAWorkflowIsInTheAdminLogs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let position = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamType: .adminLogs, streamPosition: "now")).nextStreamPosition?.streamPosition

            _ = try await setUp(server, admin) { _ in [.lockFile] }

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: position, eventType: ["WORKFLOW_AUTOMATION_CREATE"]))
            #expect(events.entries?.map { $0.eventType?.rawValue } == ["WORKFLOW_AUTOMATION_CREATE"])
        }
    }
}
