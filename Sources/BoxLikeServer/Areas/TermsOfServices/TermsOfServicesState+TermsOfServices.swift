import BoxLikeJSON
import Foundation

/// Terms of service and users' acceptance of them. Admins (and the service account) write
/// terms and anyone's status; every user of the enterprise reads the terms and answers them
/// for themselves.
extension TermsOfServicesState {
    private var termsState: TermsOfServicesState {
        get { self }
        _modify { yield &self }
    }

    static let termsTypes: Set<String> = ["managed", "external"]
    static let termsStatuses: Set<String> = ["enabled", "disabled"]

    private mutating func requireTermsAdministrator(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage terms of service.")
        }
    }

    /// Creates the enterprise's terms of one type; a second of the same type is `409`.
    mutating func createTermsOfService(core: isolated ServerState, status: String, tosType: String?, text: String, principal: Principal) throws -> TermsOfServiceRecord {
        try requireTermsAdministrator(core: core, principal)
        let type = tosType ?? "managed"
        guard Self.termsTypes.contains(type) else { throw ServerErrorResponse.badRequest("tos_type must be managed or external") }
        guard Self.termsStatuses.contains(status) else { throw ServerErrorResponse.badRequest("status must be enabled or disabled") }
        if termsState.terms.values.contains(where: { $0.tosType == type }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The enterprise already has terms of service of that type")
        }
        let now = core.currentTime
        let terms = TermsOfServiceRecord(id: core.newId(), tosType: type, status: status, text: text, createdAt: now, modifiedAt: now)
        termsState.terms[terms.id] = terms
        return terms
    }

    mutating func updateTermsOfService(core: isolated ServerState, _ id: String, status: String, text: String, principal: Principal) throws -> TermsOfServiceRecord {
        try requireTermsAdministrator(core: core, principal)
        guard var terms = termsState.terms[id] else { throw ServerErrorResponse.notFound("terms_of_service") }
        guard Self.termsStatuses.contains(status) else { throw ServerErrorResponse.badRequest("status must be enabled or disabled") }
        terms.status = status
        terms.text = text
        terms.modifiedAt = core.currentTime
        termsState.terms[id] = terms
        return terms
    }

    mutating func termsOfService(core: isolated ServerState, _ id: String, principal: Principal) throws -> TermsOfServiceRecord {
        guard core.users[principal.userId] != nil, let terms = termsState.terms[id] else { throw ServerErrorResponse.notFound("terms_of_service") }
        return terms
    }

    mutating func termsOfServices(core: isolated ServerState, tosType: String?, principal: Principal) throws -> [TermsOfServiceRecord] {
        if let tosType, !Self.termsTypes.contains(tosType) { throw ServerErrorResponse.badRequest("tos_type must be managed or external") }
        return termsState.terms.values.filter { tosType == nil || $0.tosType == tosType }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    // MARK: - User statuses

    /// Records a user's answer to terms; users answer for themselves, admins for anyone.
    /// A second status for the same user and terms is `409` (change it with `PUT`).
    mutating func createTermsOfServiceUserStatus(core: isolated ServerState, tosId: String, userId: String, isAccepted: Bool, principal: Principal)
        throws -> (TermsOfServiceUserStatusRecord, UserMinis) {
        guard termsState.terms[tosId] != nil else { throw ServerErrorResponse.notFound("terms_of_service") }
        guard core.users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Users may only answer terms of service for themselves.")
        }
        if termsState.userStatuses.values.contains(where: { $0.tosId == tosId && $0.userId == userId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The user already has a status for these terms of service")
        }
        let now = core.currentTime
        let status = TermsOfServiceUserStatusRecord(
            id: core.newId(), tosId: tosId, userId: userId, isAccepted: isAccepted, createdAt: now, modifiedAt: now)
        termsState.userStatuses[status.id] = status
        recordTermsOfServiceAnswer(core: core, status, by: principal.userId)
        return (status, core.userMinis([userId]))
    }

    mutating func updateTermsOfServiceUserStatus(core: isolated ServerState, _ id: String, isAccepted: Bool, principal: Principal)
        throws -> (TermsOfServiceUserStatusRecord, UserMinis) {
        guard var status = termsState.userStatuses[id] else { throw ServerErrorResponse.notFound("terms_of_service_user_status") }
        guard status.userId == principal.userId || core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Users may only answer terms of service for themselves.")
        }
        status.isAccepted = isAccepted
        status.modifiedAt = core.currentTime
        termsState.userStatuses[id] = status
        recordTermsOfServiceAnswer(core: core, status, by: principal.userId)
        return (status, core.userMinis([status.userId]))
    }

    /// Records a user's answer in the admin logs (`TERMS_OF_SERVICE_ACCEPT` or `..._REJECT`),
    /// with the user as the event's source.
    private mutating func recordTermsOfServiceAnswer(core: isolated ServerState, _ status: TermsOfServiceUserStatusRecord, by actor: String) {
        var details: [String: JSONValue] = ["terms_of_service_id": .string(status.tosId)]
        details["tos_type"] = termsState.terms[status.tosId].map { .string($0.tosType) }
        core.recordEvent(status.isAccepted ? "TERMS_OF_SERVICE_ACCEPT" : "TERMS_OF_SERVICE_REJECT", by: actor, source: nil,
                    aboutUser: core.users[status.userId], enterpriseOnly: true, details: .object(details))
    }

    /// The statuses of one terms of service, of one user when `userId` is given; users see
    /// their own, admins everyone's.
    mutating func termsOfServiceUserStatuses(core: isolated ServerState, tosId: String, userId: String?, principal: Principal)
        throws -> ([TermsOfServiceUserStatusRecord], UserMinis) {
        guard termsState.terms[tosId] != nil else { throw ServerErrorResponse.notFound("terms_of_service") }
        let admin = core.isEnterpriseAdmin(principal)
        guard admin || userId == principal.userId else {
            throw ServerErrorResponse.forbidden("Only admins may see other users' terms of service statuses.")
        }
        let statuses = termsState.userStatuses.values.filter { $0.tosId == tosId && (userId == nil || $0.userId == userId) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (statuses, core.userMinis(statuses.map { $0.userId }))
    }
}
