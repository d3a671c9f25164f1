import BoxLikeJSON
import Foundation

/// Box Sign as a state machine: a request is `converting`, then `sent` (emails go to the
/// signers whose turn it is); signers view, sign or decline through their signing links; when
/// every required signer has signed it is `signed` and the signed documents and a signing log
/// are written to its parent folder. It can be cancelled while unfinished, resent to signers
/// who have not signed, and it expires after `days_valid` on the server's clock.
extension SignRequestsState {
    /// Box refuses a resend within ten minutes of the last one.
    static let signResendWait: TimeInterval = 10 * 60
    /// The longest `days_valid` Box accepts.
    static let signMaximumDaysValid = 730

    // MARK: - Creating

    mutating func createSignRequest(core: isolated ServerState, _ body: JSONValue, principal: Principal) throws -> SignRequestView {
        advanceSignRequests(core: core)
        guard let sender = core.users[principal.userId] else { throw ServerErrorResponse.notFound("user") }
        let signerValues = body["signers"]?.arrayValue ?? []
        guard !signerValues.isEmpty else { throw ServerErrorResponse.badRequest("signers must name at least one signer") }

        var template: SignTemplateRecord?
        if let templateId = body["template_id"]?.stringValue {
            template = try core[area: SignTemplatesState.self].signTemplate(core: core, templateId, principal: principal)
        }
        var sourceFileIds: [String] = []
        for value in body["source_files"]?.arrayValue ?? [] {
            guard let id = value.idMember else { throw ServerErrorResponse.badRequest("each source file needs an id") }
            sourceFileIds.append(try core.file(id, for: principal, to: .download).id)
        }
        if sourceFileIds.isEmpty, let template { sourceFileIds = template.sourceFileIds }
        guard !sourceFileIds.isEmpty else {
            throw ServerErrorResponse.badRequest("source_files or template_id is required")
        }
        guard let parentApiId = body["parent_folder"]?.idMember ?? template?.parentFolderId else {
            throw ServerErrorResponse.badRequest("parent_folder is required")
        }
        let parent = try core.folder(parentApiId, for: principal, to: .upload)

        let daysValid = body["days_valid"]?.intValue ?? template?.daysValid
        if let daysValid, !(0...Self.signMaximumDaysValid).contains(daysValid) {
            throw ServerErrorResponse.badRequest("days_valid must be from 0 to \(Self.signMaximumDaysValid)")
        }

        var signers: [SignerRecord] = []
        for (position, value) in signerValues.enumerated() {
            // A template's roles fill in what each signer in the same position leaves out.
            let templateRole = template.flatMap { position < $0.roles.count ? $0.roles[position] : nil }
            guard let email = value["email"]?.stringValue, email.contains("@") else {
                throw ServerErrorResponse.badRequest("each signer needs an email address")
            }
            let roleName = value["role"]?.stringValue ?? templateRole?.role.rawValue ?? SignerRecord.Role.signer.rawValue
            guard let role = SignerRecord.Role(rawValue: roleName) else {
                throw ServerErrorResponse.badRequest("role must be signer, approver or final_copy_reader")
            }
            if signers.contains(where: { $0.email.lowercased() == email.lowercased() }) {
                throw ServerErrorResponse.badRequest("signer \(email) is listed twice")
            }
            signers.append(SignerRecord(
                email: email, role: role, isInPerson: value["is_in_person"]?.boolValue ?? false,
                order: value["order"]?.intValue ?? templateRole?.order ?? 0, embedUrlExternalUserId: value["embed_url_external_user_id"]?.stringValue,
                redirectUrl: value["redirect_url"]?.stringValue, declinedRedirectUrl: value["declined_redirect_url"]?.stringValue,
                loginRequired: value["login_required"]?.boolValue ?? false,
                verificationPhoneNumber: value["verification_phone_number"]?.stringValue,
                password: value["password"]?.stringValue, signerGroupId: value["signer_group_id"]?.stringValue,
                suppressNotifications: value["suppress_notifications"]?.boolValue ?? false,
                language: value["language"]?.stringValue, token: Self.signingToken()))
        }
        guard signers.contains(where: { $0.role != .finalCopyReader }) else {
            throw ServerErrorResponse.badRequest("a sign request needs at least one signer or approver")
        }
        // As in Box, the requester receives the final copy.
        if !signers.contains(where: { $0.email.lowercased() == sender.login.lowercased() }) {
            signers.insert(SignerRecord(
                email: sender.login, role: .finalCopyReader, isInPerson: false, order: 0, loginRequired: false,
                suppressNotifications: false, token: Self.signingToken()), at: 0)
        }

        // The name becomes part of an item's name (the signing log), so it follows the item name rules.
        let name = body["name"]?.stringValue ?? template?.name
        if let name { try core.validateName(name) }

        let now = core.currentTime
        let id = UUID().uuidString.lowercased()
        var request = SignRequestRecord(
            id: id, shortId: String(id.prefix(8)).uppercased(), senderId: sender.id, createdAt: now,
            readyAt: now.addingTimeInterval(core.configuration.signConversionDuration), status: .converting, signers: signers,
            sourceFileIds: sourceFileIds, parentFolderId: parent.id,
            name: name, emailSubject: body["email_subject"]?.stringValue ?? template?.emailSubject,
            emailMessage: body["email_message"]?.stringValue ?? template?.emailMessage, daysValid: daysValid,
            autoExpireAt: daysValid.map { now.addingTimeInterval(TimeInterval($0) * 24 * 3600) },
            externalId: body["external_id"]?.stringValue, externalSystemName: body["external_system_name"]?.stringValue,
            templateId: template?.id, redirectUrl: body["redirect_url"]?.stringValue,
            declinedRedirectUrl: body["declined_redirect_url"]?.stringValue,
            areRemindersEnabled: body["are_reminders_enabled"]?.boolValue ?? false,
            areTextSignaturesEnabled: body["are_text_signatures_enabled"]?.boolValue ?? true,
            isDocumentPreparationNeeded: body["is_document_preparation_needed"]?.boolValue ?? false,
            signatureColor: body["signature_color"]?.stringValue, requestFlow: body["request_flow"]?.stringValue,
            prefillTags: body["prefill_tags"]?.arrayValue ?? [])
        // Box converts each document to a PDF copy in the parent folder, the file signers sign.
        for fileId in sourceFileIds {
            guard let source = core.items[.file(fileId)] else { continue }
            let base = source.fileExtension.isEmpty ? source.name : String(source.name.dropLast(source.fileExtension.count + 1))
            let copy = core.makeFile(
                name: freeName(core: core, base + ".pdf", in: parent.id), parentId: parent.id, actor: sender.id,
                content: StoredContent(bytes: MinimalPDF.document(lines: signDocumentLines(core: core, of: source), createdAt: now, producer: "BoxLike Sign")))
            request.signFileIds.append(copy.id)
        }
        if request.isDocumentPreparationNeeded { request.prepareToken = Self.signingToken() }
        self.requests[id] = request
        core.recordEvent("SIGN_DOCUMENT_CREATED", by: sender.id, source: .file(sourceFileIds[0]))
        return signRequestView(core: core, request, for: principal)
    }

