import Hummingbird

/// The signature of an API route's handler: the request, its context and the caller, whose
/// token has already been checked for the route's scopes.
typealias APIHandler = @Sendable (Request, BoxLikeRequestContext, Principal) async throws -> Response

/// The routes of one base path of the API (`/2.0` on the API host, `/api/2.0` on the upload
/// host). Each route states the scopes its caller's token must carry once, where it is
/// registered, so no handler checks them itself.
struct APIRoutes {
    let group: RouterGroup<BoxLikeRequestContext>

    /// A route for `method` at `path` (relative to the base, `files/:file_id`), answered only
    /// for a caller whose token carries one of `scope` (every token when `scope` is empty).
    func on(_ path: String, method: HTTPRequest.Method, scope: Set<String>, _ handler: @escaping APIHandler) {
        group.on(RouterPath(path), method: method) { request, context -> Response in
            let principal = try context.caller(requiring: scope)
            return try await handler(request, context, principal)
        }
    }

    func get(_ path: String, scope: Set<String>, _ handler: @escaping APIHandler) {
        on(path, method: .get, scope: scope, handler)
    }

    func post(_ path: String, scope: Set<String>, _ handler: @escaping APIHandler) {
        on(path, method: .post, scope: scope, handler)
    }

    func put(_ path: String, scope: Set<String>, _ handler: @escaping APIHandler) {
        on(path, method: .put, scope: scope, handler)
    }

    func delete(_ path: String, scope: Set<String>, _ handler: @escaping APIHandler) {
        on(path, method: .delete, scope: scope, handler)
    }

    func options(_ path: String, scope: Set<String>, _ handler: @escaping APIHandler) {
        on(path, method: .options, scope: scope, handler)
    }

    /// The by-id family of one resource (`comments/:comment_id`): `GET`, `PUT` and `DELETE`,
    /// each given with its scopes; a handler receives the id from the path.
    func resource(_ path: String, id parameter: String, get: ResourceHandler? = nil, put: ResourceHandler? = nil,
                  delete: ResourceHandler? = nil) {
        for (method, entry) in [(HTTPRequest.Method.get, get), (.put, put), (.delete, delete)] {
            guard let entry else { continue }
            on("\(path)/:\(parameter)", method: method, scope: entry.scope) { request, context, principal in
                try await entry.handler(request, context, principal, try context.pathParameter(parameter))
            }
        }
    }

    /// One method of ``resource(_:id:get:put:delete:)``.
    struct ResourceHandler {
        let scope: Set<String>
        let handler: @Sendable (Request, BoxLikeRequestContext, Principal, String) async throws -> Response

        init(scope: Set<String>, _ handler: @escaping @Sendable (Request, BoxLikeRequestContext, Principal, String) async throws -> Response) {
            self.scope = scope
            self.handler = handler
        }
    }
}

/// Where an area registers its routes: the API base, the upload base, and the root for the
/// few paths outside both (download URLs, the realtime long-poll, images).
struct ServerRoutes {
    /// `/2.0` on the API host.
    let api: APIRoutes
    /// `/api/2.0` on the upload host.
    let upload: APIRoutes
    /// Paths that need no bearer token and sit outside the API's base paths.
    let root: BoxRouter
    let services: ServerServices

    init(router: BoxRouter, services: ServerServices) {
        api = APIRoutes(group: router.group("/2.0"))
        upload = APIRoutes(group: router.group("/api/2.0"))
        root = router
        self.services = services
    }

    var state: ServerState { services.state }
}

/// One API area of the server (a folder, named after the SDK's manager): it registers its
/// own routes, and nothing else in the server has to change when an area is added.
protocol ServerArea {
    static func register(on routes: ServerRoutes)
}
