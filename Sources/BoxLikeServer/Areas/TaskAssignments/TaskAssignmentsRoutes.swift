import BoxLikeJSON
import Hummingbird

/// `/2.0/task_assignments...` and `GET /2.0/tasks/{id}/assignments`.
struct TaskAssignmentsRoutes: ServerArea, TaskAssignmentsOperations {
    let services: ServerServices

    func getTaskAssignments(_ input: OperationInput) async throws -> Response {
        let list = try await state.withArea(TasksState.self) { area, core in try area.assignments(core: core, ofTask: try input.path("task_id"), principal: input.principal) }
        return Responses.json(TaskAssignmentRepresentation.collection(list))
    }

    func createTaskAssignment(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let taskId = try body.required("task.id", as: String.self)
        let assignment = try await state.withArea(TasksState.self) { area, core in try area.assignTask(core: core,
            taskId, userId: body["assign_to"]?.idMember, login: body["assign_to"]?["login"]?.stringValue, principal: input.principal) }
        return Responses.json(TaskAssignmentRepresentation.render(assignment), status: .created)
    }

    func getTaskAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("task_assignment_id")
        let assignment = try await state.withArea(TasksState.self) { area, core in try area.taskAssignment(core: core, id, principal: input.principal) }
        return Responses.json(TaskAssignmentRepresentation.render(assignment))
    }

    func updateTaskAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("task_assignment_id")
        let body = try await input.json()
        let assignment = try await state.withArea(TasksState.self) { area, core in try area.updateTaskAssignment(core: core,
            id, message: body["message"]?.stringValue,
            resolutionState: body["resolution_state"]?.stringValue, principal: input.principal) }
        return Responses.json(TaskAssignmentRepresentation.render(assignment))
    }

    func deleteTaskAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("task_assignment_id")
        try await state.withArea(TasksState.self) { area, core in try area.deleteTaskAssignment(core: core, id, principal: input.principal) }
        return Responses.empty()
    }
}
