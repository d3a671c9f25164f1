import Foundation

/// The one check the content areas make before deleting anything for good (a trash purge,
/// a version deletion): a legal hold or an unexpired retention refuses it, as Box does.
extension ServerState {
    /// Refuses to delete `ref` for good (a file, or a folder with every file in it), or only
    /// the version `versionId` of a file, while a legal hold holds it or a retention policy
    /// keeps it before its disposition date.
    func refusePermanentDeletion(of ref: ItemRef, versionId: String? = nil) throws {
        runComplianceJobs()
        guard hasComplianceState else { return }
        let files: [ItemRecord]
        switch ref.type {
        case .file: files = items[ref].map { [$0] } ?? []
        case .folder: files = items.values.filter { $0.type == .file && isWithin($0.ref, folder: ref.id) }.sorted { $0.id < $1.id }
        case .webLink: files = []
        }
        let what = versionId == nil ? (ref.type == .folder ? "The folder holds a file that" : "The file") : "The file version"
        for file in files {
            if let assignment = legalHoldAssignments(holding: file, versionId: versionId).first {
                throw ServerErrorResponse(
                    .forbidden, code: "forbidden",
                    message: "\(what) is under a legal hold and cannot be deleted permanently.",
                    contextInfo: ["legal_hold_policy_assignment": ["type": "legal_hold_policy_assignment", "id": .string(assignment.id)]])
            }
            for version in file.file?.versions ?? [] where versionId == nil || version.id == versionId {
                if let retention = liveRetentions(ofVersion: version.id).max(by: { ($0.endsAt ?? .distantFuture) < ($1.endsAt ?? .distantFuture) }) {
                    let until = retention.endsAt.map { " until \(Timestamp.string($0))" } ?? ""
                    throw ServerErrorResponse(
                        .forbidden, code: "forbidden",
                        message: "\(what) is under retention\(until) and cannot be deleted permanently.",
                        contextInfo: ["retention_policy": ["type": "retention_policy", "id": .string(retention.policy.id)]])
                }
            }
        }
    }
}