    // MARK: - Reading

    /// The sign requests the caller sent (with `sharedRequests`, also those in folders the
    /// caller can see), newest first, optionally only those whose sender's login is in `senders`.
    mutating func signRequests(core: isolated ServerState, senders: [String], sharedRequests: Bool, principal: Principal) throws -> [SignRequestView] {
        advanceSignRequests(core: core)
        if !senders.isEmpty && !sharedRequests {
            throw ServerErrorResponse.badRequest("senders can only be used with shared_requests set to true")
        }
        let logins = Set(senders.map { $0.lowercased() })
        return self.requests.values
            .filter { request in
                let visible = request.senderId == principal.userId
                    || (sharedRequests && core.access(of: principal.userId, to: .folder(request.parentFolderId)) != nil)
                let fromSender = logins.isEmpty || logins.contains(core.users[request.senderId]?.login.lowercased() ?? "")
                return visible && fromSender
            }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            .map { signRequestView(core: core, $0, for: principal) }
    }

    mutating func signRequest(core: isolated ServerState, _ id: String, principal: Principal) throws -> SignRequestView {
        advanceSignRequests(core: core)
        return signRequestView(core: core, try visibleSignRequest(core: core, id, principal: principal), for: principal)
    }

    /// A request the caller sent or whose parent folder the caller can see; 404 otherwise.
    private mutating func visibleSignRequest(core: isolated ServerState, _ id: String, principal: Principal) throws -> SignRequestRecord {
        guard let request = self.requests[id],
              request.senderId == principal.userId || core.access(of: principal.userId, to: .folder(request.parentFolderId)) != nil
        else { throw ServerErrorResponse.notFound("sign_request") }
        return request
    }

