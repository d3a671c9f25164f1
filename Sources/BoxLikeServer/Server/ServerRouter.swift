import Hummingbird

/// Assembles the middleware chain and the routes of one instance.
///
/// Order matters: the request log sees every request and the final status; error rendering
/// turns failures into Box bodies; faults come before authentication so they can hit any
/// request, including OAuth; authentication comes first of all checks, so a request without a
/// valid token is a 401 whatever else is wrong with it. Inside each API route the operation
/// gate (scopes, restricted tokens: 403) runs before validation against the spec (400).
enum ServerRouter {
    /// Every API area the server serves; each registers its own routes.
    static let areas: [any ServerArea.Type] = [
        UsersRoutes.self,
        FoldersRoutes.self,
        ItemsRoutes.self,
        TrashRoutes.self,
        WebLinksRoutes.self,
        FileVersionsRoutes.self,
        SharedLinksRoutes.self,
        DownloadsRoutes.self,
        UploadsRoutes.self,
        UploadSessionsRoutes.self,
        SearchRoutes.self,
        CollaborationsRoutes.self,
        GroupsRoutes.self,
        CommentsRoutes.self,
        TasksRoutes.self,
        WebhooksRoutes.self,
        MetadataRoutes.self,
        MetadataTemplatesRoutes.self,
        WatermarksRoutes.self,
        CollectionsRoutes.self,
        ZipDownloadsRoutes.self,
        ThumbnailsRoutes.self,
        AllowlistRoutes.self,
        EventsRoutes.self,
        EmailAliasesRoutes.self,
        InvitesRoutes.self,
        TransferRoutes.self,
        RecentItemsRoutes.self,
        AvatarsRoutes.self,
        FolderLocksRoutes.self,
        TaskAssignmentsRoutes.self,
        MembershipsRoutes.self,
        MetadataTaxonomiesRoutes.self,
        LegalHoldPoliciesRoutes.self,
        LegalHoldPolicyAssignmentsRoutes.self,
        FileVersionLegalHoldsRoutes.self,
        RetentionPoliciesRoutes.self,
        RetentionPolicyAssignmentsRoutes.self,
        FileVersionRetentionsRoutes.self,
        SignRequestsRoutes.self,
        SignTemplatesRoutes.self,
        AiRoutes.self,
        AiStudioRoutes.self,
        MetadataCascadePoliciesRoutes.self,
        FileRequestsRoutes.self,
        SkillsRoutes.self,
        AppItemAssociationsRoutes.self,
        WorkflowsRoutes.self,
        AutomateWorkflowsRoutes.self,
        NotesRoutes.self,
        ShieldInformationBarriersRoutes.self,
        SessionTerminationRoutes.self,
        TermsOfServicesRoutes.self,
        StoragePoliciesRoutes.self,
        DevicePinnersRoutes.self,
        IntegrationMappingsRoutes.self,
        DocGenRoutes.self,
        ArchivesRoutes.self,
        ExternalUsersRoutes.self,
        EnterpriseConfigurationsRoutes.self,
        HubsRoutes.self,
        HubCollaborationsRoutes.self,
        HubItemsRoutes.self,
        HubDocumentRoutes.self,
        ShieldListsRoutes.self,
    ]

    static func build(services: ServerServices, faults: FaultInjector, requestLog: RequestLog, specification: SpecCatalog?,
                      table: RouteTable = RouteTable()) -> BoxRouter {
        let router = BoxRouter(context: BoxLikeRequestContext.self)
        let logger = services.configuration.logger
        router.add(middleware: RequestLogMiddleware(log: requestLog, logger: logger))
        router.add(middleware: ErrorRenderingMiddleware(logger: logger))
        router.add(middleware: FaultMiddleware(injector: faults))
        router.add(middleware: AuthenticationMiddleware(
            tokens: services.tokens, state: services.state, rateLimit: services.configuration.rateLimitPerSecond))

        AuthorizeRoutes(services: services).register(on: router)
        TokenRoutes(services: services).register(on: router)
        // Validation runs inside each API route, after the operation gate, on the operations
        // the route serves: the request is matched once, by the router.
        let validation = specification.map {
            OperationValidator(validator: RequestValidator(catalog: $0), maximumJSONBodySize: services.configuration.maximumJSONBodySize)
        }
        let routes = ServerRoutes(router: router, services: services, table: table, validation: validation)
        for area in areas {
            area.register(on: routes)
        }
        return router
    }
}
