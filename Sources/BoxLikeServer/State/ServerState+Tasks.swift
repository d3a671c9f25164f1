import BoxLikeJSON
import Foundation

/// Tasks on files and their assignments. Whoever can change a file manages its tasks;
/// anyone who can see it reads them; only an assignee resolves their assignment.
extension ServerState {
    // MARK: - Tasks

    func createTask(fileId: String, action: String?, message: String?, dueAt: String?, completionRule: String?,
                    principal: Principal) throws -> TaskRecord {
        let file = try file(fileId, for: principal, write: true)
        let record = TaskRecord(
            id: newId(), fileId: file.id, action: try Self.taskAction(action) ?? .review, message: message ?? "",
            dueAt: try Self.dueDate(dueAt), completionRule: try Self.completionRule(completionRule) ?? .allAssignees,
            createdBy: principal.userId, createdAt: Date())
        tasks[record.id] = record
        recordEvent("TASK_CREATE", by: principal.userId, source: .file(file.id))
        return record
    }

    /// A task on a file the principal can see (or, with `write`, change).
    func task(_ id: String, principal: Principal, write: Bool = false) throws -> TaskRecord {
        guard let record = tasks[id] else { throw ServerErrorResponse.notFound("task") }
        do {
            _ = try file(record.fileId, for: principal)
        } catch {
            throw ServerErrorResponse.notFound("task")
        }
        if write { _ = try file(record.fileId, for: principal, write: true) }
        return record
    }

