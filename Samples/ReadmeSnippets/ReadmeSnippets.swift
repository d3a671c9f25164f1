// Generated from the ```swift blocks of README.md by ReadmeSnippetsTests; do not edit.
// Refresh: BOXLIKE_UPDATE_README_SNIPPETS=1 swift test --filter ReadmeSnippets

import BoxLikeSDK
import Foundation

// README.md, Swift block 1
func readmeBlock1() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let query = MetadataQuery(
        from: "enterprise_12345.contract", ancestorFolderId: "0",
        query: "amount >= :minimum AND region = :region",
        queryParams: ["minimum": 100_000, "region": "EMEA"],
        orderBy: [MetadataQueryOrderByItem(fieldKey: "amount", direction: .desc)])
    for try await item in client.search.searchByMetadataQuerySequence(requestBody: query) {
        print(item)
    }
}

// README.md, Swift block 2
func readmeBlock2() async throws {
    let admin = BoxClient(auth: BoxDeveloperTokenAuth(token: "<admin developer token>"))
    let hold = try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
        policyName: "Acme v. Initech", isOngoing: true))
    _ = try await admin.legalHoldPolicyAssignments.createLegalHoldPolicyAssignment(requestBody: CreateLegalHoldPolicyAssignmentRequestBody(
        policyId: hold.id, assignTo: CreateLegalHoldPolicyAssignmentRequestBodyAssignTo(type: .folder, id: "12345")))
    // Every file in folder 12345, and every file added to it later, is now kept from permanent deletion.
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
    let downloaded = try await client.downloads.downloadFile(
        fileId: files.entries[0].id, to: URL(fileURLWithPath: "/tmp/copy.pdf"))
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
        fields: [AiExtractStructuredFieldsItem(key: "total", type: "float")]))
    print(extracted.answer["total"] ?? .null)
}

// README.md, Swift block 21
func readmeBlock21() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    do {
        _ = try await client.folders.getFolderById(folderId: "123")
    } catch let error as BoxAPIError where error.status == 404 {
        print("No such folder (request id \(error.requestId ?? "-"))")
    }
}

// README.md, Swift block 22
func readmeBlock22() async throws {
    var session = NetworkSession()
    session.retryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(200), maxDelay: .seconds(10))
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"), networkSession: session)
    _ = client
}

// README.md, Swift block 23
func readmeBlock23() async throws {
    var session = NetworkSession()
    session.timeouts = NetworkTimeouts(connect: .seconds(5), readIdle: .seconds(30), total: .seconds(120))
    session.tls = .trusting(caFile: "/etc/ssl/internal-ca.pem")
    session.proxy = .http(host: "proxy.internal", port: 3128,
                          credentials: ProxyCredentials(username: "svc", password: "<proxy password>"))
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"), networkSession: session)
    let quick = try await client.withTimeouts(NetworkTimeouts(total: .seconds(5))).users.getUserMe()
    _ = quick
}

// README.md, Swift block 24
func readmeBlock24() async throws {
    let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "<developer token>"))
    let response = try await client.makeRequest(method: .get, path: "/folders/0/items", query: ["limit": "10"])
    for entry in response.json?["entries"]?.arrayValue ?? [] {
        print(entry["name"]?.stringValue ?? "")
    }
}
