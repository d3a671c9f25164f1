import BoxLikeSDK
import BoxLikeServer
import Foundation
import SampleSupport

/// The demo's steps, each a short use of one feature.
struct DemoSteps {
    struct Result {
        let name: String
        let passed: Bool
    }

    let server: BoxLikeServer
    let uploadMegabytes: Int
    let session: NetworkSession

    init(server: BoxLikeServer, uploadMegabytes: Int) {
        self.server = server
        self.uploadMegabytes = uploadMegabytes
        self.session = NetworkSession(baseUrls: .singleOrigin(URL(string: server.origin) ?? URL(fileURLWithPath: "/")))
    }

    func runAll() async -> [Result] {
        var results: [Result] = []
        let steps: [(String, () async throws -> Void)] = [
            ("developer token", developerToken),
            ("client credentials + user subject", clientCredentials),
            ("JWT app settings file + user subject", jwtAuthentication),
            ("OAuth loopback login, refresh, revoke", oauthLogin),
            ("downscoped token", downscoping),
            ("upload with progress, then chunked", uploads),
            ("streaming download verified by SHA-1", streamingDownload),
            ("paginated listing", paginatedListing),
            ("encrypted token file across restarts", encryptedStorage),
            ("credential store with a default", credentialStore),
            ("groups, metadata template and metadata query", administration),
            ("event stream sees an upload live", liveEvents),
            ("webhook delivery verified, tampered copy rejected", webhooks),
        ]
        for (index, step) in steps.enumerated() {
            print("[\(index + 1)/\(steps.count)] \(step.0)")
            do {
                try await step.1()
                results.append(Result(name: step.0, passed: true))
                print("      ok")
            } catch {
                results.append(Result(name: step.0, passed: false))
                print("      FAILED: \(error)")
            }
        }
        return results
    }

    private func administration() async throws {
        let found = try await AdminTour.run(admin: try await adminClient())
        guard found == ["acme.pdf"] else { throw DemoError("the metadata query found \(found), expected acme.pdf") }
    }

