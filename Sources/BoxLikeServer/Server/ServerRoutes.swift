import Hummingbird

/// The signature of an API route's handler: the request, its context and the caller, whose
/// token has already been checked for the route's scopes.
typealias APIHandler = @Sendable (Request, BoxLikeRequestContext, Principal) async throws -> Response

/// The routes of one base path of the API (`/2.0` on the API host, `/api/2.0` on the upload
/// host). A route is registered for an operation of the spec by name (`serve(.getFileById)`):
/// its method and path come from the generated operation table, never from a string written
/// here. Before its handler runs, ``OperationGate`` checks the caller's token against the
/// operation's scopes and restrictions, as the spec states them, so no handler checks them
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

    /// The route of `operation`, at the method and path the spec gives it (a Box `#fragment`
    /// variant on the same method and path is served by the same route). The request's
    /// operation is known from the route, so the gate checks the caller against it, then
    /// validation checks the request against it, then the `box-version` it needs, if any, is
    /// checked, and only then does `handler` run.
    func serve(_ operation: ServerOperation, _ handler: @escaping APIHandler) {
        let path = table.routerPath(for: operation, server: server)
        let served = table.register(server: server, method: operation.method, path: path, for: operation)
        group.on(RouterPath(path), method: operation.method) { [basePath, validation] request, context -> Response in
            var context = context
            context.pathValues = operation.pathValues(inRequestPath: request.uri.path, basePath: basePath)
            let principal = try context.caller()
            let operations = RouteTable.operations(served, forRequestPath: request.uri.path, basePath: basePath)
            try OperationGate.check(operations, principal: principal)
            var request = request
            try await validation?.validate(&request, context: &context, operations: operations.map(\.id))
            if let version = operation.boxVersion {
                try BoxVersion.check(request.headers, servedIn: version)
            }
            return try await handler(request, context, principal)
        }
    }

    /// The by-id operations of one resource (`GET`, `PUT` and `DELETE /comments/{comment_id}`):
    /// a handler receives the id, the path's last parameter.
    func resource(get: ResourceHandler? = nil, put: ResourceHandler? = nil, delete: ResourceHandler? = nil) {
        for entry in [get, put, delete].compactMap({ $0 }) {
            let parameter = entry.operation.segments.last.map { String($0.dropFirst().dropLast()) } ?? ""
            serve(entry.operation) { request, context, principal in
                try await entry.handler(request, context, principal, try context.pathParameter(parameter))
            }
        }
    }

    /// One operation of ``resource(get:put:delete:)``.
    struct ResourceHandler {
        let operation: ServerOperation
        let handler: @Sendable (Request, BoxLikeRequestContext, Principal, String) async throws -> Response

        init(_ operation: ServerOperation,
             _ handler: @escaping @Sendable (Request, BoxLikeRequestContext, Principal, String) async throws -> Response) {
            self.operation = operation
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
