import HTTPTypes
import Hummingbird
import Synchronization

/// Where one server registers its middleware and routes: it keeps them, in order, instead of
/// building a router of its own. Every server of a process registers the same routes in the
/// same order (the spec's operations and the server-only pages), so the router that matches
/// paths, Hummingbird's trie, is built once per process (``SharedRouter``) and each server
/// answers through it with its own handlers (``ServerResponder``).
final class RouteRecorder: RouterMethods {
    typealias Context = BoxLikeRequestContext

    /// One route as registered: where, and the server's own responder.
    struct Route {
        let path: RouterPath
        let method: HTTPRequest.Method
        let responder: any HTTPResponder<Context>
    }

    private(set) var routes: [Route] = []
    private(set) var middlewares: [any MiddlewareProtocol<Request, Response, Context>] = []

    @discardableResult func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        routes.append(Route(path: path, method: method, responder: responder))
        return self
    }

    @discardableResult func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        middlewares.append(middleware)
        return self
    }

    /// What the server answers with: the process's router for these routes, with this
    /// server's middleware and handlers.
    func responder() -> ServerResponder {
        let shape = SharedRouter.Shape(routes: routes.map { "\($0.method.rawValue) \($0.path.description)" },
                                       middlewareCount: middlewares.count)
        return ServerResponder(
            router: SharedRouter.responder(for: shape),
            handlers: ServerHandlers(responders: routes.map(\.responder), middlewares: middlewares))
    }

    /// A path parsed once per process: the same few hundred paths are registered by every
    /// server, and parsing one costs more than looking it up.
    static func path(_ text: String) -> RouterPath {
        if let known = parsedPaths.withLock({ $0[text] }) { return known }
        let parsed = RouterPath(text)
        parsedPaths.withLock { $0[text] = parsed }
        return parsed
    }

    private static let parsedPaths = Mutex<[String: RouterPath]>([:])
}

/// One server's middleware and route handlers, in the order they were registered: the
/// shared router's route `k` answers with `responders[k]`.
final class ServerHandlers: Sendable {
    let responders: [any HTTPResponder<BoxLikeRequestContext>]
    let middlewares: [any MiddlewareProtocol<Request, Response, BoxLikeRequestContext>]

    init(responders: [any HTTPResponder<BoxLikeRequestContext>],
         middlewares: [any MiddlewareProtocol<Request, Response, BoxLikeRequestContext>]) {
        self.responders = responders
        self.middlewares = middlewares
    }
}

/// A server's answer to each request: its handlers put in the request's context, then the
/// process's router for its routes.
struct ServerResponder: HTTPResponder {
    let router: RouterResponder<BoxLikeRequestContext>
    let handlers: ServerHandlers

    func respond(to request: Request, context: BoxLikeRequestContext) async throws -> Response {
        var context = context
        context.handlers = handlers
        return try await router.respond(to: request, context: context)
    }
}

/// The routers of this process, one per shape of routes (in practice one: every server
/// registers the same). Their middleware and routes stand in for a server's: each calls the
/// one at its index among the handlers the request's context carries.
enum SharedRouter {
    /// The routes (method and path, in order) and the number of middleware a router serves.
    struct Shape: Hashable {
        let routes: [String]
        let middlewareCount: Int
    }

    private static let built = Mutex<[Shape: RouterResponder<BoxLikeRequestContext>]>([:])
    private static let builds = Atomic<Int>(0)

    /// How many routers this process has built (tests check a second server builds none).
    static var buildCount: Int { builds.load(ordering: .relaxed) }

    static func responder(for shape: Shape) -> RouterResponder<BoxLikeRequestContext> {
        if let known = built.withLock({ $0[shape] }) { return known }
        let router = Router(context: BoxLikeRequestContext.self)
        for index in 0..<shape.middlewareCount {
            router.add(middleware: MiddlewareAt(index: index))
        }
        for (index, route) in shape.routes.enumerated() {
            let separator = route.firstIndex(of: " ") ?? route.endIndex
            let method = HTTPRequest.Method(String(route[..<separator])) ?? .get
            let path = route[separator...].dropFirst()
            router.on(RouteRecorder.path(String(path)), method: method, responder: RouteAt(index: index))
        }
        let responder = router.buildResponder()
        builds.add(1, ordering: .relaxed)
        return built.withLock { built in
            if let raced = built[shape] { return raced }
            built[shape] = responder
            return responder
        }
    }

    /// The request's server's route at `index`.
    private struct RouteAt: HTTPResponder {
        let index: Int

        func respond(to request: Request, context: BoxLikeRequestContext) async throws -> Response {
            guard let responders = context.handlers?.responders, responders.indices.contains(index) else {
                throw HTTPError(.internalServerError, message: "The request reached no server's handlers.")
            }
            return try await responders[index].respond(to: request, context: context)
        }
    }

    /// The request's server's middleware at `index`.
    private struct MiddlewareAt: RouterMiddleware {
        typealias Context = BoxLikeRequestContext
        let index: Int

        func handle(_ request: Request, context: BoxLikeRequestContext,
                    next: (Request, BoxLikeRequestContext) async throws -> Response) async throws -> Response {
            guard let middlewares = context.handlers?.middlewares, middlewares.indices.contains(index) else {
                throw HTTPError(.internalServerError, message: "The request reached no server's middleware.")
            }
            return try await middlewares[index].handle(request, context: context, next: next)
        }
    }
}