    private func liveEvents() async throws {
        let client = try await adminClient()
        // Start from the stream's current end, so the upload below is the first change seen.
        guard let position = try await client.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "now")).nextStreamPosition?.streamPosition
        else { throw DemoError("the events answer had no stream position") }
        let stream = client.events.stream(type: .changes, from: .position(position))
        let seen = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                for try await streamed in stream where streamed.event.eventType?.rawValue == "ITEM_UPLOAD" {
                    if case .file(let file)? = streamed.event.source { return file.name }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: .seconds(30))
                return nil
            }
            _ = try await client.uploads.uploadFile(.bytes(Array("live".utf8)), name: "live-\(UUID().uuidString.prefix(6)).txt",
                                                    parentFolderId: "0")
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let seen else { throw DemoError("no upload event within 30 s") }
        print("      ITEM_UPLOAD of \(seen) arrived through the long-poll")
    }

    private func webhooks() async throws {
        let client = try await adminClient()
        // The demo's developer tokens belong to one of the server's apps: its keys sign the
        // deliveries, as an app's keys from Box's developer console do.
        guard let keys = server.configuration.app(clientId: nil)?.webhookSignatureKeys else {
            throw DemoError("the server has no app for developer tokens")
        }
        let validator = WebhookValidator(primaryKey: keys.primary, secondaryKey: keys.secondary)
        let received = try await DemoWebhookReceiver(validator: validator).run { address, deliveries in
            let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "hooked-\(UUID().uuidString.prefix(6))", parent: CreateFolderRequestBodyParentField(id: "0")))
            let webhook = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.fileUploaded]))
            _ = try await client.uploads.uploadFile(.bytes(Array("hello webhooks".utf8)), name: "hello.txt", parentFolderId: folder.id)
            let first = try await withThrowingTaskGroup(of: ReceivedWebhook?.self) { group in
                group.addTask {
                    for await delivery in deliveries { return delivery }
                    return nil
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(30))
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
            try await client.webhooks.deleteWebhookById(webhookId: webhook.id)
            return first
        }
        guard let received else { throw DemoError("no webhook delivery within 30 s") }
        guard case .valid(let key) = received.result else { throw DemoError("the delivery was rejected: \(received.result)") }
        print("      FILE.UPLOADED delivery verified with the \(key) key")
        var tampered = received.body
        if let index = tampered.firstIndex(of: UInt8(ascii: "F")) { tampered[index] = UInt8(ascii: "f") }
        guard case .rejected(let reason) = validator.validate(body: tampered, headers: received.headers) else {
            throw DemoError("the delivery with one byte changed was accepted")
        }
        print("      the same delivery with one byte changed: rejected (\(reason))")
    }

    private func adminClient() async throws -> BoxClient {
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        return BoxClient(auth: BoxDeveloperTokenAuth(token: token, networkSession: session), networkSession: session)
    }

    private func ccgAuth(tokenStorage: any TokenStorage = InMemoryTokenStorage()) -> BoxCCGAuth {
        let client = server.seed.ccgClient
        return BoxCCGAuth(config: CCGConfig(clientId: client.id, clientSecret: client.secret ?? "",
                                            enterpriseId: server.seed.enterpriseId, tokenStorage: tokenStorage),
                          networkSession: session)
    }

    func developerToken() async throws {
        let me = try await adminClient().users.getUserMe()
        print("      getUserMe → \(me.name ?? "?") <\(me.login ?? "?")>")
    }

    func clientCredentials() async throws {
        let auth = ccgAuth()
        let serviceAccount = try await BoxClient(auth: auth, networkSession: session).users.getUserMe()
        print("      enterprise token → \(serviceAccount.name ?? "?")")
        let user = server.seed.appUsers[0]
        let userClient = BoxClient(auth: auth.withUserSubject(userId: user.id), networkSession: session)
        let root = try await userClient.folders.getFolderItems(folderId: "0")
        print("      as \(user.name): \(root.entries?.count ?? 0) item(s) in the root folder")
        guard try await userClient.users.getUserMe().id == user.id else { throw DemoError("user subject not applied") }
    }

    func jwtAuthentication() async throws {
        // The server writes its JWT app's settings the way the developer console does: an
        // encrypted private key, its passphrase and the key id.
        let file = try PrivateFile.write(try server.jwtAppConfigJSON(), named: "box_config.json")
        defer { file.remove() }
        let config = try JWTConfig.fromConfigFile(path: file.path)
        print("      read \(config)")
        let auth = BoxJWTAuth(config: config, networkSession: session)
        let serviceAccount = try await BoxClient(auth: auth, networkSession: session).users.getUserMe()
        print("      enterprise token from a signed assertion → \(serviceAccount.name ?? "?")")
        let user = server.seed.appUsers[0]
        let userClient = BoxClient(auth: auth.withUserSubject(userId: user.id), networkSession: session)
        guard try await userClient.users.getUserMe().id == user.id else { throw DemoError("user subject not applied") }
        print("      as \(user.name) through withUserSubject")
    }

    func oauthLogin() async throws {
        let oauthClient = server.seed.oauthClient
        let auth = BoxOAuth(config: OAuthConfig(clientId: oauthClient.id, clientSecret: oauthClient.secret ?? ""),
                            networkSession: session)
        let user = server.seed.adminUser
        let token = try await auth.runLoginFlow(options: LoginFlowOptions(
            timeout: .seconds(30), browserOpener: ScriptedBrowser(login: user.login, password: user.password)))
        print("      signed in through the loopback redirect: \(token)")
        let me = try await BoxClient(auth: auth, networkSession: session).users.getUserMe()
        print("      getUserMe → \(me.login ?? "?")")
        let refreshed = try await auth.refreshToken()
        guard refreshed.refreshToken != nil, refreshed.accessToken != token.accessToken else {
            throw DemoError("the refresh did not rotate the token")
        }
        print("      refreshed (the refresh token rotated)")
        try await auth.revokeToken()
        print("      revoked")
    }

    func downscoping() async throws {
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let auth = BoxDeveloperTokenAuth(token: token, networkSession: session)
        let fileId = server.seed.adminUser.fileId
        let resource = session.baseUrls.baseUrl.appendingPathComponent("files/\(fileId)").absoluteString
        let downscoped = try await auth.downscopeToken(scopes: ["item_preview"], resource: resource)
        let limited = BoxClient(auth: BoxDeveloperTokenAuth(token: downscoped, networkSession: session), networkSession: session)
        let file = try await limited.files.getFileById(fileId: fileId)
        print("      downscoped token reads \(file.name ?? fileId)")
        do {
            _ = try await limited.files.getFileById(fileId: server.seed.adminSubfolderFileId)
            throw DemoError("the downscoped token reached another file")
        } catch let error as BoxAPIError where error.status == 403 {
            print("      another file → \(error.status) \(error.code ?? "")")
        }
    }

    func uploads() async throws {
        let client = try await adminClient()
        let generated = try GeneratedFile.create(megabytes: uploadMegabytes)
        defer { generated.remove() }
        let single = try await client.uploads.uploadFile(
            from: generated.url, name: "demo-\(uploadMegabytes)MB.bin", parentFolderId: "0",
            progress: ProgressBar.reporter(label: "upload "))
        guard single.entries?.first?.size == generated.size else { throw DemoError("uploaded size differs") }
        let chunked = try await client.chunkedUploads.uploadBigFile(
            file: generated.url, fileName: "demo-\(uploadMegabytes)MB-chunked.bin", fileSize: generated.size,
            parentFolderId: "0", options: ChunkedUploadOptions(progress: ProgressBar.reporter(label: "chunked")))
        guard chunked.size == generated.size, chunked.sha1 == single.entries?.first?.sha1 else {
            throw DemoError("the chunked upload differs from the single one")
        }
        print("      both uploads stored \(generated.size) bytes with SHA-1 \(chunked.sha1 ?? "?")")
    }

    func streamingDownload() async throws {
        let client = try await adminClient()
        let generated = try GeneratedFile.create(megabytes: 5)
        defer { generated.remove() }
        let uploaded = try await client.uploads.uploadFile(from: generated.url, name: "demo-download.bin", parentFolderId: "0")
        guard let file = uploaded.entries?.first else { throw DemoError("no file uploaded") }
        let destination = generated.url.deletingLastPathComponent().appendingPathComponent("downloaded.bin")
        let downloaded = try await client.downloads.downloadFile(fileId: file.id, to: destination,
                                                                 progress: ProgressBar.reporter(label: "download"))
        guard downloaded.sha1.hex == file.sha1 else { throw DemoError("SHA-1 mismatch") }
        print("      \(downloaded.size) bytes streamed to disk, SHA-1 \(downloaded.sha1.hex) verified")
    }

    func paginatedListing() async throws {
        let client = try await adminClient()
        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "demo-pages-\(UUID().uuidString.prefix(8))", parent: CreateFolderRequestBodyParentField(id: "0")))
        for index in 0..<25 {
            _ = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "entry-\(index)", parent: CreateFolderRequestBodyParentField(id: folder.id)))
        }
        var count = 0
        for try await _ in client.folders.getFolderItemsSequence(folderId: folder.id, queryParams: GetFolderItemsQueryParams(limit: 10)) {
            count += 1
        }
        let requests = await server.requestLog.entries(method: "GET", path: .exact("/2.0/folders/\(folder.id)/items")).count
        guard count == 25 else { throw DemoError("listed \(count) of 25 items") }
        print("      25 items over \(requests) pages of 10 (marker pagination)")
    }
}

