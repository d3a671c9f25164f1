import BoxLikeJSON
import Hummingbird

/// `/2.0/tasks...`, `/2.0/task_assignments...` and `GET /2.0/files/{id}/tasks`.
struct TasksRoutes: ServerArea, TasksOperations {
    let services: ServerServices

    func getFileTasks(_ input: OperationInput) async throws -> Response {
        let list = try await state.withArea(TasksState.self) { area, core in try area.tasks(core: core, onFile: try input.path("file_id"), principal: input.principal) }
        return Responses.json(["total_count": .int(list.count), "entries": .array(list.map(TaskRepresentation.render))])
    }

    func createTask(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let fileId = try body.required("item.id", as: String.self)
        let task = try await state.withArea(TasksState.self) { area, core in try area.createTask(core: core,
            fileId: fileId, action: body["action"]?.stringValue, message: body["message"]?.stringValue,
            dueAt: body["due_at"]?.stringValue, completionRule: body["completion_rule"]?.stringValue, principal: input.principal) }
        return Responses.json(TaskRepresentation.render(task), status: .created)
    }

    func getTaskById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("task_id")
        let task = try await state.withArea(TasksState.self) { area, core in try area.taskView(core: core, id, principal: input.principal) }
        return Responses.json(TaskRepresentation.render(task))
    }

    func updateTaskById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("task_id")
        let body = try await input.json()
        let task = try await state.withArea(TasksState.self) { area, core in try area.updateTask(core: core,
            id, action: body["action"]?.stringValue, message: body["message"]?.stringValue,
            dueAt: body["due_at"]?.stringValue, completionRule: body["completion_rule"]?.stringValue, principal: input.principal) }
        return Responses.json(TaskRepresentation.render(task))
    }

    func deleteTaskById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("task_id")
        try await state.withArea(TasksState.self) { area, core in try area.deleteTask(core: core, id, principal: input.principal) }
        return Responses.empty()
    }
}
