import BoxLikeJSON
import Foundation

/// A sign request with everything its rendering needs, resolved inside the state actor.
struct SignRequestView: Sendable {
    var record: SignRequestRecord
    var sourceFiles: [JSONValue]
    var parentFolder: JSONValue
    /// The prepared copies (``SignRequestRecord/signFileIds``).
    var signFiles: [JSONValue]
    var signingLog: JSONValue?
    var senderLogin: String?
    var origin: String
    /// Whether the caller sent the request: only the sender sees embedded signers' links.
    var viewerIsSender: Bool
}

/// What a signing link shows one signer.
struct SigningPage: Sendable {
    var request: SignRequestRecord
    var signer: SignerRecord
    var documentNames: [String]
    var senderName: String
    /// Whether the signer can sign or decline now.
    var mayAct: Bool
}

/// What the sender's preparation page (`prepare_url`) shows.
struct SignPreparationPage: Sendable {
    var request: SignRequestRecord
    /// The prepared copies' names.
    var documentNames: [String]
    /// Who will be asked to sign or approve.
    var signerEmails: [String]
}

/// The JSON of sign requests, rendered outside the state actor.
enum SignRequestRepresentation {
    static func render(_ view: SignRequestView) -> JSONValue {
        let request = view.record
        var object: [String: JSONValue] = [
            "type": "sign-request", "id": .string(request.id), "short_id": .string(request.shortId),
            "status": .string(request.status.rawValue), "created_at": Timestamp.json(request.createdAt),
            "finished_at": Timestamp.json(request.finishedAt), "auto_expire_at": Timestamp.json(request.autoExpireAt),
        ]
        object["days_valid"] = request.daysValid.map(JSONValue.int) ?? .null
        object["source_files"] = .array(view.sourceFiles)
        object["parent_folder"] = view.parentFolder
        object["signers"] = .array(request.signers.map { signer($0, origin: view.origin, showingEmbedLinks: view.viewerIsSender) })
        // The prepared copies exist from the start; they can be downloaded once converted.
        let ready = request.status != .converting
        object["sign_files"] = ["files": .array(view.signFiles), "is_ready_for_download": .bool(ready)]
        // Box describes the signing log as an object: a request without one yet leaves it out.
        if let log = view.signingLog { object["signing_log"] = log }
        let texts: [String: String?] = [
            "name": request.name, "email_subject": request.emailSubject, "email_message": request.emailMessage,
            "external_id": request.externalId, "external_system_name": request.externalSystemName,
            "template_id": request.templateId, "redirect_url": request.redirectUrl,
            "declined_redirect_url": request.declinedRedirectUrl, "signature_color": request.signatureColor,
            "request_flow": request.requestFlow, "sender_email": view.senderLogin,
        ]
        // A text the request does not have is left out (`name` is not nullable in Box's description).
        for (key, value) in texts { if let value { object[key] = .string(value) } }
        object["are_reminders_enabled"] = .bool(request.areRemindersEnabled)
        object["are_text_signatures_enabled"] = .bool(request.areTextSignaturesEnabled)
        object["is_document_preparation_needed"] = .bool(request.isDocumentPreparationNeeded)
        // The preparation page is the sender's: anyone holding its link could send the request.
        let preparing = request.status == .converting || request.status == .created
        let prepareURL = request.prepareToken.flatMap { preparing && view.viewerIsSender ? "\(view.origin)/sign/prepare/\($0)" : nil }
        object["prepare_url"] = .optional(prepareURL)
        object["prefill_tags"] = .array(request.prefillTags)
        object["collaborator_level"] = "editor"
        object["sender_id"] = Int(request.senderId).map(JSONValue.int) ?? .null
        object["error_code"] = request.status == .errorFinalizing ? .string("parent_folder_unavailable") : .null
        return .object(object)
    }

