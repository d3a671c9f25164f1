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
extension AllowlistState {
    private mutating func requireAdmin(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may manage the collaboration allowlist.")
        }
    }

    mutating func allowlistEntries(core: isolated ServerState, principal: Principal) throws -> [AllowlistEntryView] {
        try requireAdmin(core: core, principal)
        return self.allowlistEntries.values.sorted { ($0.domain, $0.id) < ($1.domain, $1.id) }.map { view(core: core, of: $0) }
    }

    mutating func addAllowlistEntry(core: isolated ServerState, domain: String, direction: String, principal: Principal) throws -> AllowlistEntryView {
        try requireAdmin(core: core, principal)
        let normalized = domain.lowercased().trimmingCharacters(in: .whitespaces)
        guard normalized.contains("."), !normalized.contains("@"), !normalized.contains(" ") else {
            throw ServerErrorResponse.badRequest("domain must be a domain name such as example.com")
        }
        guard ["inbound", "outbound", "both"].contains(direction) else {
            throw ServerErrorResponse.badRequest("direction must be inbound, outbound or both")
        }
        guard !self.allowlistEntries.values.contains(where: { $0.domain == normalized }) else {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The domain is already allowed")
        }
        let entry = AllowlistEntryRecord(id: core.newId(), domain: normalized, direction: direction, createdAt: core.currentTime)
        self.allowlistEntries[entry.id] = entry
        return view(core: core, of: entry)
    }

    mutating func allowlistEntry(core: isolated ServerState, _ id: String, principal: Principal) throws -> AllowlistEntryView {
        try requireAdmin(core: core, principal)
        guard let entry = self.allowlistEntries[id] else { throw ServerErrorResponse.notFound("collaboration_whitelist_entry") }
        return view(core: core, of: entry)
    }

    mutating func removeAllowlistEntry(core: isolated ServerState, _ id: String, principal: Principal) throws {
        _ = try allowlistEntry(core: core, id, principal: principal)
        self.allowlistEntries[id] = nil
    }

    mutating func allowlistExemptions(core: isolated ServerState, principal: Principal) throws -> [AllowlistExemptionView] {
        try requireAdmin(core: core, principal)
        return self.allowlistExemptions.values.sorted { $0.id < $1.id }.map { view(core: core, of: $0) }
    }

    mutating func exemptFromAllowlist(core: isolated ServerState, userId: String, principal: Principal) throws -> AllowlistExemptionView {
        try requireAdmin(core: core, principal)
        guard core.users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard !self.allowlistExemptions.values.contains(where: { $0.userId == userId }) else {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The user is already exempt")
        }
        let exemption = AllowlistExemptionRecord(id: core.newId(), userId: userId, createdAt: core.currentTime)
        self.allowlistExemptions[exemption.id] = exemption
        return view(core: core, of: exemption)
    }

    mutating func allowlistExemption(core: isolated ServerState, _ id: String, principal: Principal) throws -> AllowlistExemptionView {
        try requireAdmin(core: core, principal)
        guard let exemption = self.allowlistExemptions[id] else { throw ServerErrorResponse.notFound("collaboration_whitelist_exempt_target") }
        return view(core: core, of: exemption)
    }

    mutating func removeAllowlistExemption(core: isolated ServerState, _ id: String, principal: Principal) throws {
        _ = try allowlistExemption(core: core, id, principal: principal)
        self.allowlistExemptions[id] = nil
    }

    /// Refuses an invitation to `email` when the allowlist is in force and does not cover
    /// its domain, unless the inviter is exempt.
    mutating func checkAllowlist(core: isolated ServerState, inviting email: String, by userId: String) throws {
        guard !self.allowlistEntries.isEmpty, !self.allowlistExemptions.values.contains(where: { $0.userId == userId }) else { return }
        let domain = email.split(separator: "@").last.map { $0.lowercased() } ?? ""
        let allowed = self.allowlistEntries.values.contains { entry in
            entry.direction != "inbound" && (domain == entry.domain || domain.hasSuffix("." + entry.domain))
        }
        guard allowed else {
            throw ServerErrorResponse.forbidden("Collaborating with \(domain) is not allowed by the enterprise.", code: "collaboration_not_allowed")
        }
    }

    private mutating func view(core: isolated ServerState, of entry: AllowlistEntryRecord) -> AllowlistEntryView {
        AllowlistEntryView(entry: entry, enterprise: enterprise(core: core))
    }

    private mutating func view(core: isolated ServerState, of exemption: AllowlistExemptionRecord) -> AllowlistExemptionView {
        AllowlistExemptionView(exemption: exemption, user: core.userMini(exemption.userId), enterprise: enterprise(core: core))
    }

    /// The enterprise the allowlist belongs to, as its entries and exemptions name it.
    private func enterprise(core: isolated ServerState) -> JSONValue {
        ["type": "enterprise", "id": .string(core.enterpriseId), "name": .string(core.enterpriseName)]
    }
}
