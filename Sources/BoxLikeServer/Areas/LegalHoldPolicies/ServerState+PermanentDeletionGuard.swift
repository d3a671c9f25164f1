import Foundation

/// The one check the content areas make before deleting anything for good (a trash purge,
/// a version deletion): a legal hold or an unexpired retention refuses it, as Box does.
extension ServerState {
    /// Refuses to delete `ref` for good (a file, or a folder with every file in it), or only
    /// the version `versionId` of a file, while a legal hold holds it or a retention policy
    /// keeps it before its disposition date.
    ///
    /// It changes no item (a disposition that is due waits for the next job), so the caller's
    /// copy of the item stays current.
    func refusePermanentDeletion(of ref: ItemRef, versionId: String? = nil) throws {
        guard hasComplianceState else { return }
        self[area: LegalHoldsState.self].completeDueLegalHoldReleases(core: self)
        self[area: RetentionState.self].reconcileRetentions(core: self, appliedAt: currentTime)
        let now = currentTime
        let files: [ItemRecord]
        switch ref.type {
        case .file: files = items[ref].map { [$0] } ?? []
        case .folder: files = items.values.filter { $0.type == .file && isWithin($0.ref, folder: ref.id) }.sorted { $0.id < $1.id }
        case .webLink: files = []
        }
        let what = versionId == nil ? (ref.type == .folder ? "The folder holds a file that" : "The file") : "The file version"
        for file in files {
            if let assignment = self[area: LegalHoldsState.self].legalHoldAssignments(core: self, holding: file, versionId: versionId).first {
                throw ServerErrorResponse(
                    .forbidden, code: "forbidden",
                    message: "\(what) is under a legal hold and cannot be deleted permanently.",
                    contextInfo: ["legal_hold_policy_assignment": ["type": "legal_hold_policy_assignment", "id": .string(assignment.id)]])
            }
            for version in file.file?.versions ?? [] where versionId == nil || version.id == versionId {
                let keeping = self[area: RetentionState.self].liveRetentions(core: self, ofVersion: version.id).filter { ($0.endsAt ?? .distantFuture) > now }
                if let retention = keeping.max(by: { ($0.endsAt ?? .distantFuture) < ($1.endsAt ?? .distantFuture) }) {
                    let until = retention.endsAt.map { " until \(Timestamp.string($0))" } ?? ""
                    throw ServerErrorResponse(
                        .forbidden, code: "forbidden",
                        message: "\(what) is under retention\(until) and cannot be deleted permanently.",
                        contextInfo: ["retention_policy": ["type": "retention_policy", "id": .string(retention.policy.id)]])
                }
            }
        }
    }

    /// Refuses to delete a user's content with the user while the enterprise has any legal
    /// hold or retention policy, whether or not one applies to that content (Box answers so,
    /// and asks for the content to be transferred first).
    func refuseDeletingContentOfUser() throws {
        guard !self[area: LegalHoldsState.self].policies.isEmpty || !self[area: RetentionState.self].policies.isEmpty else { return }
        throw ServerErrorResponse(
            .forbidden, code: "forbidden",
            message: "User cannot be deleted due to retention policies. Please transfer user content first")
    }
}

extension ServerState {
    /// Every version of every file, in id order, that `isHeld` picks.
    func heldVersions(where isHeld: (ItemRecord, FileVersionRecord) -> Bool) -> [HeldFileVersion] {
        var held: [HeldFileVersion] = []
        for item in items.values.sorted(by: { (Int($0.id) ?? 0, $0.id) < (Int($1.id) ?? 0, $1.id) }) {
            guard let file = item.file else { continue }
            for (index, version) in file.versions.enumerated() where isHeld(item, version) {
                held.append(HeldFileVersion(file: item, version: version, number: index + 1))
            }
        }
        return held
    }
}
