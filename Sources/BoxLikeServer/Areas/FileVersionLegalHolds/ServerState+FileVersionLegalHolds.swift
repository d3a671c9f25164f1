import Foundation

/// `file_version_legal_hold`: one per file version a legal hold holds, naming every
/// assignment that holds it.
extension ServerState {
    /// The versions a policy holds, each with all the assignments holding it.
    func fileVersionLegalHolds(policyId: String, principal: Principal) throws -> [FileVersionLegalHoldView] {
        try requireComplianceAdmin(principal, for: "legal hold policies")
        runComplianceJobs()
        let policy = try existingLegalHoldPolicy(policyId)
        let assignments = self[area: LegalHoldsState.self].assignments.values.filter { $0.policyId == policyId }
        let held = heldVersions { file, version in assignments.contains { holds($0, policy: policy, file: file, version: version) } }
        return held.map(fileVersionLegalHoldView)
    }

    func fileVersionLegalHold(_ id: String, principal: Principal) throws -> FileVersionLegalHoldView {
        try requireComplianceAdmin(principal, for: "legal hold policies")
        runComplianceJobs()
        guard let versionId = self[area: LegalHoldsState.self].versionsByHoldId[id],
              let file = items.values.first(where: { $0.file?.version(versionId) != nil }),
              let found = file.file?.version(versionId),
              !legalHoldAssignments(holding: file, versionId: versionId).isEmpty
        else { throw ServerErrorResponse.notFound("file_version_legal_hold") }
        return fileVersionLegalHoldView(HeldFileVersion(file: file, version: found.record, number: found.number))
    }

    /// The hold of one version, with a stable id of its own.
    private func fileVersionLegalHoldView(_ held: HeldFileVersion) -> FileVersionLegalHoldView {
        let id: String
        if let existing = self[area: LegalHoldsState.self].holdIdsByVersion[held.version.id] {
            id = existing
        } else {
            id = newId()
            self[area: LegalHoldsState.self].holdIdsByVersion[held.version.id] = id
            self[area: LegalHoldsState.self].versionsByHoldId[id] = held.version.id
        }
        let assignments = legalHoldAssignments(holding: held.file, versionId: held.version.id).map(legalHoldAssignmentView)
        return FileVersionLegalHoldView(id: id, held: held, assignments: assignments)
    }
}
