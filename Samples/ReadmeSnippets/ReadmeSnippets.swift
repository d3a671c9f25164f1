// Generated from the ```swift blocks of README.md by ReadmeSnippetsTests; do not edit.
// Refresh: BOXLIKE_UPDATE_README_SNIPPETS=1 swift test --filter ReadmeSnippets

import BoxLikeSDK
import BoxLikeServer
import Foundation

// README.md, Swift block 1
func readmeBlock1() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let note = try await client.notes.createNoteConvertV2026R0(requestBody: NotesConvertRequestBodyV2026R0(
        content: "# Minutes\n\n- ship it", parent: FolderReference(id: "<folder id>"), name: "Minutes"))
    let actions = try await client.automateWorkflows.getAutomateWorkflowsV2026R0(
        queryParams: GetAutomateWorkflowsV2026R0QueryParams(folderId: "<folder id>"))
    if let action = actions.entries?.first {
        try await client.automateWorkflows.createAutomateWorkflowStartV2026R0(
            workflowId: action.workflow.id,
            requestBody: AutomateWorkflowStartRequestV2026R0(workflowActionId: action.id, fileIds: [note.id]))
    }
}

// README.md, Swift block 2
func readmeBlock2() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let query = MetadataQuery(
        from: "enterprise_12345.contract", ancestorFolderId: "0",
        query: "amount >= :minimum AND region = :region",
        queryParams: ["minimum": 100_000, "region": "EMEA"],
        orderBy: [MetadataQueryOrderByField(fieldKey: "amount", direction: .desc)])
    for try await item in client.search.searchByMetadataQuerySequence(requestBody: query) {
        print(item)
    }
}

// README.md, Swift block 3
func readmeBlock3() async throws {
    let auth = BoxDeveloperTokenAuth(token: "<developer token>")
    let client = BoxClient(auth: auth)
    let me = try await client.users.getUserMe()
    print(me.name ?? "", me.login ?? "")
}

// README.md, Swift block 4
func readmeBlock4() async throws {
    let auth = BoxCCGAuth(config: CCGConfig(
        clientId: "<client id>", clientSecret: "<client secret>", enterpriseId: "<enterprise id>"))
    let serviceAccount = BoxClient(auth: auth)
    let asUser = BoxClient(auth: auth.withUserSubject(userId: "<user id>"))
    let items = try await asUser.folders.getFolderItems(folderId: "0")
    _ = (serviceAccount, items)
}

// README.md, Swift block 5
func readmeBlock5() async throws {
    let auth = BoxJWTAuth(config: try JWTConfig.fromConfigFile(path: "box_config.json"))
    let serviceAccount = BoxClient(auth: auth)
    let asUser = BoxClient(auth: auth.withUserSubject(userId: "<user id>"))
    _ = (serviceAccount, asUser)
}

// README.md, Swift block 6
func readmeBlock6() async throws {
    let pem = try String(contentsOfFile: "private_key.pem", encoding: .utf8)
    let config = JWTConfig(clientId: "<client id>", clientSecret: "<client secret>", jwtKeyId: "<public key id>",
                           privateKey: pem, privateKeyPassphrase: "<passphrase>", enterpriseId: "<enterprise id>")
    let client = BoxClient(auth: BoxJWTAuth(config: config))
    _ = client
}

// README.md, Swift block 7
func readmeBlock7() async throws {
    let auth = BoxOAuth(config: OAuthConfig(clientId: "<client id>", clientSecret: "<client secret>"))
    let token = try await auth.runLoginFlow(options: LoginFlowOptions(timeout: .seconds(120)))
    let client = BoxClient(auth: auth)
    _ = (token, client)
}

// README.md, Swift block 8
func readmeBlock8() async throws {
    let auth = BoxOAuth(config: OAuthConfig(clientId: "<client id>", clientSecret: "<client secret>"))
    let request = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: "https://app.example/callback"))
    // Send the user to `request.url`. The redirect reaches your handler with ?code=...&state=...;
    // its state must be one this auth issued, and picks the PKCE verifier of that sign-in:
    func handleCallback(_ callbackURL: URL) async throws {
        let token = try await auth.getTokensFromRedirect(callbackURL)
        _ = token
    }
    _ = (request, handleCallback)
}

