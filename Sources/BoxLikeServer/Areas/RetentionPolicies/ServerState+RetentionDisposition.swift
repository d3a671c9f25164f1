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
        completeDueLegalHoldReleases()
        reconcileRetentions(appliedAt: unseenSince ?? currentTime)
        applyDueDispositions()
    }

    /// Whether any legal hold or retention exists, so the common case costs nothing.
    var hasComplianceState: Bool {
        !self[area: LegalHoldsState.self].policies.isEmpty || !self[area: RetentionState.self].assignments.isEmpty
    }

    /// Puts every version an active assignment covers and that its policy does not retain yet
    /// under retention, starting at `appliedAt`.
    func reconcileRetentions(appliedAt: Date) {
        let active = activeRetentionAssignments()
        guard !active.isEmpty else { return }
        var retained = Set(self[area: RetentionState.self].retentions.values.map { "\($0.policyId)/\($0.versionId)" })
        for item in items.values.sorted(by: { (Int($0.id) ?? 0, $0.id) < (Int($1.id) ?? 0, $1.id) }) {
            reconcileRetentions(of: item, assignments: active, retained: &retained, appliedAt: appliedAt)
        }
    }

    /// The same for one file, so that reading it shows its retention from its first reading on.
    func reconcileRetentions(of item: ItemRecord, appliedAt: Date) {
        let active = activeRetentionAssignments()
        guard !active.isEmpty, let versions = item.file?.versions else { return }
        let versionIds = Set(versions.map(\.id))
        var retained = Set(self[area: RetentionState.self].retentions.values.filter { versionIds.contains($0.versionId) }
            .map { "\($0.policyId)/\($0.versionId)" })
        reconcileRetentions(of: item, assignments: active, retained: &retained, appliedAt: appliedAt)
    }

    /// Notifies the file's owner (when the policy says so) and the policy's custom recipients
    /// that the file's retention ended, once per file and policy.
    private func notifyRetentionEnd(of file: ItemRecord, policy: RetentionPolicyRecord, at now: Date) {
        let sent = self[area: RetentionState.self].notifications
        guard !sent.contains(where: { $0.fileId == file.id && $0.policyId == policy.id }) else { return }
        var recipients = policy.areOwnersNotified ? [file.ownerId] : []
        for id in policy.customNotificationRecipients where !recipients.contains(id) { recipients.append(id) }
        for id in recipients {
            guard let user = users[id] else { continue }
            self[area: RetentionState.self].notifications.append(RetentionNotification(
                recipientId: id, recipientLogin: user.login, fileId: file.id, fileName: file.name, policyId: policy.id,
                dispositionAction: policy.dispositionAction, sentAt: now))
        }
    }

    /// The notices sent when retentions ended, after running the jobs that are due.
    func retentionNotifications() -> [RetentionNotification] {
        runComplianceJobs()
        return self[area: RetentionState.self].notifications
    }

    private func activeRetentionAssignments() -> [RetentionAssignmentRecord] {
        let state = self[area: RetentionState.self]
        return state.assignments.values.filter { state.policies[$0.policyId]?.isActive == true }.sorted { $0.id < $1.id }
    }

    private func reconcileRetentions(of item: ItemRecord, assignments: [RetentionAssignmentRecord], retained: inout Set<String>,
                                     appliedAt: Date) {
        guard let file = item.file else { return }
        for assignment in assignments where retentionCovers(assignment, file: item) {
            for version in file.versions where retained.insert("\(assignment.policyId)/\(version.id)").inserted {
                let record = FileVersionRetentionRecord(
                    id: newId(), policyId: assignment.policyId, assignmentId: assignment.id, fileId: item.id,
                    versionId: version.id, appliedAt: appliedAt)
                self[area: RetentionState.self].retentions[record.id] = record
            }
        }
    }

    /// The retentions of active policies still keeping a version, with when each ends
    /// (`nil`: never).
    func liveRetentions(ofVersion versionId: String) -> [(record: FileVersionRetentionRecord, policy: RetentionPolicyRecord, endsAt: Date?)] {
        let state = self[area: RetentionState.self]
        return state.retentions.values.compactMap { record in
            guard record.versionId == versionId, record.disposedAt == nil, let policy = state.policies[record.policyId], policy.isActive
            else { return nil }
            return (record, policy, dispositionDate(of: record, policy: policy))
        }
    }

    /// Applies the winning policy's disposition action to each version whose retentions
    /// have all ended (the policy ending last wins, as in Box).
    func applyDueDispositions() {
        let now = currentTime
        let versionIds = Set(self[area: RetentionState.self].retentions.values.filter { $0.disposedAt == nil }.map(\.versionId))
        for versionId in versionIds.sorted() {
            let live = liveRetentions(ofVersion: versionId)
            guard !live.isEmpty, live.allSatisfy({ ($0.endsAt ?? .distantFuture) <= now }),
                  let winning = live.max(by: { ($0.endsAt ?? .distantFuture, $0.record.id) < ($1.endsAt ?? .distantFuture, $1.record.id) })
            else { continue }
            let file = items[.file(winning.record.fileId)]
            if let file, !legalHoldAssignments(holding: file, versionId: versionId).isEmpty { continue }
            for entry in live { self[area: RetentionState.self].retentions[entry.record.id]?.disposedAt = now }
            if let file { notifyRetentionEnd(of: file, policy: winning.policy, at: now) }
            guard winning.policy.dispositionAction == "permanently_delete", var file, var payload = file.file else { continue }
            if payload.currentVersion.id == versionId {
                // The file goes with its current version, unless a hold keeps an earlier one.
                guard legalHoldAssignments(holding: file).isEmpty else { continue }
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
