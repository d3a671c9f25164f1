import Hummingbird

/// The signature of an API route's handler: the operation's input, whose caller's token has
/// already been checked for the operation's scopes.
typealias APIHandler = @Sendable (OperationInput) async throws -> Response

/// The routes of one base path of the API (`/2.0` on the API host, `/api/2.0` on the upload
/// host). The generated ``ServerOperationHandlers/register(on:)`` registers each operation of
/// the spec here by name (`serve(.getFileById)`): its method and path come from the generated
/// operation table, never from a string written by hand. Before its handler runs,
/// ``OperationGate`` checks the caller's token against the operation's scopes and
/// restrictions, as the spec states them, so no handler checks them itself.
struct APIRoutes {
    let router: BoxRouter
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
        router.on(BoxRouter.path(basePath + "/" + path), method: operation.method) { [basePath, validation] request, context -> Response in
            var context = context
            context.pathValues = operation.pathValues(inRequestPath: request.uri.path, basePath: basePath)
            let principal = try context.caller()
            let operations = RouteTable.operations(served, forRequestPath: request.uri.path, basePath: basePath)
            context.operationMatch?.record(operations)
            try OperationGate.check(operations, principal: principal)
            var request = request
            try await validation?.validate(&request, context: &context, operations: operations.map(\.id))
            if let version = operation.boxVersion {
                try BoxVersion.check(request.headers, servedIn: version)
            }
            return try await handler(OperationInput(request: request, context: context, principal: principal))
        }
    }
}

/// The routes of an operation served without a bearer token (OAuth 2.0's token, revoke and
/// authorize endpoints): no gate, no principal; the handler answers as OAuth 2.0 says.
struct PublicRoutes {
    let router: BoxRouter
    /// The spec's server id (`oauth2`, `authorize`).
    let server: String
    /// Where the server's paths are served locally (`/oauth2` for `authorize`, whose base is
    /// `https://account.box.com/api/oauth2` at Box).
    let basePath: String
    let table: RouteTable

    /// The route of `operation` at its method and path under ``basePath``.
    func serve(_ operation: ServerOperation, _ handler: @escaping @Sendable (PublicOperationInput) async throws -> Response) {
        let relative = table.routerPath(for: operation, server: server)
        let served = table.register(server: server, method: operation.method, path: relative, for: operation)
        router.on(BoxRouter.path(basePath + "/" + relative), method: operation.method) { request, context in
            context.operationMatch?.record(served)
            return try await handler(PublicOperationInput(request: request, context: context))
        }
    }
}

/// The routes of each server of the spec, by the spec's server id: the generated registration
/// names them (`routes.upload`), so a server the spec adds fails to compile until it is
/// given a base here.
struct ServerRoutes {
    /// `/2.0` on the API host.
    let api: APIRoutes
    /// `/api/2.0` on the upload host.
    let upload: APIRoutes
    /// `/oauth2/token` and `/oauth2/revoke`.
    let oauth2: PublicRoutes
    /// The authorize page, `/oauth2/authorize`.
    let authorize: PublicRoutes

    init(router: BoxRouter, table: RouteTable, validation: OperationValidator?) {
        api = APIRoutes(router: router, server: "api", basePath: "/2.0", table: table, validation: validation)
        upload = APIRoutes(router: router, server: "upload", basePath: "/api/2.0", table: table,
                           validation: validation)
        oauth2 = PublicRoutes(router: router, server: "oauth2", basePath: "", table: table)
        authorize = PublicRoutes(router: router, server: "authorize", basePath: "/oauth2", table: table)
    }
}
