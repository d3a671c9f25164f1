import Foundation

/// `file_version_legal_hold`: one per file version a legal hold holds, naming every
/// assignment that holds it.
extension LegalHoldsState {
    /// The versions a policy holds, each with all the assignments holding it.
    mutating func fileVersionLegalHolds(core: isolated ServerState, policyId: String, principal: Principal) throws -> [FileVersionLegalHoldView] {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        let policy = try existingLegalHoldPolicy(core: core, policyId)
        let assignments = self.assignments.values.filter { $0.policyId == policyId }
        let held = core.heldVersions { file, version in assignments.contains { holds(core: core, $0, policy: policy, file: file, version: version) } }
        return held.map { fileVersionLegalHoldView(core: core, $0) }
    }

    mutating func fileVersionLegalHold(core: isolated ServerState, _ id: String, principal: Principal) throws -> FileVersionLegalHoldView {
        try core.requireComplianceAdmin(principal, for: "legal hold policies")
        guard let versionId = self.versionsByHoldId[id],
              let file = core.items.values.first(where: { $0.file?.version(versionId) != nil }),
              let found = file.file?.version(versionId),
              !legalHoldAssignments(core: core, holding: file, versionId: versionId).isEmpty
        else { throw ServerErrorResponse.notFound("file_version_legal_hold") }
        return fileVersionLegalHoldView(core: core, HeldFileVersion(file: file, version: found.record, number: found.number))
    }

    /// The hold of one version, with a stable id of its own.
    private mutating func fileVersionLegalHoldView(core: isolated ServerState, _ held: HeldFileVersion) -> FileVersionLegalHoldView {
        let id: String
        if let existing = self.holdIdsByVersion[held.version.id] {
            id = existing
        } else {
            id = core.newId()
            self.holdIdsByVersion[held.version.id] = id
            self.versionsByHoldId[id] = held.version.id
        }
        let assignments = legalHoldAssignments(core: core, holding: held.file, versionId: held.version.id).map { legalHoldAssignmentView(core: core, $0) }
        return FileVersionLegalHoldView(id: id, held: held, assignments: assignments)
    }
}
