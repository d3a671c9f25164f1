import BoxLikeJSON
import Hummingbird

/// `/2.0/tasks...`, `/2.0/task_assignments...` and `GET /2.0/files/{id}/tasks`.
struct TasksRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/files/:file_id/tasks") { _, context in
            let principal = try context.caller(requiring: Scope.read)
            let list = try await state.tasks(onFile: try context.pathParameter("file_id"), principal: principal)
            var rendered: [JSONValue] = []
            for task in list { rendered.append(await state.renderTask(task)) }
            return Responses.json(["total_count": .int(rendered.count), "entries": .array(rendered)])
        }
        router.post("/2.0/tasks") { request, context in
            let principal = try context.caller(requiring: Scope.write)
            let body = try await context.json(request)
            guard let fileId = body["item"]?.idMember else { throw ServerErrorResponse.badRequest("item.id is required") }
            let task = try await state.createTask(
                fileId: fileId, action: body["action"]?.stringValue, message: body["message"]?.stringValue,
                dueAt: body["due_at"]?.stringValue, completionRule: body["completion_rule"]?.stringValue, principal: principal)
            return Responses.json(await state.renderTask(task), status: .created)
        }
        router.get("/2.0/tasks/:task_id") { _, context in
            let principal = try context.caller(requiring: Scope.read)
            let task = try await state.task(try context.pathParameter("task_id"), principal: principal)
            return Responses.json(await state.renderTask(task))
        }
        router.put("/2.0/tasks/:task_id") { request, context in
            let principal = try context.caller(requiring: Scope.write)
            let body = try await context.json(request)
            let task = try await state.updateTask(
                try context.pathParameter("task_id"), action: body["action"]?.stringValue, message: body["message"]?.stringValue,
                dueAt: body["due_at"]?.stringValue, completionRule: body["completion_rule"]?.stringValue, principal: principal)
            return Responses.json(await state.renderTask(task))
        }
        router.delete("/2.0/tasks/:task_id") { _, context in
            let principal = try context.caller(requiring: Scope.write)
            try await state.deleteTask(try context.pathParameter("task_id"), principal: principal)
            return Responses.empty()
        }
        router.get("/2.0/tasks/:task_id/assignments") { _, context in
            let principal = try context.caller(requiring: Scope.read)
            let list = try await state.assignments(ofTask: try context.pathParameter("task_id"), principal: principal)
            return Responses.json(await state.renderAssignments(list))
        }
        router.post("/2.0/task_assignments") { request, context in
            let principal = try context.caller(requiring: Scope.write)
            let body = try await context.json(request)
            guard let taskId = body["task"]?.idMember else { throw ServerErrorResponse.badRequest("task.id is required") }
            let assignment = try await state.assignTask(
                taskId, userId: body["assign_to"]?.idMember, login: body["assign_to"]?["login"]?.stringValue, principal: principal)
            return Responses.json(await state.renderAssignment(assignment), status: .created)
        }
        router.get("/2.0/task_assignments/:task_assignment_id") { _, context in
            let principal = try context.caller(requiring: Scope.read)
            let assignment = try await state.taskAssignment(try context.pathParameter("task_assignment_id"), principal: principal)
            return Responses.json(await state.renderAssignment(assignment))
        }
        router.put("/2.0/task_assignments/:task_assignment_id") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let body = try await context.json(request)
            let assignment = try await state.updateTaskAssignment(
                try context.pathParameter("task_assignment_id"), message: body["message"]?.stringValue,
                resolutionState: body["resolution_state"]?.stringValue, principal: principal)
            return Responses.json(await state.renderAssignment(assignment))
        }
        router.delete("/2.0/task_assignments/:task_assignment_id") { _, context in
            let principal = try context.caller(requiring: Scope.write)
            try await state.deleteTaskAssignment(try context.pathParameter("task_assignment_id"), principal: principal)
            return Responses.empty()
        }
    }
}
