import BoxLikeJSON
import Foundation

/// Legal hold policies: enterprise admins create them, rename them and delete them; deleting
/// one starts its release, which completes ``legalHoldReleaseTime`` later (Box answers `202`
/// and releases the held content in the background).
extension LegalHoldsState {
    /// How long a deleted policy takes to release what it holds.
    static let legalHoldReleaseTime: TimeInterval = 60

    /// A policy and what its rendering needs, resolved in one actor call.
    mutating func legalHoldPolicyView(core: isolated ServerState, _ policy: LegalHoldPolicyRecord) -> LegalHoldPolicyView {
        var counts: [String: Int] = [:]
        for assignment in self.assignments.values where assignment.policyId == policy.id {
            counts[assignment.targetType, default: 0] += 1
        }
        return LegalHoldPolicyView(policy: policy, createdBy: core.userMini(policy.createdBy), assignmentCounts: counts)
    }

    mutating func legalHoldPolicies(core: isolated ServerState, named prefix: String?, principal: Principal) throws -> [LegalHoldPolicyView] {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        let lowered = prefix?.lowercased() ?? ""
        return self.policies.values
            .filter { $0.deletedAt == nil && (lowered.isEmpty || $0.name.lowercased().hasPrefix(lowered)) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { legalHoldPolicyView(core: core, $0) }
    }

    mutating func legalHoldPolicy(core: isolated ServerState, _ id: String, principal: Principal) throws -> LegalHoldPolicyView {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        return legalHoldPolicyView(core: core, try existingLegalHoldPolicy(core: core, id))
    }

    mutating func existingLegalHoldPolicy(core: isolated ServerState, _ id: String) throws -> LegalHoldPolicyRecord {
        guard let policy = self.policies[id] else { throw ServerErrorResponse.notFound("legal_hold_policy") }
        return policy
    }

    mutating func createLegalHoldPolicy(core: isolated ServerState, _ body: JSONValue, principal: Principal) throws -> LegalHoldPolicyView {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        let name = try legalHoldPolicyName(core: core, body["policy_name"]?.stringValue, except: nil)
        let started = try Self.optionalDate(body["filter_started_at"], name: "filter_started_at")
        let ended = try Self.optionalDate(body["filter_ended_at"], name: "filter_ended_at")
        let isOngoing = body["is_ongoing"]?.boolValue ?? false
        if !isOngoing && (started == nil || ended == nil) {
            throw ServerErrorResponse.badRequest(
                "filter_started_at and filter_ended_at are required unless is_ongoing is true", code: "bad_request")
        }
        if let started, let ended, ended < started {
            throw ServerErrorResponse.badRequest("filter_ended_at must not be before filter_started_at")
        }
        let now = core.currentTime
        let policy = LegalHoldPolicyRecord(
            id: core.newId(), name: name, description: body["description"]?.stringValue, createdBy: principal.userId,
            createdAt: now, modifiedAt: now, filterStartedAt: started, filterEndedAt: ended,
            filterStartedAtText: started.flatMap { _ in body["filter_started_at"]?.stringValue },
            filterEndedAtText: ended.flatMap { _ in body["filter_ended_at"]?.stringValue }, isOngoing: isOngoing)
        self.policies[policy.id] = policy
        core.recordEvent("LEGAL_HOLD_POLICY_CREATE", by: principal.userId, source: nil, enterpriseOnly: true,
                    details: Self.legalHoldEventDetails(policy))
        return legalHoldPolicyView(core: core, policy)
    }

    mutating func updateLegalHoldPolicy(core: isolated ServerState, _ id: String, body: JSONValue, principal: Principal) throws -> LegalHoldPolicyView {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        var policy = try existingLegalHoldPolicy(core: core, id)
        guard policy.status == .active else {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The legal hold policy is being released.")
        }
        if let name = body["policy_name"]?.stringValue { policy.name = try legalHoldPolicyName(core: core, name, except: id) }
        if let description = body["description"]?.stringValue { policy.description = description }
        if let notes = body["release_notes"]?.stringValue { policy.releaseNotes = notes }
        policy.modifiedAt = core.currentTime
        self.policies[id] = policy
        core.recordEvent("LEGAL_HOLD_POLICY_UPDATE", by: principal.userId, source: nil, enterpriseOnly: true,
                    details: Self.legalHoldEventDetails(policy))
        return legalHoldPolicyView(core: core, policy)
    }

    /// Starts the release of a policy: it reads `releasing` and still holds its content until
    /// the release completes, then it and its assignments are gone.
    mutating func deleteLegalHoldPolicy(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        var policy = try existingLegalHoldPolicy(core: core, id)
        guard policy.status == .active else { return }
        let now = core.currentTime
        policy.status = .releasing
        policy.deletedAt = now
        policy.releaseDueAt = now.addingTimeInterval(Self.legalHoldReleaseTime)
        self.policies[id] = policy
        core.recordEvent("LEGAL_HOLD_POLICY_DELETE", by: principal.userId, source: nil, enterpriseOnly: true,
                    details: Self.legalHoldEventDetails(policy))
    }

    /// What the admin logs show of a legal hold change: the policy and, for an assignment, what
    /// it assigns the policy to.
    static func legalHoldEventDetails(_ policy: LegalHoldPolicyRecord, assignment: LegalHoldAssignmentRecord? = nil) -> JSONValue {
        var details: [String: JSONValue] = ["legal_hold_policy_id": .string(policy.id), "legal_hold_policy_name": .string(policy.name)]
        if let assignment {
            details["legal_hold_policy_assignment_id"] = .string(assignment.id)
            details["assign_to_type"] = .string(assignment.targetType)
            details["assign_to_id"] = .string(assignment.targetId)
        }
        return .object(details)
    }

    /// Completes the releases that are due: the policy and its assignments go.
    mutating func completeDueLegalHoldReleases(core: isolated ServerState) {
        let now = core.currentTime
        let due = self.policies.values.filter { ($0.releaseDueAt ?? .distantFuture) <= now }.map(\.id)
        guard !due.isEmpty else { return }
        let released = Set(due)
        self.assignments = self.assignments.filter { !released.contains($0.value.policyId) }
        for id in due { self.policies[id] = nil }
    }

    /// A valid, unused policy name.
    private mutating func legalHoldPolicyName(core: isolated ServerState, _ name: String?, except id: String?) throws -> String {
        guard let name, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ServerErrorResponse.badRequest("policy_name is required")
        }
        guard name.count <= 254 else { throw ServerErrorResponse.badRequest("policy_name must be at most 254 characters") }
        let taken = self.policies.values.contains {
            $0.id != id && $0.deletedAt == nil && $0.name.lowercased() == name.lowercased()
        }
        if taken {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A legal hold policy named '\(name)' already exists.")
        }
        return name
    }

    /// A date-time member of a request body, when it is there.
    static func optionalDate(_ value: JSONValue?, name: String) throws -> Date? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, let date = Timestamp.parse(text) else {
            throw ServerErrorResponse.badRequest("\(name) must be a date-time")
        }
        return date
    }
}
