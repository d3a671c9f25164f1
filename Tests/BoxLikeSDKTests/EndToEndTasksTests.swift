import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Tasks on files and their assignments through `tasks` and `taskAssignments`.
@Suite("Tasks and task assignments against the server")
struct EndToEndTasksTests {
    /// A folder shared with the first app user as editor, a file in it, and both clients.
    struct Team {
        let admin: BoxClient
        let member: BoxClient
        let memberId: String
        let file: FileFull
    }

    func team(_ server: BoxLikeServer, role: CollaborationRole = .editor) async throws -> Team {
        let (admin, _) = try await server.developerTokenClient()
        let memberId = server.seed.appUsers[0].id
        let (member, _) = try await server.developerTokenClient(userId: memberId)
        let folder = try await admin.makeFolder("team")
        try await admin.collaborate(userId: memberId, on: folder.id, role: role)
        let file = try await admin.makeFile("contract.txt", text: "terms", in: folder.id)
        return Team(admin: admin, member: member, memberId: memberId, file: file)
    }

    func reviewTask(on file: FileFull, by client: BoxClient, rule: TaskCompletionRule? = nil) async throws -> TaskModel {
        try await client.tasks.createTask(requestBody: CreateTaskRequestBody(
            item: CreateTaskRequestBodyItemField(id: file.id, type: .file), action: .review, message: "Please review",
            completionRule: rule))
    }

    func assign(_ task: TaskModel, to userId: String, by client: BoxClient) async throws -> TaskAssignment {
        try await client.taskAssignments.createTaskAssignment(requestBody: CreateTaskAssignmentRequestBody(
            task: CreateTaskAssignmentRequestBodyTaskField(id: task.id, type: .task), assignTo: CreateTaskAssignmentRequestBodyAssignToField(id: userId)))
    }

    @Test func aTaskIsCreatedOnAFileAndListed() async throws {
        try await withServer { server in
            let team = try await team(server)
            let due = Date(timeIntervalSince1970: 1_900_000_000)

            let task = try await team.admin.tasks.createTask(requestBody: CreateTaskRequestBody(
                item: CreateTaskRequestBodyItemField(id: team.file.id, type: .file), action: .complete, message: "Sign it",
                dueAt: due))

            #expect(task.item?.id == team.file.id)
            #expect(task.action == .complete)
            #expect(task.message == "Sign it")
            #expect(task.dueAt.map { abs($0.timeIntervalSince(due)) < 1 } == true)
            #expect(task.completionRule == .allAssignees)
            #expect(task.isCompleted == false)
            let listed = try await team.member.tasks.getFileTasks(fileId: team.file.id)
            #expect(listed.totalCount == 1)
            #expect(listed.entries?.map(\.id) == [task.id])
            #expect(try await team.member.tasks.getTaskById(taskId: task.id).message == "Sign it")
        }
    }

    /// Box lets every role but `uploader` create tasks.
    @Test func anUploaderCannotCreateATask() async throws {
        try await withServer { server in
            let team = try await team(server, role: .uploader)

            let error = await #expect(throws: BoxAPIError.self) { try await self.reviewTask(on: team.file, by: team.member) }

            #expect(error?.status == 403)
            #expect(try await team.admin.tasks.getFileTasks(fileId: team.file.id).entries?.isEmpty == true)
        }
    }

    @Test func updatingChangesTheMessageAndCompletionRule() async throws {
        try await withServer { server in
            let team = try await team(server)
            let task = try await reviewTask(on: team.file, by: team.admin)

            let updated = try await team.admin.tasks.updateTaskById(taskId: task.id, requestBody: UpdateTaskByIdRequestBody(
                message: "Review by Friday", completionRule: .anyAssignee))

            #expect(updated.message == "Review by Friday")
            #expect(updated.completionRule == .anyAssignee)
            #expect(try await team.admin.tasks.getTaskById(taskId: task.id).completionRule == .anyAssignee)
        }
    }

