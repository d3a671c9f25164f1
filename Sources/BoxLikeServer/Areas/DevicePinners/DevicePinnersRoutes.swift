import BoxLikeJSON
import Hummingbird

/// `GET /2.0/enterprises/{id}/device_pinners` and `/2.0/device_pinners/{id}`.
struct DevicePinnersRoutes: ServerArea {

    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getEnterpriseDevicePinners) { request, context, principal in
            let (pinners, users) = try await state.devicePinners(
                enterpriseId: try context.pathParameter("enterprise_id"), principal: principal)
            return Responses.json(try DevicePinnerRepresentation.page(pinners, users: users, query: request.query))
        }
        routes.api.resource(
            get: .init(.getDevicePinnerById) { _, _, principal, id in
                let (pinner, users) = try await state.devicePinner(id, principal: principal)
                return Responses.json(DevicePinnerRepresentation.pinner(pinner, users: users))
            },
            delete: .init(.deleteDevicePinnerById) { _, _, principal, id in
                try await state.deleteDevicePinner(id, principal: principal)
                return Responses.empty()
            })
    }
}
