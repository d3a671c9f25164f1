import BoxLikeJSON
import Foundation

/// What an enabled information barrier forbids, for the areas whose operations it stops:
/// collaborations (``checkInformationBarrier(collaborationOn:reaching:by:)``), group memberships
/// (``checkInformationBarrier(joining:group:by:)``), shared-link access
/// (``checkInformationBarrier(sharedItem:viewer:)``), moving and copying items
/// (``checkInformationBarrier(moving:into:by:)``, ``checkInformationBarrier(copying:into:by:)``)
/// and transferring ownership (``checkInformationBarrier(transferringOwnershipOf:from:to:by:)``).
/// Each of those areas makes one call here. Every refusal is recorded in the admin logs under
/// Box's `SHIELD_INFORMATION_BARRIER_..._BLOCKED` event type.
extension ServerState {
    /// Box's answer when a barrier stops an operation.
    static func informationBarrierRefusal() -> ServerErrorResponse {
        ServerErrorResponse.forbidden(
            "An information barrier keeps these users from working together.", code: "forbidden_by_policy")
    }

    /// Records the refusal in the admin logs and returns Box's error for the caller to throw.
    private func refuseAcrossBarrier(_ eventType: String, _ separation: InformationBarrierSeparation, by actor: String,
                                     source: ItemRef?) -> ServerErrorResponse {
        recordEvent(eventType, by: actor, source: source, enterpriseOnly: true, details: [
            "shield_information_barrier_id": .string(separation.barrierId),
            "shield_information_barrier_segment_id": .string(separation.firstSegmentId),
            "restricted_segment_id": .string(separation.secondSegmentId),
        ])
        return Self.informationBarrierRefusal()
    }

    /// Whether a restriction of an enabled barrier separates the two users (in either direction).
    /// `barrierId` limits the question to one barrier, enabled or not (for reports).
    func informationBarrierSeparates(_ first: String, _ second: String, barrierId: String? = nil) -> InformationBarrierSeparation? {
        self[area: ShieldInformationBarriersState.self].separation(first, second, barrierId: barrierId)
    }

    /// The first separation between any of `sharers` and any of `audience`.
    private func informationBarrierSeparation(between sharers: Set<String>, and audience: Set<String>) -> InformationBarrierSeparation? {
        for sharer in sharers.sorted() {
            for member in audience.sorted() {
                if let separation = informationBarrierSeparates(sharer, member) { return separation }
            }
        }
        return nil
    }

    /// Refuses a collaboration on `item` reaching `collaborators` when a barrier separates any of
    /// them from the item's owner or from the user inviting them.
    func checkInformationBarrier(collaborationOn item: ItemRef, reaching collaborators: Set<String>, by inviter: String) throws {
        let sharers = Set([items[item]?.ownerId, inviter].compactMap { $0 })
        if let separation = informationBarrierSeparation(between: sharers, and: collaborators) {
            throw refuseAcrossBarrier("SHIELD_INFORMATION_BARRIER_COLLAB_BLOCKED", separation, by: inviter, source: item)
        }
    }

    /// Refuses a hub collaboration reaching `collaborators` when a barrier separates any of them
    /// from the hub's owner or from the user inviting them.
    func checkInformationBarrier(hubOwnedBy owner: String, reaching collaborators: Set<String>, by inviter: String) throws {
        if let separation = informationBarrierSeparation(between: [owner, inviter], and: collaborators) {
            throw refuseAcrossBarrier("SHIELD_INFORMATION_BARRIER_COLLAB_BLOCKED", separation, by: inviter, source: nil)
        }
    }

    /// Refuses adding `userId` to a group with a member a barrier separates them from, or to a
    /// group collaborating on an item whose owner a barrier separates them from (joining would
    /// open that item to them). `actor` is who asked.
    func checkInformationBarrier(joining userId: String, group groupId: String, by actor: String) throws {
        var others = Set(groupMemberships.values.filter { $0.groupId == groupId }.map(\.userId))
        for collaboration in collaborations.values where collaboration.groupId == groupId {
            if let owner = items[collaboration.item]?.ownerId { others.insert(owner) }
        }
        if let separation = informationBarrierSeparation(between: [userId], and: others) {
            throw refuseAcrossBarrier("SHIELD_INFORMATION_BARRIER_GROUP_ADD_USER_BLOCKED", separation, by: actor, source: nil)
        }
    }

