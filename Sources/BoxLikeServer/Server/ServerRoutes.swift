import Hummingbird

/// The signature of an API route's handler: the request, its context and the caller, whose
/// token has already been checked for the route's scopes.
typealias APIHandler = @Sendable (Request, BoxLikeRequestContext, Principal) async throws -> Response

/// The routes of one base path of the API (`/2.0` on the API host, `/api/2.0` on the upload
/// host). A route is registered for the operations of the spec it serves (``RouteTable``);
/// before its handler runs, ``OperationGate`` checks the caller's token against those
/// operations' scopes and restrictions, as the spec states them, so no handler checks them
/// itself.
struct APIRoutes {
    let group: RouterGroup<BoxLikeRequestContext>
    /// The spec's server id of this base (`api`, `upload`).
    let server: String
    /// The base path requests arrive under (`/2.0`).
    let basePath: String
    let table: RouteTable
    /// Checks requests against the spec; `nil` when the server does not validate.
    let validation: OperationValidator?

    /// A route for `method` at `path` (relative to the base, `files/:file_id`): the request's
    /// operation is known from the route, so the gate checks the caller against it, then
    /// validation checks the request against it, and only then does `handler` run.
    func on(_ path: String, method: HTTPRequest.Method, _ handler: @escaping APIHandler) {
        let served = table.register(server: server, method: method, path: path)
        group.on(RouterPath(path), method: method) { [basePath, validation] request, context -> Response in
            let principal = try context.caller()
            let operations = RouteTable.operations(served, forRequestPath: request.uri.path, basePath: basePath)
            try OperationGate.check(operations, principal: principal)
            guard let validation else { return try await handler(request, context, principal) }
            var request = request
            var context = context
            try await validation.validate(&request, context: &context, operations: operations.map(\.id))
            return try await handler(request, context, principal)
        }
    }

    func get(_ path: String, _ handler: @escaping APIHandler) {
        on(path, method: .get, handler)
    }

    func post(_ path: String, _ handler: @escaping APIHandler) {
        on(path, method: .post, handler)
    }

    func put(_ path: String, _ handler: @escaping APIHandler) {
        on(path, method: .put, handler)
    }

    func delete(_ path: String, _ handler: @escaping APIHandler) {
        on(path, method: .delete, handler)
    }

    func options(_ path: String, _ handler: @escaping APIHandler) {
        on(path, method: .options, handler)
    }

    /// The by-id family of one resource (`comments/:comment_id`): `GET`, `PUT` and `DELETE`;
    /// a handler receives the id from the path.
    func resource(_ path: String, id parameter: String, get: ResourceHandler? = nil, put: ResourceHandler? = nil,
                  delete: ResourceHandler? = nil) {
        for (method, entry) in [(HTTPRequest.Method.get, get), (.put, put), (.delete, delete)] {
            guard let entry else { continue }
            on("\(path)/:\(parameter)", method: method) { request, context, principal in
                try await entry.handler(request, context, principal, try context.pathParameter(parameter))
            }
        }
    }

    /// One method of ``resource(_:id:get:put:delete:)``.
    struct ResourceHandler {
        let handler: @Sendable (Request, BoxLikeRequestContext, Principal, String) async throws -> Response

        init(_ handler: @escaping @Sendable (Request, BoxLikeRequestContext, Principal, String) async throws -> Response) {
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

    init(router: BoxRouter, services: ServerServices, table: RouteTable, validation: OperationValidator?) {
        api = APIRoutes(group: router.group("/2.0"), server: "api", basePath: "/2.0", table: table, validation: validation)
        upload = APIRoutes(group: router.group("/api/2.0"), server: "upload", basePath: "/api/2.0", table: table,
                           validation: validation)
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