// README.md, Swift block 9
func readmeBlock9() async throws {
    let auth = BoxDeveloperTokenAuth(token: "<developer token>")
    let limited = try await auth.downscopeToken(
        scopes: ["item_preview"], resource: "https://api.boxlike.example/2.0/files/123")
    let previewOnly = BoxClient(auth: BoxDeveloperTokenAuth(token: limited))
    _ = previewOnly
}

// README.md, Swift block 10
func readmeBlock10() async throws {
    let key = EncryptedFileTokenStorage.Key.generate()      // keep it in a secret store
    let storage = try EncryptedFileTokenStorage(
        directory: URL(fileURLWithPath: "/var/lib/myapp/tokens"), key: key, namespace: "work")
    let auth = BoxCCGAuth(config: CCGConfig(
        clientId: "<client id>", clientSecret: "<client secret>", enterpriseId: "<enterprise id>",
        tokenStorage: storage))
    _ = auth
}

// README.md, Swift block 11
actor DictionaryTokenStorage: TokenStorage {
    private var token: AccessToken?
    func store(token: AccessToken) { self.token = token }
    func get() -> AccessToken? { token }
    func clear() { token = nil }
}

// README.md, Swift block 12
func readmeBlock12() async throws {
    let store = CredentialStore(
        storage: InMemoryTokenStorage(namespace: "accounts"),
        authentication: .oauth(clientId: "<client id>", clientSecret: "<client secret>"))
    let token = AccessToken(accessToken: "<access token>", expiresIn: 3600, refreshToken: "<refresh token>")
    let credential = try await store.store(token: token, tags: ["team": "sales"])   // the first becomes the default
    let sales = try await store.find(tags: ["team": "sales"])
    let outcome = try await credential.logout()      // revokes on the server, then removes locally
    _ = (sales, outcome)
}

// README.md, Swift block 13
func readmeBlock13() async throws {
    let memory = CredentialStore(storage: InMemoryTokenStorage(namespace: "accounts"),
                                 authentication: .oauth(clientId: "<client id>", clientSecret: "<client secret>"))
    let key = EncryptedFileTokenStorage.Key.generate()
    let file = try EncryptedFileTokenStorage(directory: URL(fileURLWithPath: "/var/lib/myapp/tokens"), key: key,
                                             namespace: "accounts")
    try await memory.migrate(to: file)
    Task {
        for await event in memory.events() {
            if case .refreshFailed(let id, _, signInRequired: true) = event { print("\(id) must sign in again") }
        }
    }
}

// README.md, Swift block 14
func readmeBlock14() async throws {
    let oldKey = EncryptedFileTokenStorage.Key.generate()
    let newKey = EncryptedFileTokenStorage.Key.generate()
    let rotating = try EncryptedFileTokenStorage(directory: URL(fileURLWithPath: "/var/lib/myapp/tokens"), key: newKey,
                                                 previousKeys: [oldKey], namespace: "accounts")
    try await rotating.rotateKey()
}

// README.md, Swift block 15
func readmeBlock15() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let progress = ProgressReporter { print("\($0.completedBytes) of \($0.totalBytes ?? 0) bytes") }
    let files = try await client.uploads.uploadFile(
        from: URL(fileURLWithPath: "/tmp/report.pdf"), name: "report.pdf", parentFolderId: "0", progress: progress)
    guard let file = files.entries?.first else { return }
    let downloaded = try await client.downloads.downloadFile(
        fileId: file.id, to: URL(fileURLWithPath: "/tmp/copy.pdf"))
    print(downloaded.sha1)

    let big = try await client.chunkedUploads.uploadBigFile(
        file: URL(fileURLWithPath: "/tmp/video.mp4"), fileName: "video.mp4", fileSize: 2_000_000_000,
        parentFolderId: "0", options: ChunkedUploadOptions(concurrency: 4))
    _ = big
}