    // MARK: - Cancelling and resending

    /// Cancels a request that is still out for signature; only its sender may.
    mutating func cancelSignRequest(core: isolated ServerState, _ id: String, reason: String?, principal: Principal) throws -> SignRequestView {
        advanceSignRequests(core: core)
        var request = try visibleSignRequest(core: core, id, principal: principal)
        guard request.senderId == principal.userId else {
            throw ServerErrorResponse.forbidden("Only the sender of a sign request can cancel it.")
        }
        guard request.status.isUnfinished, request.status != .converting else {
            throw ServerErrorResponse.badRequest(
                "A sign request that is \(request.status.rawValue) cannot be cancelled.", code: "sign_request_cancel_not_allowed")
        }
        request.status = .cancelled
        request.finishedAt = core.currentTime
        self.requests[id] = request
        core.recordEvent("SIGN_DOCUMENT_CANCELLED", by: principal.userId, source: .file(request.sourceFileIds[0]))
        return signRequestView(core: core, request, for: principal)
    }

    /// Sends the request email again to the signers whose turn it is and who have not signed.
    mutating func resendSignRequest(core: isolated ServerState, _ id: String, principal: Principal) throws {
        advanceSignRequests(core: core)
        var request = try visibleSignRequest(core: core, id, principal: principal)
        guard request.senderId == principal.userId else {
            throw ServerErrorResponse.forbidden("Only the sender of a sign request can resend it.")
        }
        guard request.status.isUnfinished, request.status != .converting else {
            throw ServerErrorResponse.badRequest(
                "A sign request that is \(request.status.rawValue) cannot be resent.", code: "sign_request_resend_not_allowed")
        }
        let now = core.currentTime
        if let last = request.lastSentAt, now.timeIntervalSince(last) < Self.signResendWait {
            throw ServerErrorResponse.badRequest(
                "A sign request can be resent 10 minutes after it was last sent.", code: "sign_request_resend_too_soon")
        }
        request.lastSentAt = now
        self.requests[id] = request
        for signer in signersAwaited(core: core, in: request) { sendSigningEmail(core: core, .reminder, to: signer, of: request) }
    }

    // MARK: - Signing pages

    /// What is wrong with what a signer gave to prove who they are, or `nil` when it is right.
    private mutating func refusal(core: isolated ServerState, of proof: SignerProof, by signer: SignerRecord) -> ServerErrorResponse? {
        if let expected = signer.password, !SecretComparison.equal(proof.password ?? "", expected) || proof.password == nil {
            return ServerErrorResponse.forbidden("The password for this document is wrong.", code: "incorrect_password")
        }
        if signer.loginRequired {
            let account = proof.login.flatMap { core.user(login: $0) }
            let signedIn = account.map {
                $0.login.lowercased() == signer.email.lowercased() && SecretComparison.equal(proof.loginPassword ?? "", $0.password)
            } ?? false
            if !signedIn {
                return ServerErrorResponse.forbidden("Sign in to Box as \(signer.email) to sign this document.", code: "login_required")
            }
        }
        if signer.verificationPhoneNumber != nil {
            guard let expected = signer.verificationCode, let given = proof.verificationCode, SecretComparison.equal(given, expected) else {
                return ServerErrorResponse.forbidden("The verification code is wrong.", code: "incorrect_verification_code")
            }
        }
        return nil
    }

    /// The texts sent to signers' phones so far, oldest first.
    mutating func signTextMessages(core: isolated ServerState) -> [SignTextMessage] {
        self.textMessages
    }

