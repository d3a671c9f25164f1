import BoxLikeJSON
import Foundation

/// Legal hold policy assignments: a policy applied to a file, a file version, a folder or a
/// user, and the file versions each one holds. A version an assignment matched when it was
/// made stays held; with an ongoing policy, what matches later is held too.
extension LegalHoldsState {
    static let legalHoldTargetTypes: Set<String> = ["file", "file_version", "folder", "user", "ownership", "interactions"]

    /// An assignment and what its rendering needs.
    mutating func legalHoldAssignmentView(core: isolated ServerState, _ assignment: LegalHoldAssignmentRecord) -> LegalHoldAssignmentView {
        LegalHoldAssignmentView(assignment: assignment, assignedBy: core.userMini(assignment.assignedBy))
    }

    mutating func legalHoldAssignments(core: isolated ServerState, policyId: String, targetType: String?, targetId: String?, principal: Principal) throws -> [LegalHoldAssignmentView] {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        _ = try existingLegalHoldPolicy(core: core, policyId)
        return self.assignments.values
            .filter { $0.policyId == policyId && (targetType == nil || $0.targetType == targetType) && (targetId == nil || $0.targetId == targetId) }
            .sorted { ($0.assignedAt, $0.id) < ($1.assignedAt, $1.id) }
            .map { legalHoldAssignmentView(core: core, $0) }
    }

    mutating func legalHoldAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws -> LegalHoldAssignmentView {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        return legalHoldAssignmentView(core: core, try existingLegalHoldAssignment(core: core, id))
    }

    private mutating func existingLegalHoldAssignment(core: isolated ServerState, _ id: String) throws -> LegalHoldAssignmentRecord {
        guard let assignment = self.assignments[id] else {
            throw ServerErrorResponse.notFound("legal_hold_policy_assignment")
        }
        return assignment
    }

    mutating func assignLegalHoldPolicy(core: isolated ServerState, _ body: JSONValue, principal: Principal) throws -> LegalHoldAssignmentView {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        guard let policyId = body["policy_id"]?.stringValue, let type = body["assign_to"]?["type"]?.stringValue,
              let targetId = body["assign_to"]?.idMember
        else { throw ServerErrorResponse.badRequest("policy_id and assign_to (type and id) are required") }
        guard Self.legalHoldTargetTypes.contains(type) else {
            throw ServerErrorResponse.badRequest("assign_to.type must be one of \(Self.legalHoldTargetTypes.sorted().joined(separator: ", "))")
        }
        let policy = try existingLegalHoldPolicy(core: core, policyId)
        guard policy.status == .active else {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The legal hold policy is being released.")
        }
        try requireLegalHoldTarget(core: core, type: type, id: targetId)
        if self.assignments.values.contains(where: { $0.policyId == policyId && $0.targetType == type && $0.targetId == targetId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The legal hold policy is already assigned to this \(type).")
        }
        var assignment = LegalHoldAssignmentRecord(
            id: core.newId(), policyId: policyId, targetType: type, targetId: targetId, assignedBy: principal.userId,
            assignedAt: core.currentTime, heldVersionIds: [])
        for item in core.items.values {
            guard let file = item.file else { continue }
            for version in file.versions where matchesLegalHoldTarget(core: core, assignment, policy: policy, file: item, version: version) {
                assignment.heldVersionIds.insert(version.id)
            }
        }
        self.assignments[assignment.id] = assignment
        recordLegalHoldAssignmentEvent(core: core, "LEGAL_HOLD_ASSIGNMENT_CREATE", assignment, policy: policy, by: principal.userId)
        return legalHoldAssignmentView(core: core, assignment)
    }

    /// Removes an assignment; what it held is released at once unless another assignment holds it.
    mutating func deleteLegalHoldAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        let assignment = try existingLegalHoldAssignment(core: core, id)
        self.assignments[id] = nil
        if let policy = self.policies[assignment.policyId] {
            recordLegalHoldAssignmentEvent(core: core, "LEGAL_HOLD_ASSIGNMENT_DELETE", assignment, policy: policy, by: principal.userId)
        }
    }