    /// A signer as Box shows them: never their password or signing token, and an embed URL
    /// only for an embedded signer and only to the request's sender (anyone holding it could
    /// sign in the signer's place).
    static func signer(_ signer: SignerRecord, origin: String, showingEmbedLinks: Bool) -> JSONValue {
        let embedded = showingEmbedLinks && signer.embedUrlExternalUserId != nil && signer.role != .finalCopyReader
        var object: [String: JSONValue] = [
            "email": .string(signer.email), "role": .string(signer.role.rawValue), "is_in_person": .bool(signer.isInPerson),
            "order": .int(signer.order), "login_required": .bool(signer.loginRequired), "password": .null,
            "suppress_notifications": .bool(signer.suppressNotifications), "has_viewed_document": .bool(signer.hasViewedDocument),
            "inputs": [], "attachments": [],
        ]
        let texts: [String: String?] = [
            "embed_url_external_user_id": signer.embedUrlExternalUserId, "redirect_url": signer.redirectUrl,
            "declined_redirect_url": signer.declinedRedirectUrl, "verification_phone_number": signer.verificationPhoneNumber,
            "signer_group_id": signer.signerGroupId, "language": signer.language,
        ]
        // A text the signer does not have is left out.
        for (key, value) in texts { if let value { object[key] = .string(value) } }
        if let decision = signer.decision {
            object["signer_decision"] = [
                "type": .string(decision.rawValue), "finalized_at": Timestamp.json(signer.finalizedAt),
                "additional_info": .optional(signer.additionalInfo),
            ]
        } else {
            object["signer_decision"] = .null
        }
        object["embed_url"] = embedded ? .string("\(origin)/sign/\(signer.token)") : .null
        object["iframeable_embed_url"] = embedded ? .string("\(origin)/sign/\(signer.token)?iframeable=true") : .null
        return .object(object)
    }

    /// The signing page: the documents, and a form to sign or decline while the signer may.
    static func page(_ page: SigningPage, token: String, message: String? = nil) -> String {
        let documents = page.documentNames.map { "<li>\(escape($0))</li>" }.joined()
        var html = """
            <!doctype html><html><head><title>BoxLike Sign</title></head><body>
            <h1>\(escape(page.request.name ?? "Documents to sign"))</h1>
            <p>\(escape(page.senderName)) asks \(escape(page.signer.email)) to \(page.signer.role == .approver ? "approve" : "sign"):</p>
            <ul>\(documents)</ul>
            <p id="status" data-status="\(page.request.status.rawValue)" data-decision="\(page.signer.decision?.rawValue ?? "")">\
            Request status: \(page.request.status.rawValue)</p>
            """
        if let message { html += "<p id=\"message\">\(escape(message))</p>" }
        if page.mayAct {
            var password = page.signer.password == nil ? "" : "<input type=\"password\" name=\"password\">"
            if page.signer.loginRequired {
                password += "<input name=\"login\"><input type=\"password\" name=\"login_password\">"
            }
            if page.signer.verificationPhoneNumber != nil { password += "<input name=\"verification_code\">" }
            html += """
                <form method="post" action="/sign/\(token)/sign">\(password)<button>Sign</button></form>
                <form method="post" action="/sign/\(token)/decline">\(password)<input name="reason"><button>Decline</button></form>
                """
        }
        return html + "</body></html>"
    }

    /// The sender's preparation page: the prepared documents, the signers, and a button that
    /// sends the request once its documents are converted.
    static func preparationPage(_ page: SignPreparationPage, token: String, message: String? = nil) -> String {
        let documents = page.documentNames.map { "<li>\(escape($0))</li>" }.joined()
        let signers = page.signerEmails.map { "<li>\(escape($0))</li>" }.joined()
        var html = """
            <!doctype html><html><head><title>BoxLike Sign: prepare</title></head><body>
            <h1>Prepare \(escape(page.request.name ?? "the documents"))</h1>
            <ul id="documents">\(documents)</ul>
            <p>Signers:</p><ul id="signers">\(signers)</ul>
            <p id="status" data-status="\(page.request.status.rawValue)">Request status: \(page.request.status.rawValue)</p>
            """
        if let message { html += "<p id=\"message\">\(escape(message))</p>" }
        if page.request.status == .created {
            html += "<form method=\"post\" action=\"/sign/prepare/\(token)/send\"><button>Send</button></form>"
        }
        return html + "</body></html>"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