    /// What a signing link opens: the request and the signer, marked as having viewed it. A
    /// signer with a verification phone number is texted a new code.
    mutating func viewSigningPage(core: isolated ServerState, token: String) throws -> SigningPage {
        advanceSignRequests(core: core)
        let found = try signerByToken(core: core, token)
        var request = found.0
        let index = found.1
        if request.status.isOutForSignature {
            request.signers[index].hasViewedDocument = true
            if let phone = request.signers[index].verificationPhoneNumber, request.signers[index].decision == nil {
                let code = String(format: "%06d", Int.random(in: 0..<1_000_000))
                request.signers[index].verificationCode = code
                self.textMessages.append(
                    SignTextMessage(to: phone, signRequestId: request.id, code: code, sentAt: core.currentTime))
            }
            if request.status == .sent {
                request.status = .viewed
                core.recordEvent("SIGN_DOCUMENT_VIEWED_BY_SIGNED", by: request.senderId, source: .file(request.sourceFileIds[0]))
            }
            self.requests[request.id] = request
        }
        return signingPage(core: core, request, signerIndex: index)
    }

    /// The signer behind `token` signs (or approves); the last required signature finishes the request.
    mutating func sign(core: isolated ServerState, token: String, proof: SignerProof) throws -> SigningPage {
        advanceSignRequests(core: core)
        let acting = try actingSigner(core: core, token: token, proof: proof)
        var request = acting.0
        let index = acting.1
        let now = core.currentTime
        let awaitedBefore = Set(signersAwaited(core: core, in: request).map(\.token))
        request.signers[index].decision = .signed
        request.signers[index].finalizedAt = now
        request.signers[index].hasViewedDocument = true
        self.requests[request.id] = request
        let event = core.recordEvent("SIGN_DOCUMENT_SIGNED", by: request.senderId, source: .file(request.sourceFileIds[0]))
        fireSignWebhooks(core: core, "SIGN_REQUEST.SIGN_SIGNER_SIGNED", for: request, event: event)
        if request.requiredSigners.allSatisfy({ $0.decision == .signed }) {
            request = finalize(core: core, request)
        } else {
            for signer in signersAwaited(core: core, in: request) where !awaitedBefore.contains(signer.token) {
                sendSigningEmail(core: core, .signatureRequested, to: signer, of: request)
            }
        }
        return signingPage(core: core, request, signerIndex: index)
    }

    /// The signer behind `token` declines, which ends the request.
    mutating func decline(core: isolated ServerState, token: String, proof: SignerProof, reason: String?) throws -> SigningPage {
        advanceSignRequests(core: core)
        let acting = try actingSigner(core: core, token: token, proof: proof)
        var request = acting.0
        let index = acting.1
        let now = core.currentTime
        request.signers[index].decision = .declined
        request.signers[index].finalizedAt = now
        request.signers[index].additionalInfo = reason
        request.status = .declined
        request.finishedAt = now
        self.requests[request.id] = request
        let event = core.recordEvent("SIGN_DOCUMENT_DECLINED", by: request.senderId, source: .file(request.sourceFileIds[0]))
        fireSignWebhooks(core: core, "SIGN_REQUEST.DECLINED", for: request, event: event)
        return signingPage(core: core, request, signerIndex: index)
    }

    /// The emails sent for sign requests so far, oldest first.
    mutating func signEmails(core: isolated ServerState) -> [SignEmail] {
        advanceSignRequests(core: core)
        return self.emails
    }

    // MARK: - Preparing

    /// The request whose `prepare_url` holds `token`, while it waits to be prepared.
    private mutating func requestToPrepare(core: isolated ServerState, token: String) throws -> SignRequestRecord {
        advanceSignRequests(core: core)
        guard let request = self.requests.values.first(where: {
            $0.prepareToken.map { SecretComparison.equal($0, token) } ?? false
        }) else { throw ServerErrorResponse.notFound("preparation link") }
        guard request.status == .converting || request.status == .created else {
            throw ServerErrorResponse(.conflict, code: "sign_request_already_sent",
                                      message: "This sign request is \(request.status.rawValue); it no longer needs preparing.")
        }
        return request
    }

    /// What the sender's preparation page shows: the request and its prepared documents.
    mutating func viewPreparation(core: isolated ServerState, token: String) throws -> SignPreparationPage {
        preparationPage(core: core, try requestToPrepare(core: core, token: token))
    }

    private mutating func preparationPage(core: isolated ServerState, _ request: SignRequestRecord) -> SignPreparationPage {
        SignPreparationPage(
            request: request, documentNames: request.signFileIds.compactMap { core.items[.file($0)]?.name },
            signerEmails: request.requiredSigners.map(\.email))
    }