extension DemoSteps {
    func encryptedStorage() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("boxlike-demo-\(UUID().uuidString)").appendingPathComponent("tokens")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let key = EncryptedFileTokenStorage.Key.generate()
        let first = ccgAuth(tokenStorage: try EncryptedFileTokenStorage(directory: directory, key: key))
        let token = try await first.retrieveToken()
        let requestsBefore = await server.requestLog.tokenRequestCount()

        // A "restart": new storage and auth objects over the same encrypted file.
        let restarted = ccgAuth(tokenStorage: try EncryptedFileTokenStorage(directory: directory, key: key))
        let reloaded = try await restarted.retrieveToken()
        let requestsAfter = await server.requestLog.tokenRequestCount()
        guard reloaded.accessToken == token.accessToken, requestsAfter == requestsBefore else {
            throw DemoError("the token did not survive the restart")
        }
        _ = try await BoxClient(auth: restarted, networkSession: session).users.getUserMe()
        print("      token read back from the AES-GCM file after a restart; no new token request")
    }

    func credentialStore() async throws {
        let ccg = server.seed.ccgClient
        let store = CredentialStore(
            storage: InMemoryTokenStorage(namespace: "demo"), networkSession: session,
            authentication: .ccg(clientId: ccg.id, clientSecret: ccg.secret ?? "", enterpriseId: server.seed.enterpriseId))
        var credentials: [Credential] = []
        for user in server.seed.appUsers.prefix(2) {
            let token = try await ccgAuth().withUserSubject(userId: user.id).retrieveToken()
            credentials.append(try await store.store(
                token: token, tags: ["user": user.name],
                auth: .ccg(clientId: ccg.id, clientSecret: ccg.secret ?? "", userId: user.id)))
        }
        guard credentials.count == 2, try await store.defaultCredential?.id == credentials[0].id else {
            throw DemoError("the first credential is not the default")
        }
        let changes = await store.defaultCredentialChanges()
        try await store.setDefault(credentials[1])
        var iterator = changes.makeAsyncIterator()
        let announced = await iterator.next()
        guard announced??.id == credentials[1].id else { throw DemoError("the default change was not announced") }
        let found = try await store.find(tags: ["user": server.seed.appUsers[1].name])
        let info = try await credentials[1].userInfo()
        print("      two credentials; default switched to \(info.name ?? info.id); find(tags:) → \(found.count)")
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
