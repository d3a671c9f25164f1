import BoxLikeJSON
import Hummingbird

/// `/2.0/task_assignments...` and `GET /2.0/tasks/{id}/assignments`.
struct TaskAssignmentsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getTaskAssignments) { _, context, principal in
            let list = try await state.assignments(ofTask: try context.pathParameter("task_id"), principal: principal)
            return Responses.json(TaskAssignmentRepresentation.collection(list))
        }
        routes.api.serve(.createTaskAssignment) { request, context, principal in
            let body = try await context.json(request)
            let taskId = try body.required("task.id", as: String.self)
            let assignment = try await state.assignTask(
                taskId, userId: body["assign_to"]?.idMember, login: body["assign_to"]?["login"]?.stringValue, principal: principal)
            return Responses.json(TaskAssignmentRepresentation.render(assignment), status: .created)
        }
        routes.api.resource(
            get: .init(.getTaskAssignmentById) { _, _, principal, id in
                let assignment = try await state.taskAssignment(id, principal: principal)
                return Responses.json(TaskAssignmentRepresentation.render(assignment))
            },
            put: .init(.updateTaskAssignmentById) { request, context, principal, id in
                let body = try await context.json(request)
                let assignment = try await state.updateTaskAssignment(
                    id, message: body["message"]?.stringValue,
                    resolutionState: body["resolution_state"]?.stringValue, principal: principal)
                return Responses.json(TaskAssignmentRepresentation.render(assignment))
            },
            delete: .init(.deleteTaskAssignmentById) { _, _, principal, id in
                try await state.deleteTaskAssignment(id, principal: principal)
                return Responses.empty()
            }
        )
    }
}
