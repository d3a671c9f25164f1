import BoxLikeJSON
import Foundation

/// Box Sign templates. Box users make templates in its web app; the server seeds two for
/// each user the first time their templates are asked for, with their documents in a
/// `My Sign Templates` folder, as Box keeps them.
extension SignTemplatesState {
    /// The templates Box's web app would have made: name, document and text, signer roles.
    private static let seededTemplates: [(name: String, document: String, text: String, roles: [SignTemplateRecord.Role])] = [
        ("Mutual NDA", "Mutual NDA.txt",
         "Mutual non-disclosure agreement\nParty A: the sender\nParty B: the signer\nTerm: 2 years\n",
         [.init(role: .signer, label: "Counterparty", order: 0)]),
        ("Offer letter", "Offer letter.txt",
         "Offer of employment\nPosition: Engineer\nStart date: 2026-01-05\nSalary: 100000\n",
         [.init(role: .approver, label: "Hiring manager", order: 0), .init(role: .signer, label: "Candidate", order: 1)]),
    ]

    /// Gives the user their seeded templates once.
    private mutating func seedSignTemplates(core: isolated ServerState, for userId: String) {
        guard !self.seededUsers.contains(userId), let user = core.users[userId] else { return }
        self.seededUsers.insert(userId)
        let folder = core.children(of: user.rootFolderId).first { $0.type == .folder && $0.name == "My Sign Templates" }
            ?? core.makeFolder(name: "My Sign Templates", parentId: user.rootFolderId, actor: userId)
        for seed in Self.seededTemplates {
            let document = core.children(of: folder.id).first { $0.name == seed.document }
                ?? core.makeFile(name: seed.document, parentId: folder.id, actor: userId, content: StoredContent(bytes: Array(seed.text.utf8)))
            let template = SignTemplateRecord(
                id: UUID().uuidString.lowercased(), ownerId: userId, name: seed.name, emailSubject: "Please sign \(seed.name)",
                emailMessage: "\(user.name) sent you \(seed.name) to sign.", daysValid: 30, parentFolderId: folder.id,
                sourceFileIds: [document.id], roles: seed.roles)
            self.templates[template.id] = template
        }
    }

    /// The caller's templates, by name.
    mutating func signTemplates(core: isolated ServerState, principal: Principal) -> [SignTemplateView] {
        seedSignTemplates(core: core, for: principal.userId)
        return self.templates.values
            .filter { $0.ownerId == principal.userId }
            .sorted { ($0.name, $0.id) < ($1.name, $1.id) }
            .map { signTemplateView(core: core, $0) }
    }

    mutating func signTemplate(core: isolated ServerState, _ id: String, principal: Principal) throws -> SignTemplateRecord {
        seedSignTemplates(core: core, for: principal.userId)
        guard let template = self.templates[id], template.ownerId == principal.userId else {
            throw ServerErrorResponse.notFound("sign_template")
        }
        return template
    }

    mutating func signTemplateView(core: isolated ServerState, _ id: String, principal: Principal) throws -> SignTemplateView {
        signTemplateView(core: core, try signTemplate(core: core, id, principal: principal))
    }

    private mutating func signTemplateView(core: isolated ServerState, _ template: SignTemplateRecord) -> SignTemplateView {
        SignTemplateView(
            record: template, parentFolder: core.mini(.folder(template.parentFolderId)),
            sourceFiles: template.sourceFileIds.map { core.mini(.file($0)) })
    }
}