    /// Records an assignment's creation or removal in the admin logs, with the file or folder
    /// (or the user) it assigns the policy to as the event's source.
    private mutating func recordLegalHoldAssignmentEvent(core: isolated ServerState, _ type: String, _ assignment: LegalHoldAssignmentRecord,
                                                policy: LegalHoldPolicyRecord, by actor: String) {
        let source: ItemRef? = switch assignment.targetType {
        case "file": .file(assignment.targetId)
        case "folder": .folder(assignment.targetId)
        case "file_version": core.items.values.first { $0.file?.version(assignment.targetId) != nil }?.ref
        default: nil
        }
        core.recordEvent(type, by: actor, source: source, aboutUser: assignment.targetType == "user" ? core.users[assignment.targetId] : nil,
                    enterpriseOnly: true, details: LegalHoldsState.legalHoldEventDetails(policy, assignment: assignment))
    }

    /// The files an assignment holds a version of, and the held versions, for the two listings.
    mutating func versionsHeld(core: isolated ServerState, byAssignment id: String, principal: Principal) throws -> [HeldFileVersion] {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        let assignment = try existingLegalHoldAssignment(core: core, id)
        guard let policy = self.policies[assignment.policyId] else { return [] }
        return core.heldVersions { holds(core: core, assignment, policy: policy, file: $0, version: $1) }
    }

    /// Whether an assignment holds a version: it matched when the assignment was made, or
    /// matches now under an ongoing policy.
    mutating func holds(core: isolated ServerState, _ assignment: LegalHoldAssignmentRecord, policy: LegalHoldPolicyRecord, file: ItemRecord, version: FileVersionRecord) -> Bool {
        assignment.heldVersionIds.contains(version.id)
            || (policy.isOngoing && matchesLegalHoldTarget(core: core, assignment, policy: policy, file: file, version: version))
    }

    /// Every assignment that holds a version of `file` (or, with `versionId`, that version).
    mutating func legalHoldAssignments(core: isolated ServerState, holding file: ItemRecord, versionId: String? = nil) -> [LegalHoldAssignmentRecord] {
        let state = self
        guard !state.assignments.isEmpty, let payload = file.file else { return [] }
        let versions = payload.versions.filter { versionId == nil || $0.id == versionId }
        return state.assignments.values.filter { assignment in
            guard let policy = state.policies[assignment.policyId] else { return false }
            return versions.contains { holds(core: core, assignment, policy: policy, file: file, version: $0) }
        }
        .sorted { $0.id < $1.id }
    }

    /// Whether a version falls under an assignment's target now. The policy's date range
    /// narrows custodian assignments only, as in Box.
    private mutating func matchesLegalHoldTarget(core: isolated ServerState,
        _ assignment: LegalHoldAssignmentRecord, policy: LegalHoldPolicyRecord, file: ItemRecord, version: FileVersionRecord
    ) -> Bool {
        let inRange = (policy.filterStartedAt.map { version.createdAt >= $0 } ?? true)
            && (policy.filterEndedAt.map { version.createdAt <= $0 } ?? true)
        switch assignment.targetType {
        case "file": return file.id == assignment.targetId
        case "file_version": return version.id == assignment.targetId
        case "folder": return core.isWithin(file.ref, folder: assignment.targetId)
        case "user", "ownership": return file.ownerId == assignment.targetId && inRange
        case "interactions": return version.modifiedBy == assignment.targetId && inRange
        default: return false
        }
    }

    private mutating func requireLegalHoldTarget(core: isolated ServerState, type: String, id: String) throws {
        switch type {
        case "file":
            guard core.items[.file(id)] != nil else { throw ServerErrorResponse.notFound("file") }
        case "file_version":
            let exists = core.items.values.contains { $0.file?.version(id) != nil }
            guard exists else { throw ServerErrorResponse.notFound("file_version") }
        case "folder":
            guard let folder = core.items[.folder(id)], !folder.isRoot else { throw ServerErrorResponse.notFound("folder") }
        default:
            guard core.users[id] != nil else { throw ServerErrorResponse.notFound("user") }
        }
    }
}
