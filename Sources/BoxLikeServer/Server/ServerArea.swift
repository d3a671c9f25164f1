/// An area of the server (a folder, named after the SDK's manager): it serves its manager's
/// operations through the generated protocol of that manager and reaches the shared state
/// through the services it holds.
protocol ServerArea: Sendable {
    /// What every area shares: the configuration, the state, the token registry.
    var services: ServerServices { get }
}

extension ServerArea {
    /// The server's state.
    var state: ServerState { services.state }
}
