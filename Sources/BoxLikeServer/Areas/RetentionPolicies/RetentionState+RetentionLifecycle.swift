import Foundation

/// Versions coming under retention as assignments cover them, the retentions still keeping a
/// version, and the notices sent when one ends.
extension RetentionState {
    /// Puts every version an active assignment covers and that its policy does not retain yet
    /// under retention, starting at `appliedAt`.
    mutating func reconcileRetentions(core: isolated ServerState, appliedAt: Date) {
        let active = activeRetentionAssignments(core: core)
        guard !active.isEmpty else { return }
        var retained = Set(self.retentions.values.map { "\($0.policyId)/\($0.versionId)" })
        for item in core.items.values.sorted(by: { (Int($0.id) ?? 0, $0.id) < (Int($1.id) ?? 0, $1.id) }) {
            reconcileRetentions(core: core, of: item, assignments: active, retained: &retained, appliedAt: appliedAt)
        }
    }
    /// The same for one file, so that reading it shows its retention from its first reading on.
    mutating func reconcileRetentions(core: isolated ServerState, of item: ItemRecord, appliedAt: Date) {
        let active = activeRetentionAssignments(core: core)
        guard !active.isEmpty, let versions = item.file?.versions else { return }
        let versionIds = Set(versions.map(\.id))
        var retained = Set(self.retentions.values.filter { versionIds.contains($0.versionId) }
            .map { "\($0.policyId)/\($0.versionId)" })
        reconcileRetentions(core: core, of: item, assignments: active, retained: &retained, appliedAt: appliedAt)
    }
    /// Notifies the file's owner (when the policy says so) and the policy's custom recipients
    /// that the file's retention ended, once per file and policy.
    mutating func notifyRetentionEnd(core: isolated ServerState, of file: ItemRecord, policy: RetentionPolicyRecord, at now: Date) {
        let sent = self.notifications
        guard !sent.contains(where: { $0.fileId == file.id && $0.policyId == policy.id }) else { return }
        var recipients = policy.areOwnersNotified ? [file.ownerId] : []
        for id in policy.customNotificationRecipients where !recipients.contains(id) { recipients.append(id) }
        for id in recipients {
            guard let user = core.users[id] else { continue }
            self.notifications.append(RetentionNotification(
                recipientId: id, recipientLogin: user.login, fileId: file.id, fileName: file.name, policyId: policy.id,
                dispositionAction: policy.dispositionAction, sentAt: now))
        }
    }
    /// The notices sent when retentions ended (the caller runs the jobs that are due first).
    mutating func retentionNotifications(core: isolated ServerState) -> [RetentionNotification] {
        return self.notifications
    }
    private mutating func activeRetentionAssignments(core: isolated ServerState) -> [RetentionAssignmentRecord] {
        let state = self
        return state.assignments.values.filter { state.policies[$0.policyId]?.isActive == true }.sorted { $0.id < $1.id }
    }
    private mutating func reconcileRetentions(core: isolated ServerState, of item: ItemRecord, assignments: [RetentionAssignmentRecord], retained: inout Set<String>,
                                     appliedAt: Date) {
        guard let file = item.file else { return }
        for assignment in assignments where retentionCovers(core: core, assignment, file: item) {
            for version in file.versions where retained.insert("\(assignment.policyId)/\(version.id)").inserted {
                let record = FileVersionRetentionRecord(
                    id: core.newId(), policyId: assignment.policyId, assignmentId: assignment.id, fileId: item.id,
                    versionId: version.id, appliedAt: appliedAt)
                self.retentions[record.id] = record
            }
        }
    }
    /// The retentions of active policies still keeping a version, with when each ends
    /// (`nil`: never).
    mutating func liveRetentions(core: isolated ServerState, ofVersion versionId: String) -> [(record: FileVersionRetentionRecord, policy: RetentionPolicyRecord, endsAt: Date?)] {
        let state = self
        return state.retentions.values.compactMap { record in
            guard record.versionId == versionId, record.disposedAt == nil, let policy = state.policies[record.policyId], policy.isActive
            else { return nil }
            return (record, policy, dispositionDate(core: core, of: record, policy: policy))
        }
    }
}
