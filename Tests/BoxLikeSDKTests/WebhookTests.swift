import BoxLikeSDK
import BoxLikeServer
import Foundation
import HTTPTypes
import Testing

/// Webhooks CRUD, signed deliveries from the server to a loopback receiver, and
/// `WebhookValidator` accepting them and rejecting anything altered.
@Suite("Webhooks against the server", .timeLimit(.minutes(10)))
struct WebhookTests {
    static let defaults = BoxLikeServerConfiguration()
    /// The keys of the app developer tokens belong to (the web app unless configured).
    static let keys = defaults.oauthClient.webhookSignatureKeys

    /// A validator holding the keys of the developer tokens' app.
    static var validator: WebhookValidator {
        WebhookValidator(primaryKey: keys.primary, secondaryKey: keys.secondary)
    }

    /// A delivery signed as the server signs them, for the header-by-header cases.
    static func forged(body: [UInt8] = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8), at date: Date = Date(),
                       primaryKey: String = keys.primary) -> [String: String] {
        let timestamp = date.formatted(.iso8601)
        return [
            "BOX-DELIVERY-ID": UUID().uuidString, "BOX-DELIVERY-TIMESTAMP": timestamp,
            "BOX-SIGNATURE-PRIMARY": BoxLikeServer.webhookSignature(body: body, timestamp: timestamp, key: primaryKey),
            "BOX-SIGNATURE-SECONDARY": BoxLikeServer.webhookSignature(body: body, timestamp: timestamp, key: keys.secondary),
            "BOX-SIGNATURE-VERSION": "1", "BOX-SIGNATURE-ALGORITHM": "HmacSHA256",
        ]
    }

    // MARK: - CRUD

    @Test func webhooksAreCreatedReadUpdatedListedAndDeleted() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()

            let created = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                target: WebhookTarget(id: folder.id, type: .folder), address: "https://example.com/hooks", triggers: [.fileUploaded]))
            let read = try await client.webhooks.getWebhookById(webhookId: created.id)
            let updated = try await client.webhooks.updateWebhookById(
                webhookId: created.id, requestBody: UpdateWebhookByIdRequestBody(triggers: [.fileUploaded, .fileTrashed]))
            let listed = (try await client.webhooks.getWebhooks().entries ?? []).map(\.id)
            try await client.webhooks.deleteWebhookById(webhookId: created.id)

            #expect(read.target?.id == folder.id)
            #expect(read.address == "https://example.com/hooks")
            #expect(updated.triggers?.map(\.rawValue) == ["FILE.UPLOADED", "FILE.TRASHED"])
            #expect(listed == [created.id])
            #expect(try await client.webhooks.getWebhooks().entries?.isEmpty == true)
        }
    }

    @Test func aWebhookTakesTriggersOfEveryKindBoxHas() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let triggers: [WebhookTrigger] = [.taskAssignmentCreated, .taskAssignmentUpdated, .signRequestCompleted,
                                              .signRequestSignerEmailBounced, .sharedLinkCreated]

            let created = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                target: WebhookTarget(id: folder.id, type: .folder), address: "https://example.com/hooks", triggers: triggers))

            #expect(try await client.webhooks.getWebhookById(webhookId: created.id).triggers == triggers)
        }
    }

    @Test func triggersAndEventTypesBoxAddsLaterStillDecodeAndRoundTrip() throws {
        let webhook = try JSONDecoder().decode(Webhook.self, from: Data(#"""
            {"id": "1", "type": "webhook", "triggers": ["FILE.UPLOADED", "SOMETHING.NEW"]}
            """#.utf8))
        let eventType = try JSONDecoder().decode(EventType.self, from: Data(#""A_TYPE_ADDED_LATER""#.utf8))

        #expect(webhook.triggers == [.fileUploaded, WebhookTrigger(rawValue: "SOMETHING.NEW")])
        #expect(eventType.rawValue == "A_TYPE_ADDED_LATER")
        #expect(String(decoding: try JSONEncoder().encode(eventType), as: UTF8.self) == #""A_TYPE_ADDED_LATER""#)
        #expect(EventType.signDocumentCompleted.rawValue == "SIGN_DOCUMENT_COMPLETED")
        #expect(EventType.shieldAlert.rawValue == "SHIELD_ALERT")
    }

    // MARK: - Deliveries

    @Test func aMatchingChangeIsDeliveredSignedAndValidates() async throws {
        try await withWatchedFolder([.fileUploaded]) { _, client, folder, webhook, inbox in
            let file = try await client.makeFile("hooked.txt", text: "hi", in: folder.id)

            let delivery = try #require(await inbox.wait(for: 1).first)
            #expect(Self.validator.validate(body: delivery.body, headers: delivery.headers) == .valid(.primary))
            #expect(delivery.header("BOX-SIGNATURE-VERSION") == "1")
            #expect(delivery.header("BOX-SIGNATURE-ALGORITHM") == "HmacSHA256")
            #expect(delivery.header("BOX-DELIVERY-ID")?.isEmpty == false)
            let payload = try JSONValue.parse(delivery.body)
            #expect(payload["trigger"]?.stringValue == "FILE.UPLOADED")
            #expect(payload["webhook"]?["id"]?.stringValue == webhook.id)
            #expect(payload["source"]?["id"]?.stringValue == file.id)
        }
    }

    @Test func aDeliveryIsPostedOverHTTPToAReceiverOnLoopbackWhenNoTransportIsConfigured() async throws {
        try await withWebhookReceiver(overHTTP: true) { address, inbox in
            try await withLoopbackServer { server in
                let (client, _) = try await server.developerTokenClient()
                let folder = try await client.makeFolder()
                _ = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                    target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.fileUploaded]))
                _ = try await client.makeFile("posted.txt", text: "hi", in: folder.id)

                let delivery = try #require(await inbox.wait(for: 1).first)
                #expect(address.hasPrefix("http://127.0.0.1:"))
                #expect(Self.validator.validate(body: delivery.body, headers: delivery.headers) == .valid(.primary))
                #expect(delivery.header("Content-Type") == "application/json; charset=utf-8")
                #expect(try JSONValue.parse(delivery.body)["trigger"]?.stringValue == "FILE.UPLOADED")
            }
        }
    }

    @Test func theSourceOfADeliveryIsTheWholeItemAsBoxSendsIt() async throws {
        try await withWatchedFolder([.fileUploaded]) { _, client, folder, _, inbox in
            let file = try await client.makeFile("whole.txt", text: "hello", in: folder.id)

            let delivery = try #require(await inbox.wait(for: 1).first)
            let source = try #require(try JSONValue.parse(delivery.body)["source"])
            #expect(source["type"]?.stringValue == "file")
            #expect(source["sha1"]?.stringValue == file.sha1)
            #expect(source["size"] == 5)
            #expect(source["parent"]?["id"]?.stringValue == folder.id)
            #expect(source["path_collection"]?["total_count"] != nil)
            #expect(source["owned_by"]?["id"] != nil)
        }
    }

    @Test func aDeliveryWithABodyChangedByOneByteIsRejected() async throws {
        try await withWatchedFolder([.fileUploaded]) { _, client, folder, _, inbox in
            _ = try await client.makeFile("tampered.txt", text: "hi", in: folder.id)

            let delivery = try #require(await inbox.wait(for: 1).first)

            #expect(Self.validator.validate(body: delivery.tamperedBody(), headers: delivery.headers) == .rejected(.signatureMismatch))
        }
    }

    @Test func onlyTheWebhooksTriggersAreDelivered() async throws {
        try await withWebhookReceiver { address, inbox in
            try await withServer { server in
                let (client, _) = try await server.developerTokenClient()
                let folder = try await client.makeFolder()
                _ = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                    target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.fileTrashed]))
                let file = try await client.makeFile("doomed.txt", text: "x", in: folder.id)

                try await client.files.deleteFileById(fileId: file.id)

                let deliveries = await inbox.wait(for: 1)
                let triggers = try deliveries.map { try JSONValue.parse($0.body)["trigger"]?.stringValue }
                #expect(triggers == ["FILE.TRASHED"])
                try await eventually { await !server.webhookDeliveryAttempts().isEmpty }
                #expect(await server.webhookDeliveryAttempts().map(\.trigger) == ["FILE.TRASHED"])
            }
        }
    }

    @Test func aFailingReceiverGetsTheSameDeliveryAgainWithBackoff() async throws {
        try await withWebhookReceiver(failFirst: 2) { address, inbox in
            try await withServer({ $0.webhookRetryBaseDelay = .milliseconds(20) }) { server in
                let (client, _) = try await server.developerTokenClient()
                let folder = try await client.makeFolder()
                _ = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                    target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.fileUploaded]))

                _ = try await client.makeFile("retry.txt", text: "x", in: folder.id)

                let deliveries = await inbox.wait(for: 3)
                // Each attempt has its own delivery id, as Box's do; the notification is the same.
                #expect(Set(deliveries.compactMap { $0.header("BOX-DELIVERY-ID") }).count == 3)
                #expect(Set(deliveries.map { String(decoding: $0.body, as: UTF8.self) }).count == 1)
                #expect(deliveries.allSatisfy { Self.validator.validate(body: $0.body, headers: $0.headers).isValid })
                try await eventually { await server.webhookDeliveryAttempts().count == 3 }
                #expect(await server.webhookDeliveryAttempts().map(\.status) == [500, 500, 200])
            }
        }
    }

    @Test func aDeliveryIsSignedWithTheKeysOfTheAppThatCreatedTheWebhook() async throws {
        try await withWebhookReceiver { address, inbox in
            try await withServer { server in
                let ccg = server.configuration.ccgClient
                let auth = BoxCCGAuth(
                    config: CCGConfig(clientId: ccg.id, clientSecret: ccg.secret ?? "", userId: server.seed.adminUser.id),
                    networkSession: server.networkSession())
                let client = BoxClient(auth: auth, networkSession: server.networkSession())
                let folder = try await client.makeFolder()
                _ = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                    target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.fileUploaded]))

                _ = try await client.makeFile("signed-by-ccg.txt", text: "x", in: folder.id)

                let delivery = try #require(await inbox.wait(for: 1).first)
                let own = WebhookValidator(primaryKey: ccg.webhookSignatureKeys.primary, secondaryKey: ccg.webhookSignatureKeys.secondary)
                let otherApps = server.configuration.allClients.filter { $0.id != ccg.id }.map(\.webhookSignatureKeys)
                #expect(own.validate(body: delivery.body, headers: delivery.headers) == .valid(.primary))
                #expect(Set(otherApps).count == otherApps.count)
                for keys in otherApps {
                    let other = WebhookValidator(primaryKey: keys.primary, secondaryKey: keys.secondary)
                    #expect(other.validate(body: delivery.body, headers: delivery.headers) == .rejected(.signatureMismatch))
                }
            }
        }
    }

    // MARK: - Triggers

    /// Runs `body` with a server, the admin's client, a new folder of theirs and a webhook for
    /// `triggers` on it that posts to a receiver, whose inbox `body` reads.
    func withWatchedFolder<T>(
        _ triggers: [WebhookTrigger],
        _ body: (_ server: BoxLikeServer, _ client: BoxClient, _ folder: FolderFull, _ webhook: Webhook, _ inbox: DeliveryInbox) async throws -> T
    ) async throws -> T {
        try await withWebhookReceiver { address, inbox in
            try await withServer { server in
                let (client, _) = try await server.developerTokenClient()
                let folder = try await client.makeFolder()
                let webhook = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                    target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: triggers))
                return try await body(server, client, folder, webhook, inbox)
            }
        }
    }

    /// Registers a webhook for `triggers` on a new folder, makes `change` in it and returns
    /// the triggers of the first `count` deliveries, each checked to validate, sorted (each
    /// delivery is posted on its own, so they may arrive in any order).
    func deliveredTriggers(
        _ triggers: [WebhookTrigger], count: Int,
        _ change: (_ server: BoxLikeServer, _ client: BoxClient, _ folder: FolderFull) async throws -> Void
    ) async throws -> [String] {
        try await withWatchedFolder(triggers) { server, client, folder, _, inbox in
            try await change(server, client, folder)

            let deliveries = await inbox.wait(for: count)
            #expect(deliveries.allSatisfy { Self.validator.validate(body: $0.body, headers: $0.headers).isValid })
            return try deliveries.map { try JSONValue.parse($0.body)["trigger"]?.stringValue ?? "" }.sorted()
        }
    }

    @Test func lockingAndUnlockingAFileAreDelivered() async throws {
        let triggers = try await deliveredTriggers([.fileLocked, .fileUnlocked], count: 2) { _, client, folder in
            let file = try await client.makeFile("locked.txt", text: "x", in: folder.id)
            _ = try await client.files.updateFileById(
                fileId: file.id, requestBody: UpdateFileByIdRequestBody(lock: .value(LockRequest(access: .lock))))
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(lock: .null))
        }

        #expect(triggers == ["FILE.LOCKED", "FILE.UNLOCKED"])
    }

    @Test func commentsCreatedEditedAndDeletedAreDelivered() async throws {
        let triggers = try await deliveredTriggers([.commentCreated, .commentUpdated, .commentDeleted], count: 3) { _, client, folder in
            let file = try await client.makeFile("discussed.txt", text: "x", in: folder.id)
            let comment = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "first", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))
            _ = try await client.comments.updateCommentById(commentId: comment.id, requestBody: UpdateCommentByIdRequestBody(message: "second"))
            try await client.comments.deleteCommentById(commentId: comment.id)
        }

        #expect(triggers == ["COMMENT.CREATED", "COMMENT.DELETED", "COMMENT.UPDATED"])
    }

    @Test func purgingFromTheTrashIsDeliveredAsDeleted() async throws {
        let triggers = try await deliveredTriggers([.fileDeleted, .folderDeleted], count: 2) { _, client, folder in
            let file = try await client.makeFile("gone.txt", text: "x", in: folder.id)
            let subfolder = try await client.makeFolder("gone", in: folder.id)
            try await client.files.deleteFileById(fileId: file.id)
            try await client.folders.deleteFolderById(folderId: subfolder.id)

            try await client.trashedFiles.deleteTrashedFileById(fileId: file.id)
            try await client.trashedFolders.deleteTrashedFolderById(folderId: subfolder.id)
        }

        // Trashing alone fires neither: only the purge does.
        #expect(triggers == ["FILE.DELETED", "FOLDER.DELETED"])
    }

    @Test func downloadingAFileIsDelivered() async throws {
        let triggers = try await deliveredTriggers([.fileDownloaded], count: 1) { _, client, folder in
            let file = try await client.makeFile("fetched.txt", text: "x", in: folder.id)
            _ = try await client.downloads.downloadFile(fileId: file.id).collect(upTo: 1024)
        }

        #expect(triggers == ["FILE.DOWNLOADED"])
    }

    @Test func downloadingAFolderAsAZipIsDelivered() async throws {
        let triggers = try await deliveredTriggers([.folderDownloaded], count: 1) { _, client, folder in
            let subfolder = try await client.makeFolder("zipped", in: folder.id)
            _ = try await client.makeFile("inside.txt", text: "x", in: subfolder.id)
            let download = try await client.zipDownloads.createZipDownload(requestBody: ZipDownloadRequest(
                items: [.init(type: .folder, id: subfolder.id)]))
            let url = try #require(download.downloadUrl.flatMap(URL.init(string:)))
            _ = try await client.zipDownloads.getZipDownloadContent(
                zipDownloadId: url.deletingLastPathComponent().lastPathComponent).collect(upTo: 1 << 20)
        }

        #expect(triggers == ["FOLDER.DOWNLOADED"])
    }

    @Test func acceptingACollaborationIsDelivered() async throws {
        let triggers = try await deliveredTriggers([.collaborationAccepted], count: 1) { server, client, folder in
            let invitation = try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: "invitee@example.com"), role: .viewer))
            let user = try await client.users.createUser(requestBody: CreateUserRequestBody(name: "Invitee", login: "invitee@example.com"))
            let (invitee, _) = try await server.developerTokenClient(userId: user.id)

            _ = try await invitee.userCollaborations.updateCollaborationById(
                collaborationId: invitation.id, requestBody: UpdateCollaborationByIdRequestBody(status: .accepted))
        }

        #expect(triggers == ["COLLABORATION.ACCEPTED"])
    }

    @Test func aDeletedWebhookIsToldOfItsOwnDeletion() async throws {
        try await withWebhookReceiver { address, inbox in
            try await withServer { server in
                let (client, _) = try await server.developerTokenClient()
                let folder = try await client.makeFolder()
                let webhook = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                    target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.webhookDeleted]))

                try await client.webhooks.deleteWebhookById(webhookId: webhook.id)

                let delivery = try #require(await inbox.wait(for: 1).first)
                let payload = try JSONValue.parse(delivery.body)
                #expect(payload["trigger"]?.stringValue == "WEBHOOK.DELETED")
                #expect(payload["webhook"]?["id"]?.stringValue == webhook.id)
                #expect(Self.validator.validate(body: delivery.body, headers: delivery.headers).isValid)
            }
        }
    }

    // MARK: - Validation

    @Test func theSecondaryKeyIsAcceptedWhileThePrimaryIsRotated() {
        let validator = WebhookValidator(primaryKey: "a-new-primary-key", secondaryKey: Self.keys.secondary)

        #expect(validator.validate(body: Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8), headers: Self.forged()) == .valid(.secondary))
    }

    // MARK: - Replays

    static func remembering(capacity: Int = 100) -> WebhookValidator {
        WebhookValidator(primaryKey: keys.primary, secondaryKey: keys.secondary, replayCache: WebhookReplayCache(capacity: capacity))
    }

    @Test func aDeliveryAcceptedOnceIsRefusedWhenSentAgain() {
        let validator = Self.remembering()
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        let headers = Self.forged(body: body)

        #expect(validator.validate(body: body, headers: headers) == .valid(.primary))
        #expect(validator.validate(body: body, headers: headers) == .rejected(.replayed))
    }

    @Test func aReplayUnderAnotherDeliveryIdIsStillRefused() {
        // BOX-DELIVERY-ID is not signed: a replayer can change it, so it cannot be the key.
        let validator = Self.remembering()
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        var headers = Self.forged(body: body)
        #expect(validator.validate(body: body, headers: headers) == .valid(.primary))

        headers["BOX-DELIVERY-ID"] = UUID().uuidString

        #expect(validator.validate(body: body, headers: headers) == .rejected(.replayed))
    }

    @Test func aRetryTheAPISignsAgainIsAccepted() {
        let validator = Self.remembering()
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        let first = Self.forged(body: body, at: Date().addingTimeInterval(-60))
        let retry = Self.forged(body: body)

        #expect(validator.validate(body: body, headers: first) == .valid(.primary))
        #expect(validator.validate(body: body, headers: retry) == .valid(.primary))
    }

    @Test func theCacheRemembersAtMostItsCapacityForgettingTheOldestFirst() {
        let validator = Self.remembering(capacity: 2)
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        let deliveries = (1...3).map { Self.forged(body: body, at: Date().addingTimeInterval(-Double($0) * 10)) }
        for headers in deliveries { #expect(validator.validate(body: body, headers: headers) == .valid(.primary)) }

        #expect(validator.replayCache?.count == 2)
        #expect(validator.validate(body: body, headers: deliveries[2]) == .rejected(.replayed))
        #expect(validator.validate(body: body, headers: deliveries[0]) == .valid(.primary))
    }

    @Test func deliveriesOlderThanTheMaximumAgeAreForgotten() {
        let validator = Self.remembering()
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        let signed = Date()
        #expect(validator.validate(body: body, headers: Self.forged(body: body, at: signed), now: signed) == .valid(.primary))

        let later = signed.addingTimeInterval(11 * 60)
        #expect(validator.validate(body: body, headers: Self.forged(body: body, at: later), now: later) == .valid(.primary))

        #expect(validator.replayCache?.count == 1)
    }

    @Test func aWrongKeyIsRejected() {
        let validator = WebhookValidator(primaryKey: "not-the-key", secondaryKey: "not-this-either")

        #expect(validator.validate(body: Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8), headers: Self.forged()) == .rejected(.signatureMismatch))
    }

    @Test func aStaleDeliveryIsRejected() {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        let headers = Self.forged(body: body, at: Date().addingTimeInterval(-11 * 60))

        let result = Self.validator.validate(body: body, headers: headers)

        guard case .rejected(.expired(let age)) = result else {
            Issue.record("expected an expired delivery, got \(result)")
            return
        }
        #expect(age > .seconds(600))
    }

    @Test func aDeliveryWithinTheMaximumAgeIsAccepted() {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        let headers = Self.forged(body: body, at: Date().addingTimeInterval(-9 * 60))

        #expect(Self.validator.validate(body: body, headers: headers) == .valid(.primary))
    }

    @Test(arguments: ["BOX-DELIVERY-TIMESTAMP", "BOX-SIGNATURE-VERSION", "BOX-SIGNATURE-ALGORITHM"])
    func aMissingHeaderIsRejectedByName(_ name: String) {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        var headers = Self.forged(body: body)
        headers[name] = nil

        #expect(Self.validator.validate(body: body, headers: headers) == .rejected(.missingHeader(name)))
    }

    @Test func missingSignaturesAreRejected() {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        var headers = Self.forged(body: body)
        headers["BOX-SIGNATURE-PRIMARY"] = nil
        headers["BOX-SIGNATURE-SECONDARY"] = nil

        #expect(Self.validator.validate(body: body, headers: headers) == .rejected(.missingHeader("BOX-SIGNATURE-PRIMARY")))
    }

    @Test func aSignatureThatIsNotBase64IsRejected() {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        var headers = Self.forged(body: body)
        headers["BOX-SIGNATURE-PRIMARY"] = "%%% not base64 %%%"
        headers["BOX-SIGNATURE-SECONDARY"] = nil

        #expect(Self.validator.validate(body: body, headers: headers) == .rejected(.malformedSignature))
    }

    @Test func unknownSignatureVersionsAndAlgorithmsAreRejected() {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        var version = Self.forged(body: body)
        version["BOX-SIGNATURE-VERSION"] = "2"
        var algorithm = Self.forged(body: body)
        algorithm["BOX-SIGNATURE-ALGORITHM"] = "HmacSHA1"

        #expect(Self.validator.validate(body: body, headers: version) == .rejected(.unsupportedSignatureVersion("2")))
        #expect(Self.validator.validate(body: body, headers: algorithm) == .rejected(.unsupportedSignatureAlgorithm("HmacSHA1")))
    }

    @Test func aTimestampThatIsNotADateIsRejected() {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        var headers = Self.forged(body: body)
        headers["BOX-DELIVERY-TIMESTAMP"] = "yesterday"

        #expect(Self.validator.validate(body: body, headers: headers) == .rejected(.malformedTimestamp))
    }

    @Test func aTimestampWithAnOffsetAsBoxWritesItIsAccepted() {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: -8 * 3600)
        let timestamp = formatter.string(from: Date())
        var headers = Self.forged(body: body)
        headers["BOX-DELIVERY-TIMESTAMP"] = timestamp
        headers["BOX-SIGNATURE-PRIMARY"] = BoxLikeServer.webhookSignature(
            body: body, timestamp: timestamp, key: Self.keys.primary)

        #expect(timestamp.hasSuffix("-08:00"))
        #expect(Self.validator.validate(body: body, headers: headers) == .valid(.primary))
    }

    @Test func headerNamesMatchWhateverTheirCase() {
        let body = Array(#"{"trigger":"FILE.UPLOADED"}"#.utf8)
        let headers = Dictionary(uniqueKeysWithValues: Self.forged(body: body).map { ($0.key.lowercased(), $0.value) })

        #expect(Self.validator.validate(body: body, headers: headers) == .valid(.primary))
    }

    @Test func theKeysNeverAppearInDescriptionsOrDumps() {
        let validator = Self.validator
        var dumped = ""
        dump(validator, to: &dumped)

        for text in [validator.description, String(reflecting: validator), "\(validator)", dumped] {
            #expect(!text.contains(Self.keys.primary))
            #expect(!text.contains(Self.keys.secondary))
            #expect(text.contains("<redacted>"))
        }
    }
}
