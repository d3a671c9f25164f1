import BoxLikeJSON
import Foundation

/// Information barriers and their segments, members, restrictions and reports. Only the
/// enterprise's admins and its service account manage them; anyone else is answered 403.
extension ShieldInformationBarriersState {
    private var shield: ShieldInformationBarriersState {
        get { self }
        _modify { yield &self }
    }

    /// Refuses callers who are neither an admin nor the service account.
    mutating func requireShieldAdministrator(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage information barriers.")
        }
    }

    // MARK: - Barriers

    mutating func createShieldInformationBarrier(core: isolated ServerState, enterpriseId requested: String, principal: Principal)
        throws -> (ShieldInformationBarrierRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        guard requested == core.enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        if shield.barriers.values.contains(where: { $0.status != "disabled" }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The enterprise already has an information barrier")
        }
        let now = core.currentTime
        let barrier = ShieldInformationBarrierRecord(
            id: core.newId(), status: "draft", createdAt: now, createdBy: principal.userId, updatedAt: now, updatedBy: principal.userId)
        shield.barriers[barrier.id] = barrier
        return (barrier, core.userMinis([principal.userId]))
    }

    mutating func shieldInformationBarrier(core: isolated ServerState, _ id: String, principal: Principal) throws -> (ShieldInformationBarrierRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        let barrier = try existingBarrier(core: core, id)
        return (barrier, core.userMinis([barrier.createdBy, barrier.updatedBy, barrier.enabledBy]))
    }

    mutating func shieldInformationBarriers(core: isolated ServerState, principal: Principal) throws -> ([ShieldInformationBarrierRecord], UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        let barriers = shield.barriers.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (barriers, core.userMinis(barriers.flatMap { [$0.createdBy, $0.updatedBy, $0.enabledBy] }))
    }

    /// Switches a barrier on (`pending`: Box enables it in the background; here it is enforced
    /// from this call on) or off (`disabled`). A change to the state it is already in, or
    /// switching off a barrier never switched on, is `409` as in Box. The admin logs show
    /// `SHIELD_INFORMATION_BARRIER_PENDING` then `..._ENABLED`, or `..._DISABLED`.
    mutating func changeShieldInformationBarrierStatus(core: isolated ServerState, _ id: String, to status: String, principal: Principal)
        throws -> (ShieldInformationBarrierRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        var barrier = try existingBarrier(core: core, id)
        let now = core.currentTime
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
            core.recordEvent(type, by: principal.userId, source: nil, enterpriseOnly: true, details: details)
        }
        return (barrier, core.userMinis([barrier.createdBy, barrier.updatedBy, barrier.enabledBy]))
    }

    private mutating func existingBarrier(core: isolated ServerState, _ id: String) throws -> ShieldInformationBarrierRecord {
        guard let barrier = shield.barriers[id] else { throw ServerErrorResponse.notFound("shield_information_barrier") }
        return barrier
    }

    // MARK: - Segments

    mutating func createShieldInformationBarrierSegment(core: isolated ServerState, barrierId: String, name: String, description: String?, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        _ = try existingBarrier(core: core, barrierId)
        try ensureSegmentNameFree(core: core, name, in: barrierId, except: nil)
        let now = core.currentTime
        let segment = ShieldInformationBarrierSegmentRecord(
            id: core.newId(), barrierId: barrierId, name: name, description: description, createdAt: now, createdBy: principal.userId,
            updatedAt: now, updatedBy: principal.userId)
        shield.segments[segment.id] = segment
        return (segment, core.userMinis([principal.userId]))
    }

    mutating func shieldInformationBarrierSegment(core: isolated ServerState, _ id: String, principal: Principal) throws -> (ShieldInformationBarrierSegmentRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        let segment = try existingSegment(core: core, id)
        return (segment, core.userMinis([segment.createdBy, segment.updatedBy]))
    }

    mutating func shieldInformationBarrierSegments(core: isolated ServerState, barrierId: String, principal: Principal)
        throws -> ([ShieldInformationBarrierSegmentRecord], UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        _ = try existingBarrier(core: core, barrierId)
        let segments = shield.segments.values.filter { $0.barrierId == barrierId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (segments, core.userMinis(segments.flatMap { [$0.createdBy, $0.updatedBy] }))
    }

    /// Renames a segment or changes its description (`clearDescription` for an explicit `null`).
    mutating func updateShieldInformationBarrierSegment(core: isolated ServerState, _ id: String, name: String?, description: String?, clearDescription: Bool,
                                               principal: Principal) throws -> (ShieldInformationBarrierSegmentRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        var segment = try existingSegment(core: core, id)
        if let name {
            try ensureSegmentNameFree(core: core, name, in: segment.barrierId, except: id)
            segment.name = name
        }
        if clearDescription { segment.description = nil } else if let description { segment.description = description }
        segment.updatedAt = core.currentTime
        segment.updatedBy = principal.userId
        shield.segments[id] = segment
        return (segment, core.userMinis([segment.createdBy, segment.updatedBy]))
    }

    /// Deletes a segment with its members and every restriction that names it.
    mutating func deleteShieldInformationBarrierSegment(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try requireShieldAdministrator(core: core, principal)
        _ = try existingSegment(core: core, id)
        shield.segments[id] = nil
        shield.members = shield.members.filter { $0.value.segmentId != id }
        shield.restrictions = shield.restrictions.filter { $0.value.segmentId != id && $0.value.restrictedSegmentId != id }
    }

    private mutating func existingSegment(core: isolated ServerState, _ id: String) throws -> ShieldInformationBarrierSegmentRecord {
        guard let segment = shield.segments[id] else { throw ServerErrorResponse.notFound("shield_information_barrier_segment") }
        return segment
    }

    private mutating func ensureSegmentNameFree(core: isolated ServerState, _ name: String, in barrierId: String, except id: String?) throws {
        guard !name.isEmpty else { throw ServerErrorResponse.badRequest("name must not be empty") }
        if shield.segments.values.contains(where: { $0.barrierId == barrierId && $0.id != id && $0.name == name }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A segment of this information barrier already has that name")
        }
    }

    // MARK: - Segment members

    mutating func createShieldInformationBarrierSegmentMember(core: isolated ServerState, segmentId: String, userId: String, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentMemberRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        let segment = try existingSegment(core: core, segmentId)
        guard core.users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        if shield.members.values.contains(where: { $0.barrierId == segment.barrierId && $0.userId == userId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The user is already in a segment of this information barrier")
        }
        let member = ShieldInformationBarrierSegmentMemberRecord(
            id: core.newId(), barrierId: segment.barrierId, segmentId: segmentId, userId: userId, createdAt: core.currentTime, createdBy: principal.userId)
        shield.members[member.id] = member
        return (member, core.userMinis([userId, principal.userId]))
    }

    mutating func shieldInformationBarrierSegmentMember(core: isolated ServerState, _ id: String, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentMemberRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        guard let member = shield.members[id] else { throw ServerErrorResponse.notFound("shield_information_barrier_segment_member") }
        return (member, core.userMinis([member.userId, member.createdBy]))
    }

    mutating func shieldInformationBarrierSegmentMembers(core: isolated ServerState, segmentId: String, principal: Principal)
        throws -> ([ShieldInformationBarrierSegmentMemberRecord], UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        _ = try existingSegment(core: core, segmentId)
        let members = shield.members.values.filter { $0.segmentId == segmentId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (members, core.userMinis(members.flatMap { [$0.userId, $0.createdBy] }))
    }

    mutating func deleteShieldInformationBarrierSegmentMember(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try requireShieldAdministrator(core: core, principal)
        guard shield.members.removeValue(forKey: id) != nil else {
            throw ServerErrorResponse.notFound("shield_information_barrier_segment_member")
        }
    }

    // MARK: - Segment restrictions

    mutating func createShieldInformationBarrierSegmentRestriction(core: isolated ServerState, segmentId: String, restrictedSegmentId: String, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentRestrictionRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        let segment = try existingSegment(core: core, segmentId)
        let restricted = try existingSegment(core: core, restrictedSegmentId)
        guard segment.barrierId == restricted.barrierId else {
            throw ServerErrorResponse.badRequest("Both segments must belong to the same information barrier")
        }
        guard segmentId != restrictedSegmentId else { throw ServerErrorResponse.badRequest("A segment cannot be restricted from itself") }
        if shield.restrictions.values.contains(where: { $0.segmentId == segmentId && $0.restrictedSegmentId == restrictedSegmentId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The segment is already restricted from that segment")
        }
        let restriction = ShieldInformationBarrierSegmentRestrictionRecord(
            id: core.newId(), barrierId: segment.barrierId, segmentId: segmentId, restrictedSegmentId: restrictedSegmentId,
            createdAt: core.currentTime, createdBy: principal.userId)
        shield.restrictions[restriction.id] = restriction
        return (restriction, core.userMinis([principal.userId]))
    }

    mutating func shieldInformationBarrierSegmentRestriction(core: isolated ServerState, _ id: String, principal: Principal)
        throws -> (ShieldInformationBarrierSegmentRestrictionRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        guard let restriction = shield.restrictions[id] else {
            throw ServerErrorResponse.notFound("shield_information_barrier_segment_restriction")
        }
        return (restriction, core.userMinis([restriction.createdBy]))
    }

    mutating func shieldInformationBarrierSegmentRestrictions(core: isolated ServerState, segmentId: String, principal: Principal)
        throws -> ([ShieldInformationBarrierSegmentRestrictionRecord], UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        _ = try existingSegment(core: core, segmentId)
        let restrictions = shield.restrictions.values.filter { $0.segmentId == segmentId }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (restrictions, core.userMinis(restrictions.map { $0.createdBy }))
    }

    mutating func deleteShieldInformationBarrierSegmentRestriction(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try requireShieldAdministrator(core: core, principal)
        guard shield.restrictions.removeValue(forKey: id) != nil else {
            throw ServerErrorResponse.notFound("shield_information_barrier_segment_restriction")
        }
    }

    // MARK: - Reports

    /// Writes a report of the collaborations that break the barrier into a new folder of the
    /// caller's. Box builds it in the background; here it is done when the call returns, and
    /// the answer shows `pending` as Box's does.
    mutating func createShieldInformationBarrierReport(core: isolated ServerState, barrierId: String, principal: Principal)
        throws -> (ShieldInformationBarrierReportRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        _ = try existingBarrier(core: core, barrierId)
        let now = core.currentTime
        let id = core.newId()
        guard let root = core.users[principal.userId]?.rootFolderId else { throw ServerErrorResponse.notFound("user") }
        let folder = core.makeFolder(name: "Information barrier report \(id)", parentId: root, actor: principal.userId)
        let csv = ShieldInformationBarrierRepresentation.reportCSV(core.informationBarrierViolations(barrierId: barrierId, barriers: self))
        _ = core.makeFile(name: "information_barrier_report_\(id).csv", parentId: folder.id, actor: principal.userId,
                     content: StoredContent(bytes: Array(csv.utf8)))
        let report = ShieldInformationBarrierReportRecord(
            id: id, barrierId: barrierId, status: "done", folderId: folder.id, createdAt: now, createdBy: principal.userId, updatedAt: now)
        shield.reports[id] = report
        return (report, core.userMinis([principal.userId]))
    }

    mutating func shieldInformationBarrierReport(core: isolated ServerState, _ id: String, principal: Principal) throws -> (ShieldInformationBarrierReportRecord, UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        guard let report = shield.reports[id] else { throw ServerErrorResponse.notFound("shield_information_barrier_report") }
        return (report, core.userMinis([report.createdBy]))
    }

    mutating func shieldInformationBarrierReports(core: isolated ServerState, barrierId: String, principal: Principal)
        throws -> ([ShieldInformationBarrierReportRecord], UserMinis) {
        try requireShieldAdministrator(core: core, principal)
        _ = try existingBarrier(core: core, barrierId)
        let reports = shield.reports.values.filter { $0.barrierId == barrierId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return (reports, core.userMinis(reports.map { $0.createdBy }))
    }
}
