import BoxLikeJSON
import Foundation

/// A template with the minis its rendering needs.
struct SignTemplateView: Sendable {
    var record: SignTemplateRecord
    var parentFolder: JSONValue
    var sourceFiles: [JSONValue]
}

/// The JSON of sign templates, rendered outside the state actor.
enum SignTemplateRepresentation {
    static func render(_ view: SignTemplateView) -> JSONValue {
        let template = view.record
        return [
            "type": "sign-template", "id": .string(template.id), "name": .string(template.name),
            "email_subject": .string(template.emailSubject), "email_message": .string(template.emailMessage),
            "days_valid": .int(template.daysValid), "parent_folder": view.parentFolder, "source_files": .array(view.sourceFiles),
            "are_fields_locked": false, "are_options_locked": false, "are_recipients_locked": false,
            "are_email_settings_locked": false, "are_files_locked": false,
            "signers": .array(template.roles.map { role in
                [
                    "email": "", "label": .string(role.label), "role": .string(role.role.rawValue), "is_in_person": false,
                    "order": .int(role.order), "inputs": [], "signer_group_id": .null, "public_id": .string("\(template.id)-\(role.order)"),
                    "is_password_required": false, "is_phone_number_required": false, "login_required": false,
                ]
            }),
            "additional_info": ["non_editable": [], "required": ["signers": []]],
            "ready_sign_link": .null, "custom_branding": .null, "request_flow": .null,
        ]
    }
}
