import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.tasks` and `client.taskAssignments`, as Box's documentation uses them.
@Suite("Drop-in: tasks and task assignments")
struct TasksTests {
    /// A folder of the admin's that the first app user edits, with a file in it.
    private func sharedFile(_ box: LocalBox) async throws -> FileFull {
        let folder = try await createFolder(box.client, name: "Contracts")
        _ = try await box.client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
            item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
            accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: box.seed.appUsers[0].id),
            role: .editor))
        return try await uploadText(box.client, name: "contract.txt", text: "terms", parentId: folder.id)
    }

    @Test func aTaskIsCreatedListedReadUpdatedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "report.txt")
            let dateTime = Date(timeIntervalSince1970: 1_900_000_000)

            let task = try await client.tasks.createTask(requestBody: CreateTaskRequestBody(
                item: CreateTaskRequestBodyItemField(id: file.id, type: CreateTaskRequestBodyItemTypeField.file),
                action: CreateTaskRequestBodyActionField.review, message: "test message", dueAt: dateTime,
                completionRule: CreateTaskRequestBodyCompletionRuleField.allAssignees))
            #expect(task.message == "test message")
            #expect(task.item?.id == file.id)
            let taskId = try #require(task.id)

            let tasks = try await client.tasks.getFileTasks(fileId: file.id)
            #expect(tasks.totalCount == 1)
            #expect(tasks.entries?.first?.id == taskId)

            let read = try await client.tasks.getTaskById(taskId: taskId)
            #expect(read.action == .review)

            let updated = try await client.tasks.updateTaskById(
                taskId: taskId, requestBody: UpdateTaskByIdRequestBody(message: "updated message"))
            #expect(updated.message == "updated message")

            try await client.tasks.deleteTaskById(taskId: taskId)
            #expect(try await client.tasks.getFileTasks(fileId: file.id).totalCount == 0)
            let error = await #expect(throws: BoxAPIError.self) { try await client.tasks.getTaskById(taskId: taskId) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aTaskIsAssignedAndApprovedByTheAssignee() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await sharedFile(box)
            let task = try await client.tasks.createTask(requestBody: CreateTaskRequestBody(
                item: CreateTaskRequestBodyItemField(id: file.id, type: .file), action: .review, message: "Please review"))
            let taskId = try #require(task.id)

            let taskAssignment = try await client.taskAssignments.createTaskAssignment(requestBody: CreateTaskAssignmentRequestBody(
                task: CreateTaskAssignmentRequestBodyTaskField(id: taskId, type: CreateTaskAssignmentRequestBodyTaskTypeField.task),
                assignTo: CreateTaskAssignmentRequestBodyAssignToField(id: box.seed.appUsers[0].id)))
            #expect(taskAssignment.assignedTo?.id == box.seed.appUsers[0].id)
            let taskAssignmentId = try #require(taskAssignment.id)

            let assignments = try await client.taskAssignments.getTaskAssignments(taskId: taskId)
            #expect(assignments.entries?.map(\.id) == [taskAssignmentId])
            let read = try await client.taskAssignments.getTaskAssignmentById(taskAssignmentId: taskAssignmentId)
            #expect(read.resolutionState == .incomplete)

            let assignee = try await box.client(forUser: box.seed.appUsers[0].id)
            let resolved = try await assignee.taskAssignments.updateTaskAssignmentById(
                taskAssignmentId: taskAssignmentId,
                requestBody: UpdateTaskAssignmentByIdRequestBody(
                    message: "updated message", resolutionState: UpdateTaskAssignmentByIdRequestBodyResolutionStateField.approved))
            #expect(resolved.resolutionState == .approved)
            #expect(try await client.tasks.getTaskById(taskId: taskId).isCompleted == true)
        }
    }

    @Test func anUnassignedTaskHasNoAssignmentsLeft() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await sharedFile(box)
            let task = try await client.tasks.createTask(requestBody: CreateTaskRequestBody(
                item: CreateTaskRequestBodyItemField(id: file.id, type: .file), action: .complete, message: "Sign it"))
            let taskId = try #require(task.id)
            let taskAssignment = try await client.taskAssignments.createTaskAssignment(requestBody: CreateTaskAssignmentRequestBody(
                task: CreateTaskAssignmentRequestBodyTaskField(id: taskId, type: .task),
                assignTo: CreateTaskAssignmentRequestBodyAssignToField(login: box.seed.appUsers[0].login)))

            try await client.taskAssignments.deleteTaskAssignmentById(taskAssignmentId: try #require(taskAssignment.id))

            #expect(try await client.taskAssignments.getTaskAssignments(taskId: taskId).entries?.isEmpty == true)
        }
    }
}
