import BoxLikeJSON
import Foundation

/// Devices pinned to users' accounts; only admins see and remove them.
extension DevicePinnersState {
    private mutating func requireDeviceAdministrator(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage device pins.")
        }
    }

    /// Pins a device to a user, as signing in from a Box app does while the enterprise limits
    /// devices (no API creates pins; ``BoxLikeServer/pinDevice(core: core, userId:productName:)`` does it).
    mutating func pinDevice(core: isolated ServerState, userId: String, productName: String) throws -> DevicePinnerRecord {
        guard core.users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        let pinner = DevicePinnerRecord(id: core.newId(), userId: userId, productName: productName)
        self.pinners[pinner.id] = pinner
        recordDeviceAssociation(core: core, "ADD_DEVICE_ASSOCIATION", pinner, by: userId)
        return pinner
    }

    mutating func devicePinner(core: isolated ServerState, _ id: String, principal: Principal) throws -> (DevicePinnerRecord, UserMinis) {
        try requireDeviceAdministrator(core: core, principal)
        guard let pinner = self.pinners[id] else { throw ServerErrorResponse.notFound("device_pinner") }
        return (pinner, core.userMinis([pinner.userId]))
    }

    mutating func devicePinners(core: isolated ServerState, enterpriseId requested: String, principal: Principal) throws -> ([DevicePinnerRecord], UserMinis) {
        try requireDeviceAdministrator(core: core, principal)
        guard requested == core.enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        let pinners = Array(self.pinners.values)
        return (pinners, core.userMinis(pinners.map { $0.userId }))
    }

    mutating func deleteDevicePinner(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try requireDeviceAdministrator(core: core, principal)
        guard let pinner = self.pinners.removeValue(forKey: id) else {
            throw ServerErrorResponse.notFound("device_pinner")
        }
        recordDeviceAssociation(core: core, "REMOVE_DEVICE_ASSOCIATION", pinner, by: principal.userId)
    }

    /// Records a pin or its removal in the admin logs, with the pinned user as the source.
    private mutating func recordDeviceAssociation(core: isolated ServerState, _ type: String, _ pinner: DevicePinnerRecord, by actor: String) {
        core.recordEvent(type, by: actor, source: nil, aboutUser: core.users[pinner.userId], enterpriseOnly: true,
                    details: ["device_pinner_id": .string(pinner.id), "product_name": .string(pinner.productName)])
    }
}
