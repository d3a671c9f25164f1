import Foundation

/// What happens to retained content with time: versions newly covered by an assignment come
/// under retention, and a retention that has run its course gets its policy's disposition
/// action (the version or file is deleted for good, or merely released). A legal hold wins:
/// held content is not disposed of until the hold goes.
extension ServerState {
    /// The background work of the compliance areas, run before each of their requests and
    /// each permanent deletion, and after each advance of a manual clock. Versions first seen
    /// now come under retention from `unseenSince` (the time before a clock advance), or now.
    func runComplianceJobs(unseenSince: Date? = nil) {
        guard hasComplianceState else { return }
        self[area: LegalHoldsState.self].completeDueLegalHoldReleases(core: self)
        self[area: RetentionState.self].reconcileRetentions(core: self, appliedAt: unseenSince ?? currentTime)
        applyDueDispositions()
    }

    /// Runs the compliance jobs that are due, then `body` on the area's state (``withArea(_:_:)``):
    /// every request of the legal hold and retention areas sees the state the jobs leave.
    func withComplianceArea<Area: AreaState, Result: Sendable>(
        _ area: Area.Type, _ body: @Sendable (inout Area, isolated ServerState) throws -> Result
    ) rethrows -> Result {
        runComplianceJobs()
        return try withArea(area, body)
    }

    /// Whether any legal hold or retention exists, so the common case costs nothing.
    var hasComplianceState: Bool {
        !self[area: LegalHoldsState.self].policies.isEmpty || !self[area: RetentionState.self].assignments.isEmpty
    }

    /// Applies the winning policy's disposition action to each version whose retentions
    /// have all ended (the policy ending last wins, as in Box).
    func applyDueDispositions() {
        let now = currentTime
        let versionIds = Set(self[area: RetentionState.self].retentions.values.filter { $0.disposedAt == nil }.map(\.versionId))
        for versionId in versionIds.sorted() {
            let live = self[area: RetentionState.self].liveRetentions(core: self, ofVersion: versionId)
            guard !live.isEmpty, live.allSatisfy({ ($0.endsAt ?? .distantFuture) <= now }),
                  let winning = live.max(by: { ($0.endsAt ?? .distantFuture, $0.record.id) < ($1.endsAt ?? .distantFuture, $1.record.id) })
            else { continue }
            let file = items[.file(winning.record.fileId)]
            if let file, !self[area: LegalHoldsState.self].legalHoldAssignments(core: self, holding: file, versionId: versionId).isEmpty { continue }
            for entry in live { self[area: RetentionState.self].retentions[entry.record.id]?.disposedAt = now }
            if let file { self[area: RetentionState.self].notifyRetentionEnd(core: self, of: file, policy: winning.policy, at: now) }
            guard winning.policy.dispositionAction == "permanently_delete", var file, var payload = file.file else { continue }
            if payload.currentVersion.id == versionId {
                // The file goes with its current version, unless a hold keeps an earlier one.
                guard self[area: LegalHoldsState.self].legalHoldAssignments(core: self, holding: file).isEmpty else { continue }
                recordEvent(EventTypes.purge, by: winning.policy.createdBy, source: file.ref)
                purge(file)
            } else {
                payload.previousVersions.removeAll { $0.id == versionId }
                file.payload = .file(payload)
                items[file.ref] = file
            }
        }
    }
}
