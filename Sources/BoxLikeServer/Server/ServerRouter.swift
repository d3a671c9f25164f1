import Hummingbird

/// Assembles the middleware chain and the routes of one instance.
///
/// Order matters: the request log sees every request and the final status; error rendering
/// turns failures into Box bodies; faults come before authentication and validation so they
/// can hit any request, including OAuth; authentication precedes validation so a request
/// without a valid token is a 401 whatever else is wrong with it.
enum ServerRouter {
    static func build(services: ServerServices, faults: FaultInjector, requestLog: RequestLog, specification: SpecCatalog?) -> BoxRouter {
        let router = BoxRouter(context: BoxLikeRequestContext.self)
        let logger = services.configuration.logger
        router.add(middleware: RequestLogMiddleware(log: requestLog, logger: logger))
        router.add(middleware: ErrorRenderingMiddleware(logger: logger))
        router.add(middleware: FaultMiddleware(injector: faults))
        router.add(middleware: AuthenticationMiddleware(
            tokens: services.tokens, state: services.state, rateLimit: services.configuration.rateLimitPerSecond))
        if let specification {
            router.add(middleware: ValidationMiddleware(
                validator: RequestValidator(catalog: specification), maximumJSONBodySize: services.configuration.maximumJSONBodySize))
        }

        AuthorizeRoutes(services: services).register(on: router)
        TokenRoutes(services: services).register(on: router)
        UsersRoutes(services: services).register(on: router)
        FoldersRoutes(services: services).register(on: router)
        ItemsRoutes(services: services).register(on: router)
        TrashRoutes(services: services).register(on: router)
        WebLinksRoutes(services: services).register(on: router)
        FileVersionsRoutes(services: services).register(on: router)
        SharedLinksRoutes(services: services).register(on: router)
        DownloadsRoutes(services: services).register(on: router)
        UploadsRoutes(services: services).register(on: router)
        UploadSessionsRoutes(services: services).register(on: router)
        SearchRoutes(services: services).register(on: router)
        CollaborationsRoutes(services: services).register(on: router)
        GroupsRoutes(services: services).register(on: router)
        CommentsRoutes(services: services).register(on: router)
        TasksRoutes(services: services).register(on: router)
        WebhooksRoutes(services: services).register(on: router)
        MetadataRoutes(services: services).register(on: router)
        MetadataTemplatesRoutes(services: services).register(on: router)
        WatermarksRoutes(services: services).register(on: router)
        CollectionsRoutes(services: services).register(on: router)
        ZipDownloadsRoutes(services: services).register(on: router)
        ImagesRoutes(services: services).register(on: router)
        AllowlistRoutes(services: services).register(on: router)
        EventsRoutes(services: services).register(on: router)
        return router
    }
}
