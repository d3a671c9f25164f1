import BoxLikeJSON
import Foundation

/// A sign request with everything its rendering needs, resolved inside the state actor.
struct SignRequestView: Sendable {
    var record: SignRequestRecord
    var sourceFiles: [JSONValue]
    var parentFolder: JSONValue
    var signedFiles: [JSONValue]
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
        let ready = request.status == .signed
        object["sign_files"] = ["files": .array(view.signedFiles), "is_ready_for_download": .bool(ready)]
        object["signing_log"] = view.signingLog ?? .null
        let texts: [String: String?] = [
            "name": request.name, "email_subject": request.emailSubject, "email_message": request.emailMessage,
            "external_id": request.externalId, "external_system_name": request.externalSystemName,
            "template_id": request.templateId, "redirect_url": request.redirectUrl,
            "declined_redirect_url": request.declinedRedirectUrl, "signature_color": request.signatureColor,
            "request_flow": request.requestFlow, "sender_email": view.senderLogin,
        ]
        for (key, value) in texts { object[key] = .optional(value) }
        object["are_reminders_enabled"] = .bool(request.areRemindersEnabled)
        object["are_text_signatures_enabled"] = .bool(request.areTextSignaturesEnabled)
        object["is_document_preparation_needed"] = .bool(request.isDocumentPreparationNeeded)
        let preparing = request.isDocumentPreparationNeeded && request.status.isUnfinished
        object["prepare_url"] = preparing ? .string("\(view.origin)/sign/prepare/\(request.id)") : .null
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
        for (key, value) in texts { object[key] = .optional(value) }
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

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