    /// Sends a request to its signers: `sent` now, the signers whose turn it is emailed, and
    /// `event` recorded with the webhooks Box fires when a request goes out.
    private mutating func markSent(core: isolated ServerState, _ request: inout SignRequestRecord, recording event: String) {
        request.status = .sent
        request.lastSentAt = core.currentTime
        self.requests[request.id] = request
        let recorded = core.recordEvent(event, by: request.senderId, source: .file(request.sourceFileIds[0]))
        fireSignWebhooks(core: core, "SIGN_REQUEST.SIGN_DOCUMENT_CREATED", for: request, event: recorded)
        for signer in signersAwaited(core: core, in: request) { sendSigningEmail(core: core, .signatureRequested, to: signer, of: request) }
    }

    /// Sends a prepared request to its signers, as the sender's "Send" on the preparation page
    /// does (`409` while its documents are still converting).
    mutating func sendPrepared(core: isolated ServerState, token: String) throws -> SignPreparationPage {
        var request = try requestToPrepare(core: core, token: token)
        guard request.status == .created else {
            throw ServerErrorResponse(.conflict, code: "sign_request_converting", message: "The documents are still being converted.")
        }
        markSent(core: core, &request, recording: "SIGN_DOCUMENT_CREATED")
        return preparationPage(core: core, request)
    }

    private mutating func signerByToken(core: isolated ServerState, _ token: String) throws -> (SignRequestRecord, Int) {
        for request in self.requests.values {
            if let index = request.signers.firstIndex(where: { SecretComparison.equal($0.token, token) && $0.role != .finalCopyReader }) {
                return (request, index)
            }
        }
        throw ServerErrorResponse.notFound("signing link")
    }

    /// The signer behind `token`, once it is their turn to act and they proved who they are:
    /// the request's password, a sign-in as the signer's own Box account when the sender
    /// required one, the code texted to their phone when the sender set a number. Every wrong
    /// answer counts; after ``SignerRecord/attemptLimit`` of them the link accepts none.
    private mutating func actingSigner(core: isolated ServerState, token: String, proof: SignerProof) throws -> (SignRequestRecord, Int) {
        let (request, index) = try signerByToken(core: core, token)
        let signer = request.signers[index]
        guard request.status.isOutForSignature else {
            throw ServerErrorResponse(.conflict, code: "sign_request_not_open",
                                      message: "This sign request is \(request.status.rawValue) and can no longer be signed.")
        }
        guard signer.decision == nil else {
            throw ServerErrorResponse(.conflict, code: "signer_already_finalized", message: "You have already \(signer.decision?.rawValue ?? "acted").")
        }
        guard signersAwaited(core: core, in: request).contains(where: { SecretComparison.equal($0.token, token) }) else {
            throw ServerErrorResponse(.conflict, code: "signer_not_turn", message: "Earlier signers have not signed yet.")
        }
        guard signer.failedAttempts < SignerRecord.attemptLimit else {
            throw ServerErrorResponse.forbidden("Too many wrong attempts: this signing link is locked.", code: "too_many_attempts")
        }
        if let refusal = refusal(core: core, of: proof, by: signer) {
            self.requests[request.id]?.signers[index].failedAttempts += 1
            throw refusal
        }
        return (request, index)
    }

    // MARK: - Time and progress

    /// Moves every request along the server's clock: conversion ends, validity runs out.
    mutating func advanceSignRequests(core: isolated ServerState) {
        let now = core.currentTime
        let open = self.requests.values.filter(\.status.isUnfinished).sorted { $0.createdAt < $1.createdAt }
        for var request in open {
            if request.status == .converting, now >= request.readyAt, request.isDocumentPreparationNeeded {
                // Waits for its sender to prepare and send it on the `prepare_url` page.
                request.status = .created
                self.requests[request.id] = request
                core.recordEvent("SIGN_DOCUMENT_CONVERTED", by: request.senderId, source: .file(request.sourceFileIds[0]))
            } else if request.status == .converting, now >= request.readyAt {
                markSent(core: core, &request, recording: "SIGN_DOCUMENT_CONVERTED")
            }
            if let expiry = request.autoExpireAt, now >= expiry, request.status.isUnfinished {
                request.status = .expired
                request.finishedAt = expiry
                self.requests[request.id] = request
                let event = core.recordEvent("SIGN_DOCUMENT_EXPIRED", by: request.senderId, source: .file(request.sourceFileIds[0]))
                fireSignWebhooks(core: core, "SIGN_REQUEST.EXPIRED", for: request, event: event)
            }
        }
    }

