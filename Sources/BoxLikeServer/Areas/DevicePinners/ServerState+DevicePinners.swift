import BoxLikeJSON
import Foundation

/// Devices pinned to users' accounts; only admins see and remove them.
extension ServerState {
    private func requireDeviceAdministrator(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage device pins.")
        }
    }

    /// Pins a device to a user, as signing in from a Box app does while the enterprise limits
    /// devices (no API creates pins; ``BoxLikeServer/pinDevice(userId:productName:)`` does it).
    func pinDevice(userId: String, productName: String) throws -> DevicePinnerRecord {
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        let pinner = DevicePinnerRecord(id: newId(), userId: userId, productName: productName)
        self[area: DevicePinnersState.self].pinners[pinner.id] = pinner
        recordDeviceAssociation("ADD_DEVICE_ASSOCIATION", pinner, by: userId)
        return pinner
    }

    func devicePinner(_ id: String, principal: Principal) throws -> (DevicePinnerRecord, UserMinis) {
        try requireDeviceAdministrator(principal)
        guard let pinner = self[area: DevicePinnersState.self].pinners[id] else { throw ServerErrorResponse.notFound("device_pinner") }
        return (pinner, userMinis([pinner.userId]))
    }

    func devicePinners(enterpriseId requested: String, principal: Principal) throws -> ([DevicePinnerRecord], UserMinis) {
        try requireDeviceAdministrator(principal)
        guard requested == enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        let pinners = Array(self[area: DevicePinnersState.self].pinners.values)
        return (pinners, userMinis(pinners.map { $0.userId }))
    }

    func deleteDevicePinner(_ id: String, principal: Principal) throws {
        try requireDeviceAdministrator(principal)
        guard let pinner = self[area: DevicePinnersState.self].pinners.removeValue(forKey: id) else {
            throw ServerErrorResponse.notFound("device_pinner")
        }
        recordDeviceAssociation("REMOVE_DEVICE_ASSOCIATION", pinner, by: principal.userId)
    }

    /// Records a pin or its removal in the admin logs, with the pinned user as the source.
    private func recordDeviceAssociation(_ type: String, _ pinner: DevicePinnerRecord, by actor: String) {
        recordEvent(type, by: actor, source: nil, aboutUser: users[pinner.userId], enterpriseOnly: true,
                    details: ["device_pinner_id": .string(pinner.id), "product_name": .string(pinner.productName)])
    }
}
