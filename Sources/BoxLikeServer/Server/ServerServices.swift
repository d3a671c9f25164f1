/// What route handlers share: configuration and the state actors of one instance.
struct ServerServices: Sendable {
    let configuration: BoxLikeServerConfiguration
    let state: ServerState
    let tokens: TokenRegistry
    let clients: [String: RegisteredClient]

    init(configuration: BoxLikeServerConfiguration, state: ServerState, tokens: TokenRegistry) {
        self.configuration = configuration
        self.state = state
        self.tokens = tokens
        self.clients = Dictionary(configuration.allClients.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
