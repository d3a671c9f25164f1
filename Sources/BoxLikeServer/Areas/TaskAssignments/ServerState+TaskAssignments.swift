import BoxLikeJSON
import Foundation

/// Tasks assigned to users, and their resolutions.
extension ServerState {
    // MARK: - Assignments

    /// Assigns a task to a user, by id or login, who can see its file.
    func assignTask(_ taskId: String, userId: String?, login: String?, principal: Principal) throws -> TaskAssignmentView {
        let task = try task(taskId, principal: principal, write: true)
        let assignee: UserRecord
        if let userId {
            guard let found = users[userId] else { throw ServerErrorResponse.notFound("user") }
            assignee = found
        } else if let login {
            guard let found = user(login: login) else { throw ServerErrorResponse.notFound("user") }
            assignee = found
        } else {
            throw ServerErrorResponse.badRequest("assign_to needs an id or a login")
        }
        guard access(of: assignee.id, to: .file(task.fileId)) != nil else {
            throw ServerErrorResponse.badRequest("The user cannot access the file of the task.", code: "bad_request")
        }
        if assignments(ofTask: taskId).contains(where: { $0.assignedTo == assignee.id }) {
            throw ServerErrorResponse.badRequest("The user is already assigned this task.", code: "bad_request")
        }
        let record = TaskAssignmentRecord(
            id: newId(), taskId: taskId, assignedTo: assignee.id, assignedBy: principal.userId, message: "", assignedAt: currentTime)
        self[area: TasksState.self].taskAssignments[record.id] = record
        recordEvent("TASK_ASSIGNMENT_CREATE", by: principal.userId, source: .file(task.fileId))
        return view(of: record)
    }

    /// An assignment of a task on a file the principal can see.
    func taskAssignment(_ id: String, principal: Principal) throws -> TaskAssignmentView {
        view(of: try visibleTaskAssignment(id, principal: principal))
    }

    private func visibleTaskAssignment(_ id: String, principal: Principal) throws -> TaskAssignmentRecord {
        guard let record = self[area: TasksState.self].taskAssignments[id] else { throw ServerErrorResponse.notFound("task_assignment") }
        do {
            _ = try task(record.taskId, principal: principal)
        } catch {
            throw ServerErrorResponse.notFound("task_assignment")
        }
        return record
    }

    func assignments(ofTask taskId: String, principal: Principal) throws -> [TaskAssignmentView] {
        _ = try task(taskId, principal: principal)
        return assignments(ofTask: taskId).map { view(of: $0) }
    }

    func assignments(ofTask taskId: String) -> [TaskAssignmentRecord] {
        self[area: TasksState.self].taskAssignments.values.filter { $0.taskId == taskId }.sorted { ($0.assignedAt, $0.id) < ($1.assignedAt, $1.id) }
    }

    /// Resolves an assignment or changes its message; only the assignee may.
    func updateTaskAssignment(_ id: String, message: String?, resolutionState: String?,
                              principal: Principal) throws -> TaskAssignmentView {
        var record = try visibleTaskAssignment(id, principal: principal)
        guard record.assignedTo == principal.userId else {
            throw ServerErrorResponse.forbidden("Only the assignee can update a task assignment.")
        }
        if let resolutionState {
            guard let task = self[area: TasksState.self].tasks[record.taskId], task.action.resolutions.contains(resolutionState) else {
                let allowed = self[area: TasksState.self].tasks[record.taskId]?.action.resolutions.sorted().joined(separator: ", ") ?? ""
                throw ServerErrorResponse.badRequest("resolution_state must be one of: \(allowed)")
            }
            record.resolutionState = resolutionState
            record.completedAt = resolutionState == "incomplete" ? nil : currentTime
        }
        if let message { record.message = message }
        self[area: TasksState.self].taskAssignments[id] = record
        if let fileId = self[area: TasksState.self].tasks[record.taskId]?.fileId {
            recordEvent("TASK_ASSIGNMENT_UPDATE", by: principal.userId, source: .file(fileId))
        }
        return view(of: record)
    }

    func deleteTaskAssignment(_ id: String, principal: Principal) throws {
        let record = try visibleTaskAssignment(id, principal: principal)
        let task = try task(record.taskId, principal: principal, write: true)
        // Box keeps the record of a decision: only an assignment still open can be removed.
        guard !record.isResolved else {
            throw ServerErrorResponse.badRequest("A task assignment that was resolved cannot be deleted.")
        }
        self[area: TasksState.self].taskAssignments[id] = nil
        recordEvent("TASK_ASSIGNMENT_DELETE", by: principal.userId, source: .file(task.fileId))
    }

    func view(of record: TaskAssignmentRecord) -> TaskAssignmentView {
        TaskAssignmentView(
            assignment: record, item: self[area: TasksState.self].tasks[record.taskId].map { mini(.file($0.fileId)) } ?? .null,
            assignedTo: userMini(record.assignedTo), assignedBy: userMini(record.assignedBy))
    }
}
