import BoxLikeJSON
import Foundation

/// Terms of service and users' acceptance of them. Admins (and the service account) write
/// terms and anyone's status; every user of the enterprise reads the terms and answers them
/// for themselves.
extension ServerState {
    private var termsState: TermsOfServicesState {
        get { self[area: TermsOfServicesState.self] }
        _modify { yield &self[area: TermsOfServicesState.self] }
    }

    static let termsTypes: Set<String> = ["managed", "external"]
    static let termsStatuses: Set<String> = ["enabled", "disabled"]

    /// The enterprise as terms of service show it.
    var termsEnterprise: JSONValue {
        ["type": "enterprise", "id": .string(enterpriseId), "name": .string(enterpriseName)]
    }

    private func requireTermsAdministrator(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage terms of service.")
        }
    }

    /// Creates the enterprise's terms of one type; a second of the same type is `409`.
    func createTermsOfService(status: String, tosType: String?, text: String, principal: Principal) throws -> TermsOfServiceRecord {
        try requireTermsAdministrator(principal)
        let type = tosType ?? "managed"
        guard Self.termsTypes.contains(type) else { throw ServerErrorResponse.badRequest("tos_type must be managed or external") }
        guard Self.termsStatuses.contains(status) else { throw ServerErrorResponse.badRequest("status must be enabled or disabled") }
        if termsState.terms.values.contains(where: { $0.tosType == type }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The enterprise already has terms of service of that type")
        }
        let now = currentTime
        let terms = TermsOfServiceRecord(id: newId(), tosType: type, status: status, text: text, createdAt: now, modifiedAt: now)
        termsState.terms[terms.id] = terms
        return terms
    }

    func updateTermsOfService(_ id: String, status: String, text: String, principal: Principal) throws -> TermsOfServiceRecord {
        try requireTermsAdministrator(principal)
        guard var terms = termsState.terms[id] else { throw ServerErrorResponse.notFound("terms_of_service") }
        guard Self.termsStatuses.contains(status) else { throw ServerErrorResponse.badRequest("status must be enabled or disabled") }
        terms.status = status
        terms.text = text
        terms.modifiedAt = currentTime
        termsState.terms[id] = terms
        return terms
    }

    func termsOfService(_ id: String, principal: Principal) throws -> TermsOfServiceRecord {
        guard users[principal.userId] != nil, let terms = termsState.terms[id] else { throw ServerErrorResponse.notFound("terms_of_service") }
        return terms
    }

    func termsOfServices(tosType: String?, principal: Principal) throws -> [TermsOfServiceRecord] {
        if let tosType, !Self.termsTypes.contains(tosType) { throw ServerErrorResponse.badRequest("tos_type must be managed or external") }
        return termsState.terms.values.filter { tosType == nil || $0.tosType == tosType }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    // MARK: - User statuses

    /// Records a user's answer to terms; users answer for themselves, admins for anyone.
    /// A second status for the same user and terms is `409` (change it with `PUT`).
    func createTermsOfServiceUserStatus(tosId: String, userId: String, isAccepted: Bool, principal: Principal)
        throws -> (TermsOfServiceUserStatusRecord, UserMinis) {
        guard termsState.terms[tosId] != nil else { throw ServerErrorResponse.notFound("terms_of_service") }
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Users may only answer terms of service for themselves.")
        }
        if termsState.userStatuses.values.contains(where: { $0.tosId == tosId && $0.userId == userId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The user already has a status for these terms of service")
        }
        let now = currentTime
        let status = TermsOfServiceUserStatusRecord(
            id: newId(), tosId: tosId, userId: userId, isAccepted: isAccepted, createdAt: now, modifiedAt: now)
        termsState.userStatuses[status.id] = status
        recordTermsOfServiceAnswer(status, by: principal.userId)
        return (status, userMinis([userId]))
    }

    func updateTermsOfServiceUserStatus(_ id: String, isAccepted: Bool, principal: Principal)
        throws -> (TermsOfServiceUserStatusRecord, UserMinis) {
        guard var status = termsState.userStatuses[id] else { throw ServerErrorResponse.notFound("terms_of_service_user_status") }
        guard status.userId == principal.userId || isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Users may only answer terms of service for themselves.")
        }
        status.isAccepted = isAccepted
        status.modifiedAt = currentTime
        termsState.userStatuses[id] = status
        recordTermsOfServiceAnswer(status, by: principal.userId)
        return (status, userMinis([status.userId]))
    }

    /// Records a user's answer in the admin logs (`TERMS_OF_SERVICE_ACCEPT` or `..._REJECT`),
    /// with the user as the event's source.
    private func recordTermsOfServiceAnswer(_ status: TermsOfServiceUserStatusRecord, by actor: String) {
        var details: [String: JSONValue] = ["terms_of_service_id": .string(status.tosId)]
        details["tos_type"] = termsState.terms[status.tosId].map { .string($0.tosType) }
        recordEvent(status.isAccepted ? "TERMS_OF_SERVICE_ACCEPT" : "TERMS_OF_SERVICE_REJECT", by: actor, source: nil,
                    aboutUser: users[status.userId], enterpriseOnly: true, details: .object(details))
    }

    /// The statuses of one terms of service, of one user when `userId` is given; users see
    /// their own, admins everyone's.
    func termsOfServiceUserStatuses(tosId: String, userId: String?, principal: Principal)
        throws -> ([TermsOfServiceUserStatusRecord], UserMinis) {
        guard termsState.terms[tosId] != nil else { throw ServerErrorResponse.notFound("terms_of_service") }
        let admin = isEnterpriseAdmin(principal)
        guard admin || userId == principal.userId else {
            throw ServerErrorResponse.forbidden("Only admins may see other users' terms of service statuses.")
        }
        let statuses = termsState.userStatuses.values.filter { $0.tosId == tosId && (userId == nil || $0.userId == userId) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (statuses, userMinis(statuses.map { $0.userId }))
    }
}