    func tasks(onFile fileId: String, principal: Principal) throws -> [TaskRecord] {
        let file = try file(fileId, for: principal)
        return tasks.values.filter { $0.fileId == file.id }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    func updateTask(_ id: String, action: String?, message: String?, dueAt: String?, completionRule: String?,
                    principal: Principal) throws -> TaskRecord {
        var record = try task(id, principal: principal, write: true)
        if let action = try Self.taskAction(action) {
            let assigned = assignments(ofTask: id)
            if action != record.action, assigned.contains(where: \.isResolved) {
                throw ServerErrorResponse(.conflict, code: "conflict",
                                          message: "The action of a task cannot change once an assignee resolved it.")
            }
            record.action = action
        }
        if let message { record.message = message }
        if let dueAt { record.dueAt = try Self.dueDate(dueAt) }
        if let rule = try Self.completionRule(completionRule) { record.completionRule = rule }
        tasks[id] = record
        recordEvent("TASK_UPDATE", by: principal.userId, source: .file(record.fileId))
        return record
    }

    func deleteTask(_ id: String, principal: Principal) throws {
        _ = try task(id, principal: principal, write: true)
        tasks[id] = nil
        for assignment in assignments(ofTask: id) { taskAssignments[assignment.id] = nil }
    }

    func renderTask(_ record: TaskRecord) -> JSONValue {
        let assigned = assignments(ofTask: record.id)
        return [
            "type": "task", "id": .string(record.id), "item": mini(.file(record.fileId)),
            "due_at": Timestamp.json(record.dueAt), "action": .string(record.action.rawValue),
            "message": .string(record.message),
            "task_assignment_collection": renderAssignments(assigned),
            "is_completed": .bool(isCompleted(record, assignments: assigned)),
            "created_by": userMini(record.createdBy), "created_at": Timestamp.json(record.createdAt),
            "completion_rule": .string(record.completionRule.rawValue),
        ]
    }

    private func isCompleted(_ task: TaskRecord, assignments: [TaskAssignmentRecord]) -> Bool {
        guard !assignments.isEmpty else { return false }
        switch task.completionRule {
        case .allAssignees: return assignments.allSatisfy(\.isResolved)
        case .anyAssignee: return assignments.contains(where: \.isResolved)
        }
    }

    // MARK: - Assignments

    /// Assigns a task to a user, by id or login, who can see its file.
    func assignTask(_ taskId: String, userId: String?, login: String?, principal: Principal) throws -> TaskAssignmentRecord {
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
        guard accessLevel(of: assignee.id, to: .file(task.fileId)) != nil else {
            throw ServerErrorResponse.badRequest("The user cannot access the file of the task.", code: "bad_request")
        }
        if assignments(ofTask: taskId).contains(where: { $0.assignedTo == assignee.id }) {
            throw ServerErrorResponse.badRequest("The user is already assigned this task.", code: "bad_request")
        }
        let record = TaskAssignmentRecord(
            id: newId(), taskId: taskId, assignedTo: assignee.id, assignedBy: principal.userId, message: "", assignedAt: Date())
        taskAssignments[record.id] = record
        recordEvent("TASK_ASSIGNMENT_CREATE", by: principal.userId, source: .file(task.fileId))
        return record
    }

    /// An assignment of a task on a file the principal can see.
    func taskAssignment(_ id: String, principal: Principal) throws -> TaskAssignmentRecord {
        guard let record = taskAssignments[id] else { throw ServerErrorResponse.notFound("task_assignment") }
        do {
            _ = try task(record.taskId, principal: principal)
        } catch {
            throw ServerErrorResponse.notFound("task_assignment")
        }
        return record
    }

    func assignments(ofTask taskId: String, principal: Principal) throws -> [TaskAssignmentRecord] {
        _ = try task(taskId, principal: principal)
        return assignments(ofTask: taskId)
    }

    private func assignments(ofTask taskId: String) -> [TaskAssignmentRecord] {
        taskAssignments.values.filter { $0.taskId == taskId }.sorted { ($0.assignedAt, $0.id) < ($1.assignedAt, $1.id) }
    }

    /// Resolves an assignment or changes its message; only the assignee may.
    func updateTaskAssignment(_ id: String, message: String?, resolutionState: String?,
                              principal: Principal) throws -> TaskAssignmentRecord {
        var record = try taskAssignment(id, principal: principal)
        guard record.assignedTo == principal.userId else {
            throw ServerErrorResponse.forbidden("Only the assignee can update a task assignment.")
        }
        if let resolutionState {
            guard let task = tasks[record.taskId], task.action.resolutions.contains(resolutionState) else {
                let allowed = tasks[record.taskId]?.action.resolutions.sorted().joined(separator: ", ") ?? ""
                throw ServerErrorResponse.badRequest("resolution_state must be one of: \(allowed)")
            }
            record.resolutionState = resolutionState
            record.completedAt = resolutionState == "incomplete" ? nil : Date()
        }
        if let message { record.message = message }
        taskAssignments[id] = record
        if let fileId = tasks[record.taskId]?.fileId {
            recordEvent("TASK_ASSIGNMENT_UPDATE", by: principal.userId, source: .file(fileId))
        }
        return record
    }

    func deleteTaskAssignment(_ id: String, principal: Principal) throws {
        let record = try taskAssignment(id, principal: principal)
        let task = try task(record.taskId, principal: principal, write: true)
        taskAssignments[id] = nil
        recordEvent("TASK_ASSIGNMENT_DELETE", by: principal.userId, source: .file(task.fileId))
    }

    func renderAssignment(_ record: TaskAssignmentRecord) -> JSONValue {
        [
            "type": "task_assignment", "id": .string(record.id),
            "item": tasks[record.taskId].map { mini(.file($0.fileId)) } ?? .null,
            "assigned_to": userMini(record.assignedTo), "assigned_by": userMini(record.assignedBy),
            "message": .string(record.message), "resolution_state": .string(record.resolutionState),
            "assigned_at": Timestamp.json(record.assignedAt), "completed_at": Timestamp.json(record.completedAt),
            "reminded_at": .null,
        ]
    }

    func renderAssignments(_ list: [TaskAssignmentRecord]) -> JSONValue {
        ["total_count": .int(list.count), "entries": .array(list.map(renderAssignment))]
    }

    // MARK: - Parsing

    private static func taskAction(_ text: String?) throws -> TaskRecord.Action? {
        guard let text else { return nil }
        guard let action = TaskRecord.Action(rawValue: text) else { throw ServerErrorResponse.badRequest("action must be review or complete") }
        return action
    }

    private static func completionRule(_ text: String?) throws -> TaskRecord.CompletionRule? {
        guard let text else { return nil }
        guard let rule = TaskRecord.CompletionRule(rawValue: text) else {
            throw ServerErrorResponse.badRequest("completion_rule must be all_assignees or any_assignee")
        }
        return rule
    }

    private static func dueDate(_ text: String?) throws -> Date? {
        guard let text else { return nil }
        guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("due_at must be an RFC 3339 date-time") }
        return date
    }
}