// README.md, Swift block 16
func readmeBlock16() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    for try await item in client.folders.getFolderItemsSequence(folderId: "0") {
        print(item)
    }
}

// README.md, Swift block 17
func readmeBlock17() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let saved: EventStreamCheckpoint? = nil  // read from your store
    let start: EventStream.StartPosition = saved.map { .checkpoint($0) } ?? .now
    for try await streamed in client.events.stream(type: .changes, from: start) {
        print(streamed.event.eventType?.rawValue ?? "?", streamed.event.eventId)
        _ = try JSONEncoder().encode(streamed.checkpoint)  // write to your store
    }
}

// README.md, Swift block 18
func readmeBlock18() async throws {
    let validator = WebhookValidator(primaryKey: "<primary key>", secondaryKey: "<secondary key>")
    let body: [UInt8] = []                 // the request body exactly as received
    let headers: [String: String] = [:]    // the request headers
    switch validator.validate(body: body, headers: headers) {
    case .valid(let key): print("verified with the \(key) key")
    case .rejected(let reason): print("rejected: \(reason)")
    }
}

// README.md, Swift block 19
func readmeBlock19() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let request = try await client.signRequests.createSignRequest(requestBody: SignRequestCreateRequest(
        signers: [SignRequestCreateSigner(email: .value("ann@example.com"), role: .signer)],
        sourceFiles: .value([FileBase(id: "<file id>", type: .file)]),
        parentFolder: FolderMini(id: "<folder id>", type: .folder)))
    print(request.status?.rawValue ?? "?")   // converting, then sent
}

// README.md, Swift block 20
func readmeBlock20() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let extracted = try await client.ai.createAiExtractStructured(requestBody: AiExtractStructured(
        items: [AiItemBase(id: "<file id>", type: .file)],
        fields: [AiExtractStructuredFieldsField(key: "total", type: "float")]))
    print(extracted.answer["total"] ?? .null)
}

// README.md, Swift block 21
func readmeBlock21() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let classified = try await client.fileClassifications.addClassificationToFile(
        fileId: "<file id>", requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Sensitive"))
    print(classified.boxSecurityClassificationKey ?? "")
}

// README.md, Swift block 22
func readmeBlock22() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let policy = try await client.metadataCascadePolicies.createMetadataCascadePolicy(
        requestBody: CreateMetadataCascadePolicyRequestBody(folderId: "<folder id>", scope: .enterprise, templateKey: "invoiceData"))
    try await client.metadataCascadePolicies.applyMetadataCascadePolicy(
        metadataCascadePolicyId: policy.id, requestBody: ApplyMetadataCascadePolicyRequestBody(conflictResolution: .overwrite))
}

// README.md, Swift block 23
func readmeBlock23() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let paused = try await client.fileRequests.updateFileRequestById(
        fileRequestId: "<file request id>", requestBody: FileRequestUpdateRequest(status: .inactive))
    let copy = try await client.fileRequests.createFileRequestCopy(
        fileRequestId: paused.id, requestBody: FileRequestCopyRequest(folder: FileRequestCopyRequestFolderField(id: "<folder id>", type: .folder), title: "March receipts"))
    print(copy.url ?? "")
}

// README.md, Swift block 24
func readmeBlock24() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let topics = SkillCard.keywordSkillCard(KeywordSkillCard(
        skill: KeywordSkillCardSkillField(id: "<skill id>"),
        invocation: KeywordSkillCardInvocationField(id: "<invocation id>"),
        entries: [KeywordSkillCardEntriesField(text: "budget")]))
    _ = try await client.skills.createBoxSkillCardsOnFile(fileId: "<file id>", requestBody: CreateBoxSkillCardsOnFileRequestBody(cards: [topics]))
}

