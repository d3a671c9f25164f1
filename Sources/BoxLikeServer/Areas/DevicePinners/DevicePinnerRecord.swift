/// A device a user's account is pinned to (Box's device trust: a mobile or desktop app the
/// user signed in with while the enterprise limits devices).
struct DevicePinnerRecord: Sendable {
    var id: String
    var userId: String
    var productName: String
}

/// The pinned devices, by id.
struct DevicePinnersState: AreaState {
    var pinners: [String: DevicePinnerRecord] = [:]
}
