import BoxLikeJSON
import Foundation

/// Information barriers and their segments, members, restrictions and reports. Only the
/// enterprise's admins and its service account manage them; anyone else is answered 403.
extension ServerState {
    private var shield: ShieldInformationBarriersState {
        get { self[area: ShieldInformationBarriersState.self] }
        _modify { yield &self[area: ShieldInformationBarriersState.self] }
    }

    /// Refuses callers who are neither an admin nor the service account.
    func requireShieldAdministrator(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage information barriers.")
        }
    }

    // MARK: - Barriers

    func createShieldInformationBarrier(enterpriseId requested: String, principal: Principal)
        throws -> (ShieldInformationBarrierRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        guard requested == enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        if shield.barriers.values.contains(where: { $0.status != "disabled" }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The enterprise already has an information barrier")
        }
        let now = currentTime
        let barrier = ShieldInformationBarrierRecord(
            id: newId(), status: "draft", createdAt: now, createdBy: principal.userId, updatedAt: now, updatedBy: principal.userId)
        shield.barriers[barrier.id] = barrier
        return (barrier, userMinis([principal.userId]))
    }

    func shieldInformationBarrier(_ id: String, principal: Principal) throws -> (ShieldInformationBarrierRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        let barrier = try existingBarrier(id)
        return (barrier, userMinis([barrier.createdBy, barrier.updatedBy, barrier.enabledBy]))
    }

    func shieldInformationBarriers(principal: Principal) throws -> ([ShieldInformationBarrierRecord], UserMinis) {
        try requireShieldAdministrator(principal)
        let barriers = shield.barriers.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (barriers, userMinis(barriers.flatMap { [$0.createdBy, $0.updatedBy, $0.enabledBy] }))
    }

    /// Switches a barrier on (`pending`: Box enables it in the background; here it is enforced
    /// from this call on) or off (`disabled`). A change to the state it is already in, or
    /// switching off a barrier never switched on, is `409` as in Box. The admin logs show
    /// `SHIELD_INFORMATION_BARRIER_PENDING` then `..._ENABLED`, or `..._DISABLED`.
    func changeShieldInformationBarrierStatus(_ id: String, to status: String, principal: Principal)
        throws -> (ShieldInformationBarrierRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        var barrier = try existingBarrier(id)
        let now = currentTime
        switch status {
        case "pending":
            guard barrier.status != "enabled" else {
                throw ServerErrorResponse(.conflict, code: "conflict", message: "The information barrier is already enabled")
            }
            barrier.status = "enabled"
            barrier.enabledAt = now
            barrier.enabledBy = principal.userId
        case "disabled":
            guard barrier.status == "enabled" else {
                throw ServerErrorResponse(.conflict, code: "conflict", message: "Only an enabled information barrier can be disabled")
            }
            barrier.status = "disabled"
        default:
            throw ServerErrorResponse.badRequest("status must be pending or disabled")
        }
        barrier.updatedAt = now
        barrier.updatedBy = principal.userId
        shield.barriers[id] = barrier
        let details: JSONValue = ["shield_information_barrier_id": .string(id)]
        for type in status == "pending" ? ["SHIELD_INFORMATION_BARRIER_PENDING", "SHIELD_INFORMATION_BARRIER_ENABLED"]
            : ["SHIELD_INFORMATION_BARRIER_DISABLED"] {
            recordEvent(type, by: principal.userId, source: nil, enterpriseOnly: true, details: details)
        }
        return (barrier, userMinis([barrier.createdBy, barrier.updatedBy, barrier.enabledBy]))
    }

    private func existingBarrier(_ id: String) throws -> ShieldInformationBarrierRecord {
        guard let barrier = shield.barriers[id] else { throw ServerErrorResponse.notFound("shield_information_barrier") }
        return barrier
    }

    // MARK: - Segments

    func createShieldInformationBarrierSegment(barrierId: String, name: String, description: String?, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        _ = try existingBarrier(barrierId)
        try ensureSegmentNameFree(name, in: barrierId, except: nil)
        let now = currentTime
        let segment = ShieldInformationBarrierSegmentRecord(
            id: newId(), barrierId: barrierId, name: name, description: description, createdAt: now, createdBy: principal.userId,
            updatedAt: now, updatedBy: principal.userId)
        shield.segments[segment.id] = segment
        return (segment, userMinis([principal.userId]))
    }

    func shieldInformationBarrierSegment(_ id: String, principal: Principal) throws -> (ShieldInformationBarrierSegmentRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        let segment = try existingSegment(id)
        return (segment, userMinis([segment.createdBy, segment.updatedBy]))
    }

    func shieldInformationBarrierSegments(barrierId: String, principal: Principal)
        throws -> ([ShieldInformationBarrierSegmentRecord], UserMinis) {
        try requireShieldAdministrator(principal)
        _ = try existingBarrier(barrierId)
        let segments = shield.segments.values.filter { $0.barrierId == barrierId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (segments, userMinis(segments.flatMap { [$0.createdBy, $0.updatedBy] }))
    }

    /// Renames a segment or changes its description (`clearDescription` for an explicit `null`).
    func updateShieldInformationBarrierSegment(_ id: String, name: String?, description: String?, clearDescription: Bool,
                                               principal: Principal) throws -> (ShieldInformationBarrierSegmentRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        var segment = try existingSegment(id)
        if let name {
            try ensureSegmentNameFree(name, in: segment.barrierId, except: id)
            segment.name = name
        }
        if clearDescription { segment.description = nil } else if let description { segment.description = description }
        segment.updatedAt = currentTime
        segment.updatedBy = principal.userId
        shield.segments[id] = segment
        return (segment, userMinis([segment.createdBy, segment.updatedBy]))
    }

    /// Deletes a segment with its members and every restriction that names it.
    func deleteShieldInformationBarrierSegment(_ id: String, principal: Principal) throws {
        try requireShieldAdministrator(principal)
        _ = try existingSegment(id)
        shield.segments[id] = nil
        shield.members = shield.members.filter { $0.value.segmentId != id }
        shield.restrictions = shield.restrictions.filter { $0.value.segmentId != id && $0.value.restrictedSegmentId != id }
    }

    private func existingSegment(_ id: String) throws -> ShieldInformationBarrierSegmentRecord {
        guard let segment = shield.segments[id] else { throw ServerErrorResponse.notFound("shield_information_barrier_segment") }
        return segment
    }

    private func ensureSegmentNameFree(_ name: String, in barrierId: String, except id: String?) throws {
        guard !name.isEmpty else { throw ServerErrorResponse.badRequest("name must not be empty") }
        if shield.segments.values.contains(where: { $0.barrierId == barrierId && $0.id != id && $0.name == name }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A segment of this information barrier already has that name")
        }
    }

    // MARK: - Segment members

    func createShieldInformationBarrierSegmentMember(segmentId: String, userId: String, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentMemberRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        let segment = try existingSegment(segmentId)
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        if shield.members.values.contains(where: { $0.barrierId == segment.barrierId && $0.userId == userId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The user is already in a segment of this information barrier")
        }
        let member = ShieldInformationBarrierSegmentMemberRecord(
            id: newId(), barrierId: segment.barrierId, segmentId: segmentId, userId: userId, createdAt: currentTime, createdBy: principal.userId)
        shield.members[member.id] = member
        return (member, userMinis([userId, principal.userId]))
    }

    func shieldInformationBarrierSegmentMember(_ id: String, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentMemberRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        guard let member = shield.members[id] else { throw ServerErrorResponse.notFound("shield_information_barrier_segment_member") }
        return (member, userMinis([member.userId, member.createdBy]))
    }

    func shieldInformationBarrierSegmentMembers(segmentId: String, principal: Principal)
        throws -> ([ShieldInformationBarrierSegmentMemberRecord], UserMinis) {
        try requireShieldAdministrator(principal)
        _ = try existingSegment(segmentId)
        let members = shield.members.values.filter { $0.segmentId == segmentId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (members, userMinis(members.flatMap { [$0.userId, $0.createdBy] }))
    }

    func deleteShieldInformationBarrierSegmentMember(_ id: String, principal: Principal) throws {
        try requireShieldAdministrator(principal)
        guard shield.members.removeValue(forKey: id) != nil else {
            throw ServerErrorResponse.notFound("shield_information_barrier_segment_member")
        }
    }

    // MARK: - Segment restrictions

    func createShieldInformationBarrierSegmentRestriction(segmentId: String, restrictedSegmentId: String, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentRestrictionRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        let segment = try existingSegment(segmentId)
        let restricted = try existingSegment(restrictedSegmentId)
        guard segment.barrierId == restricted.barrierId else {
            throw ServerErrorResponse.badRequest("Both segments must belong to the same information barrier")
        }
        guard segmentId != restrictedSegmentId else { throw ServerErrorResponse.badRequest("A segment cannot be restricted from itself") }
        if shield.restrictions.values.contains(where: { $0.segmentId == segmentId && $0.restrictedSegmentId == restrictedSegmentId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The segment is already restricted from that segment")
        }
        let restriction = ShieldInformationBarrierSegmentRestrictionRecord(
            id: newId(), barrierId: segment.barrierId, segmentId: segmentId, restrictedSegmentId: restrictedSegmentId,
            createdAt: currentTime, createdBy: principal.userId)
        shield.restrictions[restriction.id] = restriction
        return (restriction, userMinis([principal.userId]))
    }

    func shieldInformationBarrierSegmentRestriction(_ id: String, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentRestrictionRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        guard let restriction = shield.restrictions[id] else {
            throw ServerErrorResponse.notFound("shield_information_barrier_segment_restriction")
        }
        return (restriction, userMinis([restriction.createdBy]))
    }

    func shieldInformationBarrierSegmentRestrictions(segmentId: String, principal: Principal)
        throws -> ([ShieldInformationBarrierSegmentRestrictionRecord], UserMinis) {
        try requireShieldAdministrator(principal)
        _ = try existingSegment(segmentId)
        let restrictions = shield.restrictions.values.filter { $0.segmentId == segmentId }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (restrictions, userMinis(restrictions.map { $0.createdBy }))
    }

    func deleteShieldInformationBarrierSegmentRestriction(_ id: String, principal: Principal) throws {
        try requireShieldAdministrator(principal)
        guard shield.restrictions.removeValue(forKey: id) != nil else {
            throw ServerErrorResponse.notFound("shield_information_barrier_segment_restriction")
        }
    }

    // MARK: - Reports

    /// Writes a report of the collaborations that break the barrier into a new folder of the
    /// caller's. Box builds it in the background; here it is done when the call returns, and
    /// the answer shows `pending` as Box's does.
    func createShieldInformationBarrierReport(barrierId: String, principal: Principal)
        throws -> (ShieldInformationBarrierReportRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        _ = try existingBarrier(barrierId)
        let now = currentTime
        let id = newId()
        guard let root = users[principal.userId]?.rootFolderId else { throw ServerErrorResponse.notFound("user") }
        let folder = makeFolder(name: "Information barrier report \(id)", parentId: root, actor: principal.userId)
        let csv = ShieldInformationBarrierRepresentation.reportCSV(informationBarrierViolations(barrierId: barrierId))
        _ = makeFile(name: "information_barrier_report_\(id).csv", parentId: folder.id, actor: principal.userId,
                     content: StoredContent(bytes: Array(csv.utf8)))
        let report = ShieldInformationBarrierReportRecord(
            id: id, barrierId: barrierId, status: "done", folderId: folder.id, createdAt: now, createdBy: principal.userId, updatedAt: now)
        shield.reports[id] = report
        return (report, userMinis([principal.userId]))
    }

    func shieldInformationBarrierReport(_ id: String, principal: Principal) throws -> (ShieldInformationBarrierReportRecord, UserMinis) {
        try requireShieldAdministrator(principal)
        guard let report = shield.reports[id] else { throw ServerErrorResponse.notFound("shield_information_barrier_report") }
        return (report, userMinis([report.createdBy]))
    }

    func shieldInformationBarrierReports(barrierId: String, principal: Principal)
        throws -> ([ShieldInformationBarrierReportRecord], UserMinis) {
        try requireShieldAdministrator(principal)
        _ = try existingBarrier(barrierId)
        let reports = shield.reports.values.filter { $0.barrierId == barrierId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (reports, userMinis(reports.map { $0.createdBy }))
    }
}
