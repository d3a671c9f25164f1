import Hummingbird

/// Assembles the middleware chain and the routes of one instance.
///
/// Order matters: the request log sees every request and the final status; error rendering
/// turns failures into Box bodies; faults come before authentication so they can hit any
/// request, including OAuth; authentication comes first of all checks, so a request without a
/// valid token is a 401 whatever else is wrong with it. Inside each API route the operation
/// gate (scopes, restricted tokens: 403) runs before validation against the spec (400).
enum ServerRouter {
    static func build(services: ServerServices, faults: FaultInjector, requestLog: RequestLog, specification: SpecCatalog?,
                      table: RouteTable = RouteTable()) -> ServerResponder {
        let router = BoxRouter()
        let logger = services.configuration.logger
        router.add(middleware: RequestLogMiddleware(log: requestLog, logger: logger))
        router.add(middleware: ErrorRenderingMiddleware(logger: logger))
        router.add(middleware: FaultMiddleware(injector: faults))
        router.add(middleware: AuthenticationMiddleware(
            tokens: services.tokens, state: services.state, rateLimit: services.configuration.rateLimitPerSecond))

        // Validation runs inside each API route, after the operation gate, on the operations
        // the route serves: the request is matched once, by the router.
        let validation = specification.map {
            OperationValidator(validator: RequestValidator(catalog: $0), maximumJSONBodySize: services.configuration.maximumJSONBodySize)
        }
        let routes = ServerRoutes(router: router, table: table, validation: validation)
        ServerOperationHandlers(services: services).register(on: routes)
        registerServerOnly(on: routes, router: router, services: services)
        LegalHoldPoliciesRoutes(services: services).scheduleComplianceJobs()
        return router.responder()
    }

    /// Everything the local Box serves beyond the spec's operations, in one place: the pages a
    /// browser or an anonymous client reaches without a bearer token (the authorize form's
    /// steps, download URLs, open shared links, the realtime long-poll, thumbnail images,
    /// file-request and signing pages) and the web app's stand-in operations.
    private static func registerServerOnly(on routes: ServerRoutes, router: BoxRouter, services: ServerServices) {
        AuthorizeRoutes(services: services).registerPages(on: router)
        DownloadsRoutes(services: services).registerPages(on: router)
        EventsRoutes(services: services).registerPages(on: router)
        FilesRoutes(services: services).registerPages(on: router)
        let fileRequests = FileRequestsRoutes(services: services)
        fileRequests.registerPages(on: router)
        SignRequestsRoutes(services: services).registerPages(on: router)
        routes.api.serve(.createWebAppFileRequest) { try await fileRequests.createWebAppFileRequest($0) }
    }
}
