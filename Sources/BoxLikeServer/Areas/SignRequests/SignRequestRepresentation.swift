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
            "days_valid": request.daysValid.map(JSONValue.int) ?? .null,
            "source_files": .array(view.sourceFiles), "parent_folder": view.parentFolder,
            "signers": .array(request.signers.map { signer(render: $0, origin: view.origin) }),
            "sign_files": ["files": .array(view.signedFiles), "is_ready_for_download": .bool(request.status == .signed)],
            "signing_log": view.signingLog ?? .null,
            "name": .optional(request.name), "email_subject": .optional(request.emailSubject),
            "email_message": .optional(request.emailMessage), "external_id": .optional(request.externalId),
            "external_system_name": .optional(request.externalSystemName), "template_id": .optional(request.templateId),
            "redirect_url": .optional(request.redirectUrl), "declined_redirect_url": .optional(request.declinedRedirectUrl),
            "are_reminders_enabled": .bool(request.areRemindersEnabled),
            "are_text_signatures_enabled": .bool(request.areTextSignaturesEnabled),
            "is_document_preparation_needed": .bool(request.isDocumentPreparationNeeded),
            "prepare_url": request.isDocumentPreparationNeeded && request.status.isUnfinished
                ? .string("\(view.origin)/sign/prepare/\(request.id)") : .null,
            "signature_color": .optional(request.signatureColor), "request_flow": .optional(request.requestFlow),
            "prefill_tags": .array(request.prefillTags), "collaborator_level": "editor",
            "sender_email": .optional(view.senderLogin), "sender_id": Int(request.senderId).map(JSONValue.int) ?? .null,
            "error_code": request.status == .errorFinalizing ? "parent_folder_unavailable" : .null,
        ]
        if request.status == .converting { object["sign_files"] = ["files": [], "is_ready_for_download": false] }
        return .object(object)
    }

    /// A signer as Box shows them: never their password or signing token, and an embed URL
    /// only for an embedded signer.
    static func signer(render signer: SignerRecord, origin: String) -> JSONValue {
        let embedded = signer.embedUrlExternalUserId != nil && signer.role != .finalCopyReader
        return [
            "email": .string(signer.email), "role": .string(signer.role.rawValue), "is_in_person": .bool(signer.isInPerson),
            "order": .int(signer.order), "embed_url_external_user_id": .optional(signer.embedUrlExternalUserId),
            "redirect_url": .optional(signer.redirectUrl), "declined_redirect_url": .optional(signer.declinedRedirectUrl),
            "login_required": .bool(signer.loginRequired), "verification_phone_number": .optional(signer.verificationPhoneNumber),
            "password": .null, "signer_group_id": .optional(signer.signerGroupId),
            "suppress_notifications": .bool(signer.suppressNotifications), "language": .optional(signer.language),
            "has_viewed_document": .bool(signer.hasViewedDocument),
            "signer_decision": signer.decision.map { decision in
                ["type": .string(decision.rawValue), "finalized_at": Timestamp.json(signer.finalizedAt),
                 "additional_info": .optional(signer.additionalInfo)]
            } ?? .null,
            "inputs": [], "attachments": [],
            "embed_url": embedded ? .string("\(origin)/sign/\(signer.token)") : .null,
            "iframeable_embed_url": embedded ? .string("\(origin)/sign/\(signer.token)?iframeable=true") : .null,
        ]
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
            let password = page.signer.password == nil ? "" : "<input type=\"password\" name=\"password\">"
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
