import BoxLikeJSON
import Hummingbird
import NIOCore
import Synchronization

/// Per-request state shared by the middleware chain and the route handlers.
struct BoxLikeRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection, so a fault can close it without answering.
    let channel: any Channel
    /// Fresh per request; echoed in `box-request-id` and error bodies.
    var requestId: String
    /// Set by the authentication middleware for API and upload requests.
    var principal: Principal?
    /// The parsed JSON body, when validation already read it.
    var jsonBody: JSONValue?
    /// The path parameters of an API request by the spec's names, set by its route.
    var pathValues: [String: String] = [:]
    /// Where the route that answers notes the operations of the spec it serves, for the
    /// request log; shared by every copy of the context.
    var operationMatch: OperationMatch?
    /// The middleware and route handlers of the server answering, which the process's
    /// shared router calls (set by ``ServerResponder``).
    var handlers: ServerHandlers?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
        self.requestId = TokenRegistry.randomToken(length: 20).lowercased()
    }

    /// The authenticated caller; every API route runs behind the authentication middleware.
    func caller() throws -> Principal {
        guard let principal else { throw ServerErrorResponse.invalidToken("The access token is missing") }
        return principal
    }
}

/// The operations of the spec the route that answered a request serves for it, noted by the
/// route and read by the request log once the answer is ready.
final class OperationMatch: Sendable {
    private let ids = Mutex<[String]>([])

    /// Notes the operations (one, or the `#fragment` operations sharing the route).
    func record(_ operations: [ServerOperation]) {
        ids.withLock { $0 = operations.map(\.id) }
    }

    /// The operation ids noted so far.
    var operationIds: [String] { ids.withLock { $0 } }
}