// README.md, Swift block 25
func readmeBlock25() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let workflow = try await client.workflows.getWorkflows(queryParams: GetWorkflowsQueryParams(folderId: "<folder id>")).entries?.first
    try await client.workflows.startWorkflow(workflowId: workflow?.id ?? "", requestBody: StartWorkflowRequestBody(
        flow: StartWorkflowRequestBodyFlowField(type: "flow", id: workflow?.flows?.first?.id),
        files: [StartWorkflowRequestBodyFilesField(type: .file, id: "<file id>")],
        folder: StartWorkflowRequestBodyFolderField(type: .folder, id: "<folder id>")))
}

// README.md, Swift block 26
func readmeBlock26() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    let hold = try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
        policyName: "Acme v. Initech", isOngoing: true))
    _ = try await admin.legalHoldPolicyAssignments.createLegalHoldPolicyAssignment(requestBody: CreateLegalHoldPolicyAssignmentRequestBody(
        policyId: hold.id, assignTo: CreateLegalHoldPolicyAssignmentRequestBodyAssignToField(type: .folder, id: "12345")))
    // Every file in folder 12345, and every file added to it later, is now kept from permanent deletion.
}

// README.md, Swift block 27
func readmeBlock27() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    let policy = try await admin.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
        policyName: "Financial records", policyType: .finite, dispositionAction: .permanentlyDelete,
        retentionLength: .value(.double(365)), retentionType: .nonModifiable))
    _ = try await admin.retentionPolicyAssignments.createRetentionPolicyAssignment(requestBody: CreateRetentionPolicyAssignmentRequestBody(
        policyId: policy.id, assignTo: CreateRetentionPolicyAssignmentRequestBodyAssignToField(type: .folder, id: .value("12345"))))
}

// README.md, Swift block 28
func readmeBlock28() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    let barrier = try await admin.shieldInformationBarriers.createShieldInformationBarrier(
        requestBody: CreateShieldInformationBarrierRequestBody(enterprise: EnterpriseBase(id: "<enterprise id>", type: .enterprise)))
    let deals = try await admin.shieldInformationBarrierSegments.createShieldInformationBarrierSegment(
        requestBody: CreateShieldInformationBarrierSegmentRequestBody(
            shieldInformationBarrier: ShieldInformationBarrierBase(id: barrier.id, type: .shieldInformationBarrier), name: "Deals"))
    // ...a second segment, members, and a restriction between the two segments; then switch it on:
    _ = try await admin.shieldInformationBarriers.updateShieldInformationBarrierStatus(
        requestBody: UpdateShieldInformationBarrierStatusRequestBody(id: barrier.id ?? "", status: .pending))
    let start = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamType: .adminLogs, streamPosition: "now"))
    // ...later: the collaborations the barrier refused since then.
    let blocked = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
        streamType: .adminLogs, streamPosition: start.nextStreamPosition?.streamPosition, eventType: ["SHIELD_INFORMATION_BARRIER_COLLAB_BLOCKED"]))
    print(deals.name ?? "?", (blocked.entries ?? []).map { $0.additionalDetails ?? [:] })
}

// README.md, Swift block 29
func readmeBlock29() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    let partners = try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
        name: "Partners", content: .shieldListContentDomainV2025R0(ShieldListContentDomainV2025R0(domains: ["partner.example.org"]))))
    print(partners.id)
}

// README.md, Swift block 30
func readmeBlock30() async throws {
    let user = BoxClient(auth: BoxDeveloperTokenAuth(token: "<user developer token>"))
    _ = try await user.termsOfServiceUserStatuses.createTermsOfServiceStatusForUser(requestBody: CreateTermsOfServiceStatusForUserRequestBody(
        tos: CreateTermsOfServiceStatusForUserRequestBodyTosField(id: "<terms id>"),
        user: CreateTermsOfServiceStatusForUserRequestBodyUserField(id: "<user id>"), isAccepted: true))
}

