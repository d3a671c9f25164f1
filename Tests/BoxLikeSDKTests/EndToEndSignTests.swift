import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Box Sign against the server: requests as a state machine (converting, sent, viewed,
/// signed, declined, cancelled, expired), signers acting through their signing links with
/// `SignDriver`, signed documents and the signing log written back, and seeded templates.
@Suite("Box Sign against the server", .timeLimit(.minutes(10)))
struct EndToEndSignTests {
    static let ann = "ann@signers.example.com"
    static let ben = "ben@signers.example.com"

    /// A folder with a contract in it, ready to be sent for signature.
    static func contract(_ client: BoxClient, text: String = "Contract\nParty: Ann\nAmount: 100\n") async throws -> (FolderFull, FileFull) {
        let folder = try await client.makeFolder("contracts")
        let file = try await client.makeFile("contract.txt", text: text, in: folder.id)
        return (folder, file)
    }

    static func signers(_ emails: [String], orders: [Int64]? = nil) -> [SignRequestCreateSigner] {
        emails.enumerated().map { index, email in
            SignRequestCreateSigner(email: .value(email), role: .signer, order: orders?[index])
        }
    }

    static func send(_ client: BoxClient, file: FileFull, folder: FolderFull, to emails: [String], orders: [Int64]? = nil,
                     daysValid: Int64? = nil) async throws -> SignRequest {
        try await client.signRequests.createSignRequest(requestBody: SignRequestCreateRequest(
            signers: signers(emails, orders: orders), name: "Contract for \(emails.count)", daysValid: daysValid.map { .value($0) },
            sourceFiles: .value([FileBase(id: file.id, type: .file)]), parentFolder: FolderMini(id: folder.id, type: .folder)))
    }

    /// The signing link the server emailed to `email` for `requestId`.
    static func link(_ server: BoxLikeServer, to email: String, for requestId: String) async throws -> String {
        let email = await server.signEmails().last { $0.to == email && $0.signRequestId == requestId && $0.signingURL != nil }
        return try #require(email?.signingURL)
    }

    static func emails(of request: SignRequest) -> [String] {
        (request.signers ?? []).compactMap(\.email)
    }

    // MARK: - Creating and reading

    @Test func aNewRequestIsConvertingThenSentWithTheSenderAsFinalCopyReader() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)

            let created = try await Self.send(client, file: file, folder: folder, to: [Self.ann])
            let read = try await client.signRequests.getSignRequestById(signRequestId: try #require(created.id))

            #expect(created.status == .converting)
            #expect(read.status == .sent)
            #expect(read.sourceFiles?.map(\.id) == [file.id])
            #expect(read.parentFolder?.id == folder.id)
            let roles = (read.signers ?? []).map { ($0.email ?? "", $0.role?.rawValue ?? "") }
            #expect(roles.contains { $0 == (server.seed.adminUser.login, "final_copy_reader") })
            #expect(roles.contains { $0 == (Self.ann, "signer") })
            #expect(await server.signEmails().map(\.to) == [Self.ann])
        }
    }

    @Test func theSenderListsTheirRequestsNewestFirstAndOthersDoNotSeeThem() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (other, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let (folder, file) = try await Self.contract(client)
            let first = try await Self.send(client, file: file, folder: folder, to: [Self.ann])
            let second = try await Self.send(client, file: file, folder: folder, to: [Self.ben])

            let listed = try await client.signRequests.getSignRequestsSequence(queryParams: GetSignRequestsQueryParams(limit: 1)).collect()

            #expect(Set(listed.compactMap(\.id)) == Set([first.id, second.id].compactMap { $0 }))
            #expect(try await other.signRequests.getSignRequests().entries?.isEmpty == true)
            let error = await #expect(throws: BoxAPIError.self) {
                try await other.signRequests.getSignRequestById(signRequestId: first.id ?? "")
            }
            #expect(error?.status == 404)
        }
    }

    @Test func aRequestForAFileTheSenderCannotReadIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (other, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let (_, file) = try await Self.contract(client)
            let ownFolder = try await other.makeFolder()

            let error = await #expect(throws: BoxAPIError.self) {
                _ = try await Self.send(other, file: file, folder: ownFolder, to: [Self.ann])
            }
            #expect(error?.status == 404)
        }
    }

    // MARK: - The whole flow

    @Test func twoSignersSignAndTheSignedDocumentArrivesWithAVerifiedWebhook() async throws {
        try await withWebhookReceiver { address, inbox in
            try await withServer { server in
                let (client, _) = try await server.developerTokenClient()
                let (folder, file) = try await Self.contract(client)
                _ = try await client.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                    target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.signRequestCompleted]))
                let request = try await Self.send(client, file: file, folder: folder, to: [Self.ann, Self.ben])
                let id = try #require(request.id)

                let annLink = try await Self.link(server, to: Self.ann, for: id)
                _ = try await SignDriver(link: annLink, via: server.pageTransport).view()
                try await SignDriver(link: annLink, via: server.pageTransport).sign()
                let halfway = try await client.signRequests.getSignRequestById(signRequestId: id)
                try await SignDriver(link: try await Self.link(server, to: Self.ben, for: id), via: server.pageTransport).sign()
                let done = try await client.signRequests.getSignRequestById(signRequestId: id)

                #expect(halfway.status == .viewed)
                #expect(done.status == .signed)
                #expect(done.finishedAt != nil)
                let signedId = try #require(done.signFiles?.files?.first?.id)
                // The signed document is a PDF: its text is in the page's `(...) Tj` strings.
                let signedText = try await client.text(ofFile: signedId)
                #expect(signedText.hasPrefix("%PDF-1.4") && signedText.contains("(Contract) Tj") && signedText.contains("(Party: Ann) Tj"))
                #expect(signedText.contains("(Signed by \(Self.ann)") && signedText.contains("(Signed by \(Self.ben)"))
                let logId = try #require(done.signingLog?.id)
                #expect(try await client.text(ofFile: logId).contains("(\(Self.ben) \\(signer\\)"))
                #expect(Set(try await client.names(in: folder.id)) == Set(["contract.txt", "contract.pdf", "Contract for 2 signing log.pdf"]))

                let delivery = try #require(await inbox.wait(for: 1).first)
                let keys = server.configuration.oauthClient.webhookSignatureKeys
                #expect(WebhookValidator(primaryKey: keys.primary, secondaryKey: keys.secondary)
                    .validate(body: delivery.body, headers: delivery.headers) == .valid(.primary))
                let payload = try JSONValue.parse(delivery.body)
                #expect(payload["trigger"]?.stringValue == "SIGN_REQUEST.COMPLETED")
                #expect(payload["source"]?["id"]?.stringValue == file.id)
            }
        }
    }

    @Test func aSignerLaterInTheOrderWaitsForTheEarlierOne() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let request = try await Self.send(client, file: file, folder: folder, to: [Self.ann, Self.ben], orders: [1, 2])
            let id = try #require(request.id)
            _ = try await client.signRequests.getSignRequestById(signRequestId: id)
            #expect(await server.signEmails().map(\.to) == [Self.ann])

            try await SignDriver(link: try await Self.link(server, to: Self.ann, for: id), via: server.pageTransport).sign()

            #expect(await server.signEmails().map(\.to) == [Self.ann, Self.ben])
        }
    }

    @Test func theServersRequestLogMasksTheSigningTokenInEveryPath() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let request = try await Self.send(client, file: file, folder: folder, to: [Self.ann])
            let id = try #require(request.id)
            let link = try await Self.link(server, to: Self.ann, for: id)
            let token = try #require(URL(string: link)?.lastPathComponent)

            let signer = SignDriver(link: link, via: server.pageTransport)
            _ = try await signer.view()
            try await signer.sign()

            let signingPages = await server.requestLog.entries().filter { $0.path.hasPrefix("/sign/") }
            #expect(signingPages.map(\.path) == ["/sign/***", "/sign/***/sign"])
            #expect(await server.requestLog.entries().allSatisfy { !$0.description.contains(token) })
        }
    }

    @Test func aDeclineEndsTheRequestAndTheOtherLinkStopsWorking() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let id = try #require(try await Self.send(client, file: file, folder: folder, to: [Self.ann, Self.ben]).id)
            _ = try await client.signRequests.getSignRequestById(signRequestId: id)

            try await SignDriver(link: try await Self.link(server, to: Self.ann, for: id), via: server.pageTransport).decline(reason: "Wrong amount")
            let read = try await client.signRequests.getSignRequestById(signRequestId: id)

            #expect(read.status == .declined)
            let ann = read.signers?.first { $0.email == Self.ann }
            #expect(ann?.signerDecision?.type?.rawValue == "declined")
            #expect(ann?.signerDecision?.additionalInfo == "Wrong amount")
            await #expect(throws: PageDriverError.refused(status: 409, code: "sign_request_not_open")) {
                try await SignDriver(link: try await Self.link(server, to: Self.ben, for: id), via: server.pageTransport).sign()
            }
        }
    }

    // MARK: - Cancel, resend, expiry

    @Test func aSentRequestIsCancelledAndCannotBeSignedAfterwards() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let id = try #require(try await Self.send(client, file: file, folder: folder, to: [Self.ann]).id)

            let cancelled = try await client.signRequests.cancelSignRequest(
                signRequestId: id, requestBody: SignRequestCancelRequest(reason: "Terms changed"))

            #expect(cancelled.status == .cancelled)
            #expect(try await client.signRequests.getSignRequestById(signRequestId: id).status == .cancelled)
            await #expect(throws: PageDriverError.refused(status: 409, code: "sign_request_not_open")) {
                try await SignDriver(link: try await Self.link(server, to: Self.ann, for: id), via: server.pageTransport).sign()
            }
        }
    }

    @Test func aSignedRequestCannotBeCancelled() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let id = try #require(try await Self.send(client, file: file, folder: folder, to: [Self.ann]).id)
            _ = try await client.signRequests.getSignRequestById(signRequestId: id)
            try await SignDriver(link: try await Self.link(server, to: Self.ann, for: id), via: server.pageTransport).sign()

            let error = await #expect(throws: BoxAPIError.self) { try await client.signRequests.cancelSignRequest(signRequestId: id) }

            #expect(error?.status == 400)
            #expect(error?.code == "sign_request_cancel_not_allowed")
            #expect(try await client.signRequests.getSignRequestById(signRequestId: id).status == .signed)
        }
    }

    @Test func aRequestStillConvertingCannotBeCancelled() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock, { $0.signConversionDuration = 30 }) { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let id = try #require(try await Self.send(client, file: file, folder: folder, to: [Self.ann]).id)

            let error = await #expect(throws: BoxAPIError.self) { try await client.signRequests.cancelSignRequest(signRequestId: id) }
            await clock.advance(by: .seconds(31))

            #expect(error?.status == 400)
            #expect(try await client.signRequests.cancelSignRequest(signRequestId: id).status == .cancelled)
        }
    }

    @Test func aResendReachesOnlySignersWhoHaveNotSigned() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let id = try #require(try await Self.send(client, file: file, folder: folder, to: [Self.ann, Self.ben]).id)
            _ = try await client.signRequests.getSignRequestById(signRequestId: id)
            try await SignDriver(link: try await Self.link(server, to: Self.ann, for: id), via: server.pageTransport).sign()
            await clock.advance(by: .seconds(11 * 60))

            try await client.signRequests.resendSignRequest(signRequestId: id)

            let reminders = await server.signEmails().filter { $0.kind == .reminder }
            #expect(reminders.map(\.to) == [Self.ben])
        }
    }

    @Test func aResendWithinTenMinutesOfTheLastIsRefused() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let id = try #require(try await Self.send(client, file: file, folder: folder, to: [Self.ann]).id)
            _ = try await client.signRequests.getSignRequestById(signRequestId: id)
            await clock.advance(by: .seconds(5 * 60))

            let error = await #expect(throws: BoxAPIError.self) { try await client.signRequests.resendSignRequest(signRequestId: id) }

            #expect(error?.status == 400)
            #expect(await server.signEmails().filter { $0.kind == .reminder }.isEmpty)
        }
    }

    @Test func aRequestExpiresAfterItsDaysValidOnTheServersClock() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(client)
            let id = try #require(try await Self.send(client, file: file, folder: folder, to: [Self.ann], daysValid: 3).id)
            await clock.advance(by: .seconds(2 * 24 * 3600))
            let before = try await client.signRequests.getSignRequestById(signRequestId: id)

            await clock.advance(by: .seconds(24 * 3600 + 1))
            let after = try await client.signRequests.getSignRequestById(signRequestId: id)

            #expect(before.status == .sent)
            #expect(after.status == .expired)
            await #expect(throws: PageDriverError.refused(status: 409, code: "sign_request_not_open")) {
                try await SignDriver(link: try await Self.link(server, to: Self.ann, for: id), via: server.pageTransport).sign()
            }
        }
    }

    // MARK: - Templates

    @Test func seededTemplatesAreListedAndReadWithTheirDocuments() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let templates = try await client.signTemplates.getSignTemplatesSequence().collect()
            let nda = try #require(templates.first { $0.name == "Mutual NDA" })
            let read = try await client.signTemplates.getSignTemplateById(templateId: try #require(nda.id))

            #expect(templates.compactMap(\.name) == ["Mutual NDA", "Offer letter"])
            #expect(read.signers?.map(\.label) == ["Counterparty"])
            let documentId = try #require(read.sourceFiles?.first?.id)
            #expect(try await client.text(ofFile: documentId).hasPrefix("Mutual non-disclosure agreement"))
        }
    }

    @Test func aRequestFromATemplateTakesItsDocumentAndRoles() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("offers")
            let offer = try #require(try await client.signTemplates.getSignTemplates().entries?.first { $0.name == "Offer letter" })

            let request = try await client.signRequests.createSignRequest(requestBody: SignRequestCreateRequest(
                signers: [SignRequestCreateSigner(email: .value(Self.ann)), SignRequestCreateSigner(email: .value(Self.ben))],
                templateId: .value(try #require(offer.id)),
                parentFolder: FolderMini(id: folder.id, type: .folder)))

            #expect(request.sourceFiles?.map(\.id) == offer.sourceFiles?.map(\.id))
            let roles = (request.signers ?? []).filter { $0.role != .finalCopyReader }.map { $0.role?.rawValue ?? "" }
            #expect(roles == ["approver", "signer"])
        }
    }
}
