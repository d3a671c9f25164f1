import Foundation

/// A Box Sign template: documents and signer roles a sign request can start from.
struct SignTemplateRecord: Sendable {
    /// A role the template's documents have fields for; a request fills it with an email.
    struct Role: Sendable {
        var role: SignerRecord.Role
        var label: String
        var order: Int
    }

    var id: String
    var ownerId: String
    var name: String
    var emailSubject: String
    var emailMessage: String
    var daysValid: Int
    /// The API id of the folder holding the template's documents.
    var parentFolderId: String
    var sourceFileIds: [String]
    var roles: [Role]
}

/// The sign templates there are, by id; each user's are seeded on first use.
struct SignTemplatesState: AreaState {
    var templates: [String: SignTemplateRecord] = [:]
    var seededUsers: Set<String> = []
}
