import BoxLikeJSON
import Foundation

/// Tasks on files and their assignments. Whoever can change a file manages its tasks;
/// anyone who can see it reads them; only an assignee resolves their assignment.
extension ServerState {
    // MARK: - Tasks

    func createTask(fileId: String, action: String?, message: String?, dueAt: String?, completionRule: String?,
                    principal: Principal) throws -> TaskView {
        let file = try file(fileId, for: principal, to: .comment)
        let record = TaskRecord(
            id: newId(), fileId: file.id, action: try Self.taskAction(action) ?? .review, message: message ?? "",
            dueAt: try Self.dueDate(dueAt), completionRule: try Self.completionRule(completionRule) ?? .allAssignees,
            createdBy: principal.userId, createdAt: currentTime)
        self[area: TasksState.self].tasks[record.id] = record
        recordEvent("TASK_CREATE", by: principal.userId, source: .file(file.id))
        return view(of: record)
    }

    /// A task on a file the principal can see (or, with `write`, change).
    func task(_ id: String, principal: Principal, write: Bool = false) throws -> TaskRecord {
        guard let record = self[area: TasksState.self].tasks[id] else { throw ServerErrorResponse.notFound("task") }
        do {
            _ = try file(record.fileId, for: principal)
        } catch {
            throw ServerErrorResponse.notFound("task")
        }
        if write { _ = try file(record.fileId, for: principal, to: .comment) }
        return record
    }

    /// A task on a file the principal can see, with what its JSON needs.
    func taskView(_ id: String, principal: Principal) throws -> TaskView {
        view(of: try task(id, principal: principal))
    }

    func tasks(onFile fileId: String, principal: Principal) throws -> [TaskView] {
        let file = try file(fileId, for: principal)
        return self[area: TasksState.self].tasks.values.filter { $0.fileId == file.id }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { view(of: $0) }
    }

    func updateTask(_ id: String, action: String?, message: String?, dueAt: String?, completionRule: String?,
                    principal: Principal) throws -> TaskView {
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
        self[area: TasksState.self].tasks[id] = record
        recordEvent("TASK_UPDATE", by: principal.userId, source: .file(record.fileId))
        return view(of: record)
    }

    func deleteTask(_ id: String, principal: Principal) throws {
        _ = try task(id, principal: principal, write: true)
        self[area: TasksState.self].tasks[id] = nil
        for assignment in assignments(ofTask: id) { self[area: TasksState.self].taskAssignments[assignment.id] = nil }
    }

    private func view(of record: TaskRecord) -> TaskView {
        let assigned = assignments(ofTask: record.id)
        return TaskView(
            task: record, item: mini(.file(record.fileId)), createdBy: userMini(record.createdBy),
            assignments: assigned.map { view(of: $0) }, isCompleted: isCompleted(record, assignments: assigned))
    }

    private func isCompleted(_ task: TaskRecord, assignments: [TaskAssignmentRecord]) -> Bool {
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