    /// The required signers who may act now: not yet decided, with every required signer of a
    /// lower `order` already signed.
    private mutating func signersAwaited(core: isolated ServerState, in request: SignRequestRecord) -> [SignerRecord] {
        let pending = request.requiredSigners.filter { $0.decision == nil }
        guard let turn = pending.map(\.order).min() else { return [] }
        return pending.filter { $0.order == turn }
    }

    /// Records the email the server would send. An address at the reserved `.invalid` domain
    /// bounces, which fires `SIGN_REQUEST.SIGNER_EMAIL_BOUNCED`.
    private mutating func sendSigningEmail(core: isolated ServerState, _ kind: SignEmail.Kind, to signer: SignerRecord, of request: SignRequestRecord) {
        let link = kind == .finalCopy ? nil : signingURL(core: core, token: signer.token)
        if !signer.suppressNotifications || kind == .finalCopy {
            self.emails.append(SignEmail(
                to: signer.email, signRequestId: request.id, kind: kind, signingURL: link, sentAt: core.currentTime))
        }
        guard kind != .finalCopy else { return }
        let event = core.recordEvent("SIGN_DOCUMENT_ASSIGNED", by: request.senderId, source: .file(request.sourceFileIds[0]))
        if signer.email.lowercased().hasSuffix(".invalid") {
            fireSignWebhooks(core: core, "SIGN_REQUEST.SIGNER_EMAIL_BOUNCED", for: request, event: event)
        }
    }

    mutating func signingURL(core: isolated ServerState, token: String) -> String { "\(core.origin)/sign/\(token)" }

    /// Writes the signed documents and the signing log next to the request, or marks it
    /// `error_finalizing` when its folder is gone.
    private mutating func finalize(core: isolated ServerState, _ original: SignRequestRecord) -> SignRequestRecord {
        var request = original
        let now = core.currentTime
        guard let folder = core.items[.folder(request.parentFolderId)], !core.isInTrash(folder.ref) else {
            request.status = .errorFinalizing
            self.requests[request.id] = request
            let event = core.recordEvent("SIGN_DOCUMENT_ERROR_FINALIZING", by: request.senderId, source: .file(request.sourceFileIds[0]))
            fireSignWebhooks(core: core, "SIGN_REQUEST.SIGN_ERROR_FINALIZING", for: request, event: event)
            return request
        }
        let certificate = request.requiredSigners.map { signer in
            "\(signer.role == .approver ? "Approved" : "Signed") by \(signer.email) at \(Timestamp.string(signer.finalizedAt ?? now))"
        }
        // Each prepared copy gets a new version: the document with its signatures.
        for (index, copyId) in request.signFileIds.enumerated() {
            guard var copy = core.items[.file(copyId)], !core.isInTrash(copy.ref), index < request.sourceFileIds.count,
                  let source = core.items[.file(request.sourceFileIds[index])] else { continue }
            let lines = signDocumentLines(core: core, of: source) + ["", "Signed with BoxLike Sign (request \(request.id))"] + certificate
            let version = FileVersionRecord(
                id: core.newId(), content: StoredContent(bytes: MinimalPDF.document(lines: lines, createdAt: now, producer: "BoxLike Sign")),
                name: copy.name, createdAt: now, modifiedBy: request.senderId)
            copy.modifyFile { payload in
                payload.addVersion(version)
                payload.contentModifiedAt = now
            }
            core.bumpAfterContentChange(&copy, by: request.senderId, at: now)
            core.recordEvent("ITEM_UPLOAD", by: request.senderId, source: copy.ref)
        }
        var log = ["Signing log of sign request \(request.id)", "Name: \(request.name ?? "-")",
                   "Sent by: \(core.users[request.senderId]?.login ?? request.senderId) at \(Timestamp.string(request.createdAt))"]
        for signer in request.signers {
            log.append("\(signer.email) (\(signer.role.rawValue)): viewed \(signer.hasViewedDocument), "
                + "\(signer.decision?.rawValue ?? "no decision") \(signer.finalizedAt.map(Timestamp.string) ?? "")")
        }
        log.append("Completed at \(Timestamp.string(now))")
        let logSuffix = " signing log.pdf"
        // Item names stop at 255 characters (and `freeName` may add a few), so a long request name is cut.
        let logStem = String((request.name ?? "Sign request \(request.shortId)").prefix(240 - logSuffix.count))
        let logName = freeName(core: core, logStem + logSuffix, in: folder.id)
        let logFile = core.makeFile(name: logName, parentId: folder.id, actor: request.senderId,
                               content: StoredContent(bytes: MinimalPDF.document(lines: log, createdAt: now, producer: "BoxLike Sign")))
        request.signingLogId = logFile.id
        request.status = .signed
        request.finishedAt = now
        self.requests[request.id] = request
        let event = core.recordEvent("SIGN_DOCUMENT_COMPLETED", by: request.senderId, source: .file(request.sourceFileIds[0]))
        fireSignWebhooks(core: core, "SIGN_REQUEST.COMPLETED", for: request, event: event)
        for signer in request.signers { sendSigningEmail(core: core, .finalCopy, to: signer, of: request) }
        return request
    }

