import BoxLikeJSON
import Hummingbird

/// `/2.0/tasks...`, `/2.0/task_assignments...` and `GET /2.0/files/{id}/tasks`.
struct TasksRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        TasksRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.getFileTasks) { _, context, principal in
            let list = try await state.tasks(onFile: try context.pathParameter("file_id"), principal: principal)
            return Responses.json(["total_count": .int(list.count), "entries": .array(list.map(TaskRepresentation.render))])
        }
        routes.api.serve(.createTask) { request, context, principal in
            let body = try await context.json(request)
            let fileId = try body.required("item.id", as: String.self)
            let task = try await state.createTask(
                fileId: fileId, action: body["action"]?.stringValue, message: body["message"]?.stringValue,
                dueAt: body["due_at"]?.stringValue, completionRule: body["completion_rule"]?.stringValue, principal: principal)
            return Responses.json(TaskRepresentation.render(task), status: .created)
        }
        routes.api.resource(
            get: .init(.getTaskById) { _, _, principal, id in
                let task = try await state.taskView(id, principal: principal)
                return Responses.json(TaskRepresentation.render(task))
            },
            put: .init(.updateTaskById) { request, context, principal, id in
                let body = try await context.json(request)
                let task = try await state.updateTask(
                    id, action: body["action"]?.stringValue, message: body["message"]?.stringValue,
                    dueAt: body["due_at"]?.stringValue, completionRule: body["completion_rule"]?.stringValue, principal: principal)
                return Responses.json(TaskRepresentation.render(task))
            },
            delete: .init(.deleteTaskById) { _, _, principal, id in
                try await state.deleteTask(id, principal: principal)
                return Responses.empty()
            }
        )
    }
}
