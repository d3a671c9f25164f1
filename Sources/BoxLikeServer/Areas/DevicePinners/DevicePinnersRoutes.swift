import BoxLikeJSON
import Hummingbird

/// `GET /2.0/enterprises/{id}/device_pinners` and `/2.0/device_pinners/{id}`.
struct DevicePinnersRoutes: ServerArea, DevicePinnersOperations {

    let services: ServerServices

    func getEnterpriseDevicePinners(_ input: OperationInput) async throws -> Response {
        let (pinners, users) = try await state.withArea(DevicePinnersState.self) { area, core in try area.devicePinners(core: core,
            enterpriseId: try input.path("enterprise_id"), principal: input.principal) }
        return Responses.json(try DevicePinnerRepresentation.page(pinners, users: users, query: input.query))
    }

    func getDevicePinnerById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("device_pinner_id")
        let (pinner, users) = try await state.withArea(DevicePinnersState.self) { area, core in try area.devicePinner(core: core, id, principal: input.principal) }
        return Responses.json(DevicePinnerRepresentation.pinner(pinner, users: users))
    }

    func deleteDevicePinnerById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("device_pinner_id")
        try await state.withArea(DevicePinnersState.self) { area, core in try area.deleteDevicePinner(core: core, id, principal: input.principal) }
        return Responses.empty()
    }
}
