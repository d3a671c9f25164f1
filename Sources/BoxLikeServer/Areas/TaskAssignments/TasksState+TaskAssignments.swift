import BoxLikeJSON
import Foundation

/// Tasks assigned to users, and their resolutions.
extension TasksState {
    // MARK: - Assignments

    /// Assigns a task to a user, by id or login, who can see its file.
    mutating func assignTask(core: isolated ServerState, _ taskId: String, userId: String?, login: String?, principal: Principal) throws -> TaskAssignmentView {
        let task = try task(core: core, taskId, principal: principal, write: true)
        let assignee: UserRecord
        if let userId {
            guard let found = core.users[userId] else { throw ServerErrorResponse.notFound("user") }
            assignee = found
        } else if let login {
            guard let found = core.user(login: login) else { throw ServerErrorResponse.notFound("user") }
            assignee = found
        } else {
            throw ServerErrorResponse.badRequest("assign_to needs an id or a login")
        }
        guard core.access(of: assignee.id, to: .file(task.fileId)) != nil else {
            throw ServerErrorResponse.badRequest("The user cannot access the file of the task.", code: "bad_request")
        }
        if assignments(core: core, ofTask: taskId).contains(where: { $0.assignedTo == assignee.id }) {
            throw ServerErrorResponse.badRequest("The user is already assigned this task.", code: "bad_request")
        }
        let record = TaskAssignmentRecord(
            id: core.newId(), taskId: taskId, assignedTo: assignee.id, assignedBy: principal.userId, message: "", assignedAt: core.currentTime)
        self.taskAssignments[record.id] = record
        core.recordEvent("TASK_ASSIGNMENT_CREATE", by: principal.userId, source: .file(task.fileId))
        return view(core: core, of: record)
    }

    /// An assignment of a task on a file the principal can see.
    mutating func taskAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws -> TaskAssignmentView {
        view(core: core, of: try visibleTaskAssignment(core: core, id, principal: principal))
    }

    private mutating func visibleTaskAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws -> TaskAssignmentRecord {
        guard let record = self.taskAssignments[id] else { throw ServerErrorResponse.notFound("task_assignment") }
        do {
            _ = try task(core: core, record.taskId, principal: principal)
        } catch {
            throw ServerErrorResponse.notFound("task_assignment")
        }
        return record
    }

    mutating func assignments(core: isolated ServerState, ofTask taskId: String, principal: Principal) throws -> [TaskAssignmentView] {
        _ = try task(core: core, taskId, principal: principal)
        return assignments(core: core, ofTask: taskId).map { view(core: core, of: $0) }
    }

    mutating func assignments(core: isolated ServerState, ofTask taskId: String) -> [TaskAssignmentRecord] {
        self.taskAssignments.values.filter { $0.taskId == taskId }.sorted { ($0.assignedAt, $0.id) < ($1.assignedAt, $1.id) }
    }

    /// Resolves an assignment or changes its message; only the assignee may.
    mutating func updateTaskAssignment(core: isolated ServerState, _ id: String, message: String?, resolutionState: String?,
                              principal: Principal) throws -> TaskAssignmentView {
        var record = try visibleTaskAssignment(core: core, id, principal: principal)
        guard record.assignedTo == principal.userId else {
            throw ServerErrorResponse.forbidden("Only the assignee can update a task assignment.")
        }
        if let resolutionState {
            guard let task = self.tasks[record.taskId], task.action.resolutions.contains(resolutionState) else {
                let allowed = self.tasks[record.taskId]?.action.resolutions.sorted().joined(separator: ", ") ?? ""
                throw ServerErrorResponse.badRequest("resolution_state must be one of: \(allowed)")
            }
            record.resolutionState = resolutionState
            record.completedAt = resolutionState == "incomplete" ? nil : core.currentTime
        }
        if let message { record.message = message }
        self.taskAssignments[id] = record
        if let fileId = self.tasks[record.taskId]?.fileId {
            core.recordEvent("TASK_ASSIGNMENT_UPDATE", by: principal.userId, source: .file(fileId))
        }
        return view(core: core, of: record)
    }

    mutating func deleteTaskAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws {
        let record = try visibleTaskAssignment(core: core, id, principal: principal)
        let task = try task(core: core, record.taskId, principal: principal, write: true)
        // Box keeps the record of a decision: only an assignment still open can be removed.
        guard !record.isResolved else {
            throw ServerErrorResponse.badRequest("A task assignment that was resolved cannot be deleted.")
        }
        self.taskAssignments[id] = nil
        core.recordEvent("TASK_ASSIGNMENT_DELETE", by: principal.userId, source: .file(task.fileId))
    }

    mutating func view(core: isolated ServerState, of record: TaskAssignmentRecord) -> TaskAssignmentView {
        TaskAssignmentView(
            assignment: record, item: self.tasks[record.taskId].map { core.mini(.file($0.fileId)) } ?? .null,
            assignedTo: core.userMini(record.assignedTo), assignedBy: core.userMini(record.assignedBy))
    }
}