    /// The text a document to sign shows: its lines when it is text (a `.docx` its paragraphs),
    /// or its name and size.
    private mutating func signDocumentLines(core: isolated ServerState, of source: ItemRecord) -> [String] {
        guard let content = source.file?.currentVersion.content else { return [source.name] }
        if let paragraphs = DocumentText.paragraphs(of: content, fileExtension: source.fileExtension) { return paragraphs }
        return [source.name, "(\(content.size) bytes)"]
    }

    /// `name`, or `name (2)`, `name (3)`… before its extension, whichever is free in the folder.
    private mutating func freeName(core: isolated ServerState, _ name: String, in folderId: String) -> String {
        let taken = Set(core.children(of: folderId).map { $0.name.lowercased() })
        guard taken.contains(name.lowercased()) else { return name }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        var number = 2
        while taken.contains("\(stem) (\(number))\(suffix)".lowercased()) { number += 1 }
        return "\(stem) (\(number))\(suffix)"
    }

    /// Delivers `trigger` to the webhooks on the request's documents or on a folder above them
    /// or above its parent folder.
    private mutating func fireSignWebhooks(core: isolated ServerState, _ trigger: String, for request: SignRequestRecord, event: EventRecord) {
        let source = ItemRef.file(request.sourceFileIds[0])
        var watched = Set(request.sourceFileIds.flatMap { core.lineage(of: .file($0)) })
        watched.formUnion(core.lineage(of: .folder(request.parentFolderId)))
        core.deliver(trigger, of: event, about: source, toWebhooksOn: watched)
    }

    private static func signingToken() -> String {
        (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
    }

    // MARK: - Views for rendering

    /// The request and what its rendering needs, resolved now.
    mutating func signRequestView(core: isolated ServerState, _ request: SignRequestRecord, for principal: Principal) -> SignRequestView {
        SignRequestView(
            record: request, sourceFiles: request.sourceFileIds.map { core.mini(.file($0)) },
            parentFolder: core.mini(.folder(request.parentFolderId)),
            signFiles: request.signFileIds.map { core.mini(.file($0)) },
            signingLog: request.signingLogId.map { core.mini(.file($0)) },
            senderLogin: core.users[request.senderId]?.login, origin: core.origin, viewerIsSender: principal.userId == request.senderId)
    }

    private mutating func signingPage(core: isolated ServerState, _ request: SignRequestRecord, signerIndex: Int) -> SigningPage {
        SigningPage(
            request: request, signer: request.signers[signerIndex],
            documentNames: request.sourceFileIds.compactMap { core.items[.file($0)]?.name },
            senderName: core.users[request.senderId]?.name ?? "", mayAct: signersAwaited(core: core, in: request).contains { SecretComparison.equal($0.token, request.signers[signerIndex].token) })
    }
}

/// What a signer gives on the signing page to prove who they are.
struct SignerProof: Sendable {
    /// The request's password, when the sender set one.
    var password: String?
    /// The signer's Box login and password, when the sender required a sign-in.
    var login: String?
    var loginPassword: String?
    /// The code texted to the signer's phone.
    var verificationCode: String?

    init(form: [String: String]) {
        password = form["password"]
        login = form["login"]
        loginPassword = form["login_password"]
        verificationCode = form["verification_code"]
    }
}