// README.md, Swift block 31
func readmeBlock31() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    let policies = try await admin.storagePolicies.getStoragePolicies()
    _ = try await admin.storagePolicyAssignments.createStoragePolicyAssignment(requestBody: CreateStoragePolicyAssignmentRequestBody(
        storagePolicy: CreateStoragePolicyAssignmentRequestBodyStoragePolicyField(id: policies.entries?.first?.id ?? ""),
        assignedTo: CreateStoragePolicyAssignmentRequestBodyAssignedToField(type: .user, id: "<user id>")))
}

// README.md, Swift block 32
func readmeBlock32() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    let pins = try await admin.devicePinners.getEnterpriseDevicePinners(enterpriseId: "<enterprise id>")
    for pin in pins.entries ?? [] { try await admin.devicePinners.deleteDevicePinnerById(devicePinnerId: pin.id ?? "") }
}

// README.md, Swift block 33
func readmeBlock33() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    _ = try await admin.sessionTermination.terminateUsersSessions(
        requestBody: TerminateUsersSessionsRequestBody(userIds: ["<user id>"], userLogins: []))
}

// README.md, Swift block 34
func readmeBlock34() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    _ = try await admin.integrationMappings.createSlackIntegrationMapping(requestBody: IntegrationMappingSlackCreateRequest(
        partnerItem: IntegrationMappingPartnerItemSlack(id: "C0123", slackWorkspaceId: .value("T0001")),
        boxItem: IntegrationMappingBoxItemSlack(id: "12345")))
}

// README.md, Swift block 35
func readmeBlock35() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    do {
        _ = try await client.folders.getFolderById(folderId: "123")
    } catch let error as BoxAPIError where error.status == 404 {
        print("No such folder (request id \(error.requestId ?? "-"))")
    }
}

// README.md, Swift block 36
func readmeBlock36() async throws {
    var session = NetworkSession()
    session.retryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(200), maxDelay: .seconds(10))
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"), networkSession: session)
    _ = client
}

// README.md, Swift block 37
func readmeBlock37() async throws {
    var session = NetworkSession()
    session.timeouts = NetworkTimeouts(connect: .seconds(5), readIdle: .seconds(30), total: .seconds(120))
    session.tls = .trusting(caFile: "/etc/ssl/internal-ca.pem")
    session.proxy = .http(host: "proxy.internal", port: 3128,
                          credentials: ProxyCredentials(username: "svc", password: "<proxy password>"))
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"), networkSession: session)
    let quick = try await client.withTimeouts(NetworkTimeouts(total: .seconds(5))).users.getUserMe()
    _ = quick
}

// README.md, Swift block 38
func readmeBlock38() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let response = try await client.makeRequest(method: .get, path: "/folders/0/items", query: ["limit": "10"])
    for entry in response.json?["entries"]?.arrayValue ?? [] {
        print(entry["name"]?.stringValue ?? "")
    }
}

// README.md, Swift block 39
func readmeBlock39() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let fetched = try await client.makeRequest(fetchOptions: FetchOptions(
        url: "https://api.box.com/2.0/folders/0/items", params: ["limit": "10"]))
    print(fetched.status, fetched.data?["total_count"] ?? .null)
}

// README.md, Swift block 40
func readmeBlock40() async throws {
    // import BoxSdkGen

    let config = CCGConfig(clientId: "<client id>", clientSecret: "<client secret>", enterpriseId: "<enterprise id>")
    let client = BoxClient(auth: BoxCCGAuth(config: config))
    let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
        name: "Reports", parent: CreateFolderRequestBodyParentField(id: "0")))
    let items = try await client.folders.getFolderItems(folderId: folder.id)
    print(items.entries?.count ?? 0)
}

// README.md, Swift block 41
func readmeBlock41() async throws {
    try await BoxLikeServer.withRunningInProcess { server in
        let session = NetworkSession(transport: server.inProcessTransport, baseUrls: .singleOrigin(server.originURL))
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
        _ = try await client.users.getUserMe()
    }
}
