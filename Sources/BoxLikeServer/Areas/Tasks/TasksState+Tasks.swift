import BoxLikeJSON
import Foundation

/// Tasks on files and their assignments. Whoever can change a file manages its tasks;
/// anyone who can see it reads them; only an assignee resolves their assignment.
extension TasksState {
    // MARK: - Tasks

    mutating func createTask(core: isolated ServerState, fileId: String, action: String?, message: String?, dueAt: String?, completionRule: String?,
                    principal: Principal) throws -> TaskView {
        let file = try core.file(fileId, for: principal, to: .comment)
        let record = TaskRecord(
            id: core.newId(), fileId: file.id, action: try Self.taskAction(action) ?? .review, message: message ?? "",
            dueAt: try Self.dueDate(dueAt), completionRule: try Self.completionRule(completionRule) ?? .allAssignees,
            createdBy: principal.userId, createdAt: core.currentTime)
        self.tasks[record.id] = record
        core.recordEvent("TASK_CREATE", by: principal.userId, source: .file(file.id))
        return view(core: core, of: record)
    }

    /// A task on a file the principal can see (or, with `write`, change).
    mutating func task(core: isolated ServerState, _ id: String, principal: Principal, write: Bool = false) throws -> TaskRecord {
        guard let record = self.tasks[id] else { throw ServerErrorResponse.notFound("task") }
        do {
            _ = try core.file(record.fileId, for: principal)
        } catch {
            throw ServerErrorResponse.notFound("task")
        }
        if write { _ = try core.file(record.fileId, for: principal, to: .comment) }
        return record
    }

    /// A task on a file the principal can see, with what its JSON needs.
    mutating func taskView(core: isolated ServerState, _ id: String, principal: Principal) throws -> TaskView {
        view(core: core, of: try task(core: core, id, principal: principal))
    }

    mutating func tasks(core: isolated ServerState, onFile fileId: String, principal: Principal) throws -> [TaskView] {
        let file = try core.file(fileId, for: principal)
        return self.tasks.values.filter { $0.fileId == file.id }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { view(core: core, of: $0) }
    }

    mutating func updateTask(core: isolated ServerState, _ id: String, action: String?, message: String?, dueAt: String?, completionRule: String?,
                    principal: Principal) throws -> TaskView {
        var record = try task(core: core, id, principal: principal, write: true)
        if let action = try Self.taskAction(action) {
            let assigned = assignments(core: core, ofTask: id)
            if action != record.action, assigned.contains(where: \.isResolved) {
                throw ServerErrorResponse(.conflict, code: "conflict",
                                          message: "The action of a task cannot change once an assignee resolved it.")
            }
            record.action = action
        }
        if let message { record.message = message }
        if let dueAt { record.dueAt = try Self.dueDate(dueAt) }
        if let rule = try Self.completionRule(completionRule) { record.completionRule = rule }
        self.tasks[id] = record
        core.recordEvent("TASK_UPDATE", by: principal.userId, source: .file(record.fileId))
        return view(core: core, of: record)
    }

    mutating func deleteTask(core: isolated ServerState, _ id: String, principal: Principal) throws {
        _ = try task(core: core, id, principal: principal, write: true)
        self.tasks[id] = nil
        for assignment in assignments(core: core, ofTask: id) { self.taskAssignments[assignment.id] = nil }
    }

    private mutating func view(core: isolated ServerState, of record: TaskRecord) -> TaskView {
        let assigned = assignments(core: core, ofTask: record.id)
        return TaskView(
            task: record, item: core.mini(.file(record.fileId)), createdBy: core.userMini(record.createdBy),
            assignments: assigned.map { view(core: core, of: $0) }, isCompleted: isCompleted(core: core, record, assignments: assigned))
    }

    private mutating func isCompleted(core: isolated ServerState, _ task: TaskRecord, assignments: [TaskAssignmentRecord]) -> Bool {
        guard !assignments.isEmpty else { return false }
        switch task.completionRule {
        case .allAssignees: return assignments.allSatisfy(\.isResolved)
        case .anyAssignee: return assignments.contains(where: \.isResolved)
        }
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