    @Test func deletingATaskRemovesItsAssignments() async throws {
        try await withServer { server in
            let team = try await team(server)
            let task = try await reviewTask(on: team.file, by: team.admin)
            let assignment = try await assign(task, to: team.memberId, by: team.admin)

            try await team.admin.tasks.deleteTaskById(taskId: task.id)

            let taskError = await #expect(throws: BoxAPIError.self) { try await team.admin.tasks.getTaskById(taskId: task.id) }
            let assignmentError = await #expect(throws: BoxAPIError.self) {
                try await team.admin.taskAssignments.getTaskAssignmentById(taskAssignmentId: assignment.id)
            }
            #expect(taskError?.status == 404)
            #expect(assignmentError?.status == 404)
        }
    }

    @Test func aTaskIsAssignedByLoginAndListed() async throws {
        try await withServer { server in
            let team = try await team(server)
            let task = try await reviewTask(on: team.file, by: team.admin)

            let assignment = try await team.admin.taskAssignments.createTaskAssignment(requestBody: CreateTaskAssignmentRequestBody(
                task: CreateTaskAssignmentRequestBodyTaskField(id: task.id, type: .task),
                assignTo: CreateTaskAssignmentRequestBodyAssignToField(login: server.seed.appUsers[0].login)))

            #expect(assignment.assignedTo?.id == team.memberId)
            #expect(assignment.assignedBy?.id == server.seed.adminUser.id)
            #expect(assignment.resolutionState == .incomplete)
            #expect(assignment.item?.id == team.file.id)
            let listed = try await team.admin.taskAssignments.getTaskAssignments(taskId: task.id)
            #expect(listed.entries?.map(\.id) == [assignment.id])
            #expect(try await team.admin.tasks.getTaskById(taskId: task.id).taskAssignmentCollection?.totalCount == 1)
        }
    }

    @Test func aUserWhoCannotSeeTheFileCannotBeAssigned() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("private.txt", text: "p", in: try await admin.makeFolder().id)
            let task = try await reviewTask(on: file, by: admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await assign(task, to: server.seed.appUsers[0].id, by: admin)
            }

            #expect(error?.status == 400)
            #expect(try await admin.taskAssignments.getTaskAssignments(taskId: task.id).entries?.isEmpty == true)
        }
    }

    @Test func theAssigneeApprovesAndTheTaskIsCompleted() async throws {
        try await withServer { server in
            let team = try await team(server)
            let task = try await reviewTask(on: team.file, by: team.admin)
            let assignment = try await assign(task, to: team.memberId, by: team.admin)

            let resolved = try await team.member.taskAssignments.updateTaskAssignmentById(
                taskAssignmentId: assignment.id,
                requestBody: UpdateTaskAssignmentByIdRequestBody(message: "Fine by me", resolutionState: .approved))

            #expect(resolved.resolutionState == .approved)
            #expect(resolved.message == "Fine by me")
            #expect(resolved.completedAt != nil)
            #expect(try await team.admin.tasks.getTaskById(taskId: task.id).isCompleted == true)
        }
    }

    @Test func aReviewCannotBeMarkedCompleted() async throws {
        try await withServer { server in
            let team = try await team(server)
            let task = try await reviewTask(on: team.file, by: team.admin)
            let assignment = try await assign(task, to: team.memberId, by: team.admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await team.member.taskAssignments.updateTaskAssignmentById(
                    taskAssignmentId: assignment.id, requestBody: UpdateTaskAssignmentByIdRequestBody(resolutionState: .completed))
            }

            #expect(error?.status == 400)
            #expect(try await team.admin.taskAssignments.getTaskAssignmentById(taskAssignmentId: assignment.id).resolutionState == .incomplete)
        }
    }

    @Test func onlyTheAssigneeResolvesAnAssignment() async throws {
        try await withServer { server in
            let team = try await team(server)
            let task = try await reviewTask(on: team.file, by: team.admin)
            let assignment = try await assign(task, to: team.memberId, by: team.admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await team.admin.taskAssignments.updateTaskAssignmentById(
                    taskAssignmentId: assignment.id, requestBody: UpdateTaskAssignmentByIdRequestBody(resolutionState: .approved))
            }

            #expect(error?.status == 403)
            #expect(try await team.admin.tasks.getTaskById(taskId: task.id).isCompleted == false)
        }
    }

    @Test func unassigningRemovesTheAssignment() async throws {
        try await withServer { server in
            let team = try await team(server)
            let task = try await reviewTask(on: team.file, by: team.admin)
            let assignment = try await assign(task, to: team.memberId, by: team.admin)

            try await team.admin.taskAssignments.deleteTaskAssignmentById(taskAssignmentId: assignment.id)

            #expect(try await team.admin.taskAssignments.getTaskAssignments(taskId: task.id).entries?.isEmpty == true)
        }
    }

    @Test func anyAssigneeRuleCompletesWithTheFirstResolution() async throws {
        try await withServer { server in
            let team = try await team(server)
            let secondId = server.seed.appUsers[1].id
            let (second, _) = try await server.developerTokenClient(userId: secondId)
            try await team.admin.collaborate(userId: secondId, on: team.file.parent?.id ?? "", role: .editor)
            let task = try await reviewTask(on: team.file, by: team.admin, rule: .anyAssignee)
            _ = try await assign(task, to: team.memberId, by: team.admin)
            let secondAssignment = try await assign(task, to: secondId, by: team.admin)

            _ = try await second.taskAssignments.updateTaskAssignmentById(
                taskAssignmentId: secondAssignment.id, requestBody: UpdateTaskAssignmentByIdRequestBody(resolutionState: .rejected))

            #expect(try await team.admin.tasks.getTaskById(taskId: task.id).isCompleted == true)
        }
    }
}
