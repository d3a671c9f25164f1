import Foundation

/// A file's owner extending its retention (`PUT /files/{id}` with `disposition_at`), which
/// Box allows when every policy retaining the file lets owners extend (`can_owner_extend_retention`),
/// never to an earlier date and, when the policy sets `max_extension_length`, by at most that
/// many days past the policy's own date.
extension RetentionState {
    /// When the file's current version stops being retained, `nil` when it is not retained
    /// or is kept indefinitely (what `disposition_at` shows). A version an assignment covers
    /// but the background job has not seen yet comes under retention now.
    mutating func retentionDispositionDate(core: isolated ServerState, of file: ItemRecord) -> Date? {
        guard let version = file.file?.currentVersion, !self.assignments.isEmpty else { return nil }
        reconcileRetentions(core: core, of: file, appliedAt: core.currentTime)
        let ends = liveRetentions(core: core, ofVersion: version.id).map(\.endsAt)
        guard !ends.isEmpty, !ends.contains(where: { $0 == nil }) else { return nil }
        return ends.compactMap { $0 }.max()
    }

    /// Moves the end of every retention of `file`'s versions to `date`; the item areas make
    /// this one call when an update carries `disposition_at`. It disposes of nothing (the
    /// caller goes on to store the file), so a retention already over cannot be extended.
    mutating func extendRetention(core: isolated ServerState, of file: ItemRecord, to date: Date, principal: Principal) throws {
        guard let payload = file.file else { throw ServerErrorResponse.badRequest("Only a file has a disposition date") }
        reconcileRetentions(core: core, of: file, appliedAt: core.currentTime)
        let now = core.currentTime
        let live = payload.versions.flatMap { liveRetentions(core: core, ofVersion: $0.id) }
        guard !live.isEmpty else { throw ServerErrorResponse.badRequest("The file is not under retention") }
        guard principal.userId == file.ownerId else {
            throw ServerErrorResponse.forbidden("Only the file's owner may extend its retention.")
        }
        for entry in live where !entry.policy.canOwnerExtendRetention {
            throw ServerErrorResponse.forbidden("The retention policy does not let owners extend retention.")
        }
        for entry in live {
            guard let ends = entry.endsAt else {
                throw ServerErrorResponse.badRequest("The file is retained indefinitely; its retention cannot be extended")
            }
            if ends <= now { throw ServerErrorResponse.badRequest("The file's retention has already ended") }
            if date < ends { throw ServerErrorResponse.badRequest("disposition_at can be extended, not shortened") }
            if let days = entry.policy.maxExtensionLength.flatMap(Int.init),
               let policyEnd = entry.policy.retentionLength.map({ entry.record.appliedAt.addingTimeInterval($0) }),
               date > policyEnd.addingTimeInterval(TimeInterval(days) * 24 * 3600) {
                throw ServerErrorResponse.badRequest("disposition_at is more than the policy's max_extension_length past its disposition date")
            }
        }
        for entry in live { self.retentions[entry.record.id]?.extendedUntil = date }
    }
}
