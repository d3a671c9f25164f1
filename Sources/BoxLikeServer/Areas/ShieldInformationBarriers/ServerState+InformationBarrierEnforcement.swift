import Foundation

/// What an enabled information barrier forbids, for the areas whose operations it stops:
/// collaborations (``checkInformationBarrier(collaborationOn:reaching:by:)``), group memberships
/// (``checkInformationBarrier(joining:group:)``) and shared-link access
/// (``checkInformationBarrier(sharedItem:viewer:)``). Each of those areas makes one call here.
extension ServerState {
    /// Box's answer when a barrier stops an operation.
    static func informationBarrierRefusal() -> ServerErrorResponse {
        ServerErrorResponse.forbidden(
            "An information barrier keeps these users from working together.", code: "forbidden_by_policy")
    }

    /// The segment of `userId` in each enabled barrier, by barrier id.
    private func enforcedSegments(of userId: String) -> [String: String] {
        let state = self[area: ShieldInformationBarriersState.self]
        var segments: [String: String] = [:]
        for member in state.members.values where member.userId == userId && state.barriers[member.barrierId]?.isEnforced == true {
            segments[member.barrierId] = member.segmentId
        }
        return segments
    }

    /// Whether a restriction of an enabled barrier separates the two users (in either direction).
    /// `barrierId` limits the question to one barrier, enabled or not (for reports).
    func informationBarrierSeparates(_ first: String, _ second: String, barrierId: String? = nil) -> (String, String)? {
        guard first != second else { return nil }
        let state = self[area: ShieldInformationBarriersState.self]
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
        for (barrier, firstSegment) in firstSegments {
            guard let secondSegment = secondSegments[barrier], secondSegment != firstSegment else { continue }
            let restricted = state.restrictions.values.contains {
                ($0.segmentId == firstSegment && $0.restrictedSegmentId == secondSegment)
                    || ($0.segmentId == secondSegment && $0.restrictedSegmentId == firstSegment)
            }
            if restricted { return (firstSegment, secondSegment) }
        }
        return nil
    }

    /// Refuses a collaboration on `item` reaching `collaborators` when a barrier separates any of
    /// them from the item's owner or from the user inviting them.
    func checkInformationBarrier(collaborationOn item: ItemRef, reaching collaborators: Set<String>, by inviter: String) throws {
        let sharers = Set([items[item]?.ownerId, inviter].compactMap { $0 })
        for sharer in sharers {
            for collaborator in collaborators where informationBarrierSeparates(sharer, collaborator) != nil {
                throw Self.informationBarrierRefusal()
            }
        }
    }

    /// Refuses adding `userId` to a group with a member a barrier separates them from, or to a
    /// group collaborating on an item whose owner a barrier separates them from (joining would
    /// open that item to them).
    func checkInformationBarrier(joining userId: String, group groupId: String) throws {
        for membership in groupMemberships.values where membership.groupId == groupId {
            if informationBarrierSeparates(userId, membership.userId) != nil { throw Self.informationBarrierRefusal() }
        }
        for collaboration in collaborations.values where collaboration.groupId == groupId {
            if let owner = items[collaboration.item]?.ownerId, informationBarrierSeparates(userId, owner) != nil {
                throw Self.informationBarrierRefusal()
            }
        }
    }

    /// Refuses opening a shared link to an item whose owner a barrier separates from the viewer.
    func checkInformationBarrier(sharedItem item: ItemRef, viewer: String) throws {
        guard let owner = items[item]?.ownerId else { return }
        if informationBarrierSeparates(owner, viewer) != nil { throw Self.informationBarrierRefusal() }
    }

    /// The collaborations that reach, from an item's owner, a user the barrier's restrictions
    /// separate from them, whether or not the barrier is enabled yet (a report is how an admin
    /// finds them before switching it on).
    func informationBarrierViolations(barrierId: String) -> [InformationBarrierViolation] {
        var violations: [InformationBarrierViolation] = []
        for collaboration in collaborations.values.sorted(by: { $0.id < $1.id }) {
            guard let owner = items[collaboration.item]?.ownerId else { continue }
            for collaborator in collaborators(of: collaboration).sorted() {
                guard case let (ownerSegment, collaboratorSegment)? = informationBarrierSeparates(owner, collaborator, barrierId: barrierId)
                else { continue }
                violations.append(InformationBarrierViolation(
                    collaborationId: collaboration.id, itemType: collaboration.item.type.rawValue, itemId: collaboration.item.id,
                    ownerId: owner, ownerSegmentId: ownerSegment, collaboratorId: collaborator, collaboratorSegmentId: collaboratorSegment))
            }
        }
        return violations
    }
}
