import BoxLikeJSON
import Foundation

/// An email domain the enterprise allows collaborating with.
struct AllowlistEntryRecord: Sendable {
    var id: String
    var domain: String
    var direction: String
    var createdAt: Date
}

/// A user exempt from the collaboration domain restrictions.
struct AllowlistExemptionRecord: Sendable {
    var id: String
    var userId: String
    var createdAt: Date
}

/// The collaboration allowlist: once the enterprise lists a domain, invitations to
/// addresses of other domains are refused unless the inviter is exempt.
extension ServerState {
    private func requireAdmin(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may manage the collaboration allowlist.")
        }
    }

    func allowlistEntries(principal: Principal) throws -> [AllowlistEntryView] {
        try requireAdmin(principal)
        return self[area: AllowlistState.self].allowlistEntries.values.sorted { ($0.domain, $0.id) < ($1.domain, $1.id) }.map { view(of: $0) }
    }

    func addAllowlistEntry(domain: String, direction: String, principal: Principal) throws -> AllowlistEntryView {
        try requireAdmin(principal)
        let normalized = domain.lowercased().trimmingCharacters(in: .whitespaces)
        guard normalized.contains("."), !normalized.contains("@"), !normalized.contains(" ") else {
            throw ServerErrorResponse.badRequest("domain must be a domain name such as example.com")
        }
        guard ["inbound", "outbound", "both"].contains(direction) else {
            throw ServerErrorResponse.badRequest("direction must be inbound, outbound or both")
        }
        guard !self[area: AllowlistState.self].allowlistEntries.values.contains(where: { $0.domain == normalized }) else {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The domain is already allowed")
        }
        let entry = AllowlistEntryRecord(id: newId(), domain: normalized, direction: direction, createdAt: currentTime)
        self[area: AllowlistState.self].allowlistEntries[entry.id] = entry
        return view(of: entry)
    }

    func allowlistEntry(_ id: String, principal: Principal) throws -> AllowlistEntryView {
        try requireAdmin(principal)
        guard let entry = self[area: AllowlistState.self].allowlistEntries[id] else { throw ServerErrorResponse.notFound("collaboration_whitelist_entry") }
        return view(of: entry)
    }

    func removeAllowlistEntry(_ id: String, principal: Principal) throws {
        _ = try allowlistEntry(id, principal: principal)
        self[area: AllowlistState.self].allowlistEntries[id] = nil
    }

    func allowlistExemptions(principal: Principal) throws -> [AllowlistExemptionView] {
        try requireAdmin(principal)
        return self[area: AllowlistState.self].allowlistExemptions.values.sorted { $0.id < $1.id }.map { view(of: $0) }
    }

    func exemptFromAllowlist(userId: String, principal: Principal) throws -> AllowlistExemptionView {
        try requireAdmin(principal)
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard !self[area: AllowlistState.self].allowlistExemptions.values.contains(where: { $0.userId == userId }) else {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The user is already exempt")
        }
        let exemption = AllowlistExemptionRecord(id: newId(), userId: userId, createdAt: currentTime)
        self[area: AllowlistState.self].allowlistExemptions[exemption.id] = exemption
        return view(of: exemption)
    }

    func allowlistExemption(_ id: String, principal: Principal) throws -> AllowlistExemptionView {
        try requireAdmin(principal)
        guard let exemption = self[area: AllowlistState.self].allowlistExemptions[id] else { throw ServerErrorResponse.notFound("collaboration_whitelist_exempt_target") }
        return view(of: exemption)
    }

    func removeAllowlistExemption(_ id: String, principal: Principal) throws {
        _ = try allowlistExemption(id, principal: principal)
        self[area: AllowlistState.self].allowlistExemptions[id] = nil
    }

    /// Refuses an invitation to `email` when the allowlist is in force and does not cover
    /// its domain, unless the inviter is exempt.
    func checkAllowlist(inviting email: String, by userId: String) throws {
        guard !self[area: AllowlistState.self].allowlistEntries.isEmpty, !self[area: AllowlistState.self].allowlistExemptions.values.contains(where: { $0.userId == userId }) else { return }
        let domain = email.split(separator: "@").last.map { $0.lowercased() } ?? ""
        let allowed = self[area: AllowlistState.self].allowlistEntries.values.contains { entry in
            entry.direction != "inbound" && (domain == entry.domain || domain.hasSuffix("." + entry.domain))
        }
        guard allowed else {
            throw ServerErrorResponse.forbidden("Collaborating with \(domain) is not allowed by the enterprise.", code: "collaboration_not_allowed")
        }
    }

    private func view(of entry: AllowlistEntryRecord) -> AllowlistEntryView {
        AllowlistEntryView(entry: entry, enterprise: ["type": "enterprise", "id": .string(enterpriseId), "name": .string(enterpriseName)])
    }

    private func view(of exemption: AllowlistExemptionRecord) -> AllowlistExemptionView {
        AllowlistExemptionView(exemption: exemption, user: userMini(exemption.userId))
    }
}
