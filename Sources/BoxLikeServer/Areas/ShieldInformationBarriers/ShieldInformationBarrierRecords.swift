import Foundation

/// An enterprise's information barrier: while `enabled`, the restrictions between its
/// segments keep their members from collaborating, joining a group together or opening one
/// another's shared links.
struct ShieldInformationBarrierRecord: Sendable {
    var id: String
    /// `draft` when created, `enabled` once switched on, `disabled` when switched off.
    var status: String
    var createdAt: Date
    var createdBy: String
    var updatedAt: Date
    var updatedBy: String
    var enabledAt: Date?
    var enabledBy: String?

    var isEnforced: Bool { status == "enabled" }
}

/// A named group of users inside one barrier.
struct ShieldInformationBarrierSegmentRecord: Sendable {
    var id: String
    var barrierId: String
    var name: String
    var description: String?
    var createdAt: Date
    var createdBy: String
    var updatedAt: Date
    var updatedBy: String
}

/// A user placed in a segment; a user is in at most one segment of a barrier.
struct ShieldInformationBarrierSegmentMemberRecord: Sendable {
    var id: String
    var barrierId: String
    var segmentId: String
    var userId: String
    var createdAt: Date
    var createdBy: String
}

/// A segment kept apart from another (`restrictedSegmentId`). The barrier treats the pair as
/// separated in both directions: information may not flow from either side to the other.
struct ShieldInformationBarrierSegmentRestrictionRecord: Sendable {
    var id: String
    var barrierId: String
    var segmentId: String
    var restrictedSegmentId: String
    var createdAt: Date
    var createdBy: String
}

/// A report of the collaborations that break a barrier, written as a file into a folder of
/// the admin who asked for it (Box hands back the folder's id in `details`).
struct ShieldInformationBarrierReportRecord: Sendable {
    var id: String
    var barrierId: String
    var status: String
    var folderId: String?
    var createdAt: Date
    var createdBy: String
    var updatedAt: Date
}

/// One collaboration that reaches users on both sides of a restriction.
struct InformationBarrierViolation: Sendable, Equatable {
    var collaborationId: String
    var itemType: String
    var itemId: String
    var ownerId: String
    var ownerSegmentId: String
    var collaboratorId: String
    var collaboratorSegmentId: String
}

/// Two users an enabled barrier keeps apart: the barrier, the first user's segment and the
/// segment a restriction separates it from (the second user's).
struct InformationBarrierSeparation: Sendable, Equatable {
    var barrierId: String
    var firstSegmentId: String
    var secondSegmentId: String
}

/// Everything the information-barrier area keeps, by id.
struct ShieldInformationBarriersState: AreaState {
    var barriers: [String: ShieldInformationBarrierRecord] = [:]
    var segments: [String: ShieldInformationBarrierSegmentRecord] = [:]
    var members: [String: ShieldInformationBarrierSegmentMemberRecord] = [:]
    var restrictions: [String: ShieldInformationBarrierSegmentRestrictionRecord] = [:]
    var reports: [String: ShieldInformationBarrierReportRecord] = [:]
}

/// Which segments keep users apart: read by the policy on every share, collaboration, move
/// and copy, and by the barrier reports.
extension ShieldInformationBarriersState {
    /// The segment of `userId` in each enabled barrier, by barrier id.
    private func enforcedSegments(of userId: String) -> [String: String] {
        let state = self
        var segments: [String: String] = [:]
        for member in state.members.values where member.userId == userId && state.barriers[member.barrierId]?.isEnforced == true {
            segments[member.barrierId] = member.segmentId
        }
        return segments
    }

    /// Whether a restriction of an enabled barrier separates the two users (in either direction).
    /// `barrierId` limits the question to one barrier, enabled or not (for reports).
    func separation(_ first: String, _ second: String, barrierId: String? = nil) -> InformationBarrierSeparation? {
        guard first != second else { return nil }
        let state = self
        if state.barriers.isEmpty { return nil }
        func segments(of userId: String) -> [String: String] {
            guard let barrierId else { return enforcedSegments(of: userId) }
            var result: [String: String] = [:]
            for member in state.members.values where member.userId == userId && member.barrierId == barrierId {
                result[barrierId] = member.segmentId
            }
            return result
        }
        let firstSegments = segments(of: first)
        if firstSegments.isEmpty { return nil }
        let secondSegments = segments(of: second)
        for (barrier, firstSegment) in firstSegments.sorted(by: { $0.key < $1.key }) {
            guard let secondSegment = secondSegments[barrier], secondSegment != firstSegment else { continue }
            let restricted = state.restrictions.values.contains {
                ($0.segmentId == firstSegment && $0.restrictedSegmentId == secondSegment)
                    || ($0.segmentId == secondSegment && $0.restrictedSegmentId == firstSegment)
            }
            if restricted {
                return InformationBarrierSeparation(barrierId: barrier, firstSegmentId: firstSegment, secondSegmentId: secondSegment)
            }
        }
        return nil
    }
}