    /// Refuses opening a shared link to an item whose owner a barrier separates from the viewer.
    func checkInformationBarrier(sharedItem item: ItemRef, viewer: String) throws {
        guard let owner = items[item]?.ownerId else { return }
        if let separation = informationBarrierSeparates(owner, viewer) {
            throw refuseAcrossBarrier("SHIELD_INFORMATION_BARRIER_SHARED_ITEM_ACCESS_BLOCKED", separation, by: viewer, source: item)
        }
    }

    /// Refuses moving `item` into `folder` when a barrier separates the item's owner from anyone
    /// who can see the folder (its owner and the collaborators on it or above it).
    func checkInformationBarrier(moving item: ItemRef, into folder: ItemRef, by actor: String) throws {
        guard let owner = items[item]?.ownerId else { return }
        if let separation = informationBarrierSeparation(between: [owner], and: audience(of: folder)) {
            throw refuseAcrossBarrier("SHIELD_INFORMATION_BARRIER_ITEM_MOVE_BLOCKED", separation, by: actor, source: item)
        }
    }

    /// Refuses copying `item` into `folder` when a barrier separates the item's owner from anyone
    /// who can see the folder.
    func checkInformationBarrier(copying item: ItemRef, into folder: ItemRef, by actor: String) throws {
        guard let owner = items[item]?.ownerId else { return }
        if let separation = informationBarrierSeparation(between: [owner], and: audience(of: folder)) {
            throw refuseAcrossBarrier("SHIELD_INFORMATION_BARRIER_ITEM_COPY_BLOCKED", separation, by: actor, source: item)
        }
    }

    /// Refuses handing content from `previousOwner` to `newOwner` (a user's whole content, or
    /// one item through a collaboration's `owner` role) when a barrier separates them. `item`
    /// names the item for the admin logs, when there is one.
    func checkInformationBarrier(transferringOwnershipOf item: ItemRef?, from previousOwner: String, to newOwner: String,
                                 by actor: String) throws {
        if let separation = informationBarrierSeparates(previousOwner, newOwner) {
            throw refuseAcrossBarrier("SHIELD_INFORMATION_BARRIER_ITEM_OWNER_TRANSFER_BLOCKED", separation, by: actor, source: item)
        }
    }

    /// Who can see what is in `folder`: its owner and the collaborators on it or on a folder
    /// above it.
    private func audience(of folder: ItemRef) -> Set<String> {
        var audience: Set<String> = []
        for ancestor in lineage(of: folder) {
            if let owner = items[ancestor]?.ownerId { audience.insert(owner) }
            for collaboration in collaborations.on(ancestor) {
                audience.formUnion(collaborators(of: collaboration))
            }
        }
        return audience
    }

    /// The collaborations that reach, from an item's owner, a user the barrier's restrictions
    /// separate from them, whether or not the barrier is enabled yet (a report is how an admin
    /// finds them before switching it on).
    func informationBarrierViolations(barrierId: String, barriers: ShieldInformationBarriersState) -> [InformationBarrierViolation] {
        var violations: [InformationBarrierViolation] = []
        for collaboration in collaborations.values.sorted(by: { $0.id < $1.id }) {
            guard let owner = items[collaboration.item]?.ownerId else { continue }
            for collaborator in collaborators(of: collaboration).sorted() {
                guard let separation = barriers.separation(owner, collaborator, barrierId: barrierId) else { continue }
                violations.append(InformationBarrierViolation(
                    collaborationId: collaboration.id, itemType: collaboration.item.type.rawValue, itemId: collaboration.item.id,
                    ownerId: owner, ownerSegmentId: separation.firstSegmentId, collaboratorId: collaborator,
                    collaboratorSegmentId: separation.secondSegmentId))
            }
        }
        return violations
    }
}
