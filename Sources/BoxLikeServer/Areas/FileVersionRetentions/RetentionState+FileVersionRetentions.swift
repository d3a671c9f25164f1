import Foundation

/// `file_version_retention`: one per file version and retention policy keeping it, with when
/// the retention started and when it ends.
extension RetentionState {
    /// The query of `GET /file_version_retentions`.
    struct FileVersionRetentionFilter: Sendable {
        var fileId: String?
        var fileVersionId: String?
        var policyId: String?
        var dispositionAction: String?
        var dispositionBefore: Date?
        var dispositionAfter: Date?
    }

    mutating func fileVersionRetentions(core: isolated ServerState, _ filter: FileVersionRetentionFilter, principal: Principal) throws -> [FileVersionRetentionView] {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        return self.retentions.values
            .filter { $0.disposedAt == nil }
            .sorted { (Int($0.id) ?? 0, $0.id) < (Int($1.id) ?? 0, $1.id) }
            .compactMap { fileVersionRetentionView(core: core, $0) }
            .filter { view in
                (filter.fileId == nil || view.file.id == filter.fileId)
                    && (filter.fileVersionId == nil || view.version.id == filter.fileVersionId)
                    && (filter.policyId == nil || view.policy.id == filter.policyId)
                    && (filter.dispositionAction == nil || view.policy.dispositionAction == filter.dispositionAction)
                    && (filter.dispositionBefore.map { before in view.dispositionAt.map { $0 < before } ?? false } ?? true)
                    && (filter.dispositionAfter.map { after in view.dispositionAt.map { $0 > after } ?? true } ?? true)
            }
    }

    mutating func fileVersionRetention(core: isolated ServerState, _ id: String, principal: Principal) throws -> FileVersionRetentionView {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        guard let record = self.retentions[id], record.disposedAt == nil,
              let view = fileVersionRetentionView(core: core, record)
        else { throw ServerErrorResponse.notFound("file_version_retention") }
        return view
    }

    /// A retention with its file, version and policy; `nil` when one of them is gone.
    private mutating func fileVersionRetentionView(core: isolated ServerState, _ record: FileVersionRetentionRecord) -> FileVersionRetentionView? {
        guard let file = core.items[.file(record.fileId)], let version = file.file?.version(record.versionId)?.record,
              let policy = self.policies[record.policyId]
        else { return nil }
        return FileVersionRetentionView(
            record: record, file: file, version: version, policy: policy, dispositionAt: dispositionDate(core: core, of: record, policy: policy))
    }

    /// When a retention ends: its start plus the policy's length, or the later date the file's
    /// owner extended it to; never for an indefinite policy.
    mutating func dispositionDate(core: isolated ServerState, of record: FileVersionRetentionRecord, policy: RetentionPolicyRecord) -> Date? {
        guard let ends = policy.retentionLength.map({ record.appliedAt.addingTimeInterval($0) }) else { return nil }
        return max(ends, record.extendedUntil ?? ends)
    }
}
