import BoxLikeJSON
import Foundation

/// A hub collaboration and the mini of the user or group it reaches, read in one actor call.
struct HubCollaborationSnapshot: Sendable {
    var collaboration: HubCollaborationRecord
    var grantee: JSONValue
}

/// Hub collaborations: who may view, edit or co-own a hub. Owners and co-owners manage them;
/// editors may invite (as editors or viewers) while the hub lets non-owners invite; a
/// collaborator may always leave.
extension ServerState {
    static let hubRoles: Set<String> = ["viewer", "editor", "co-owner"]

    func hubCollaborationSnapshot(_ collaboration: HubCollaborationRecord) -> HubCollaborationSnapshot {
        let grantee: JSONValue
        if let groupId = collaboration.groupId {
            grantee = groupMini(groupId)
        } else {
            grantee = userMini(collaboration.userId ?? "")
        }
        return HubCollaborationSnapshot(collaboration: collaboration, grantee: grantee)
    }

    func createHubCollaboration(hubId: String, granteeType: String, granteeId: String?, login: String?, role: String,
                                principal: Principal) throws -> HubCollaborationSnapshot {
        let hub = try self.hub(hubId, for: principal)
        let access = hubAccess(of: principal.userId, to: hub) ?? .viewer
        guard let granted = HubAccess(role: role) else {
            throw ServerErrorResponse.badRequest("role must be one of viewer, editor, co-owner")
        }
        let mayInvite = access >= .coOwner || (access == .editor && hub.canNonOwnersInvite && granted <= .editor)
        guard mayInvite else { throw ServerErrorResponse.forbidden("Access denied - insufficient permissions to invite to this hub") }
        var collaboration = HubCollaborationRecord(
            id: newId(), hubId: hub.id, role: role, createdBy: principal.userId, createdAt: currentTime)
        let existing = self[area: HubsState.self].collaborations.values.filter { $0.hubId == hub.id }
        switch granteeType {
        case "group":
            guard let granteeId, groups[granteeId] != nil else { throw ServerErrorResponse.notFound("group") }
            if existing.contains(where: { $0.groupId == granteeId }) {
                throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "Group is already a collaborator")
            }
            collaboration.groupId = granteeId
        case "user":
            let target = granteeId.flatMap { users[$0] } ?? login.flatMap { user(login: $0) }
            guard let target else { throw ServerErrorResponse.notFound("user") }
            if hub.ownerId == target.id || existing.contains(where: { $0.userId == target.id }) {
                throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "User is already a collaborator")
            }
            collaboration.userId = target.id
        default:
            throw ServerErrorResponse.badRequest("accessible_by.type must be user or group")
        }
        let reached = collaboration.groupId.map { groupId in
            Set(groupMemberships.values.filter { $0.groupId == groupId }.map(\.userId))
        } ?? Set([collaboration.userId].compactMap { $0 })
        try checkInformationBarrier(hubOwnedBy: hub.ownerId, reaching: reached, by: principal.userId)
        self[area: HubsState.self].collaborations[collaboration.id] = collaboration
        return hubCollaborationSnapshot(collaboration)
    }

    /// The collaborations of a hub the caller can see, oldest first.
    func hubCollaborations(hubId: String, principal: Principal) throws -> [HubCollaborationSnapshot] {
        let hub = try self.hub(hubId, for: principal)
        return self[area: HubsState.self].collaborations.values.filter { $0.hubId == hub.id }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { hubCollaborationSnapshot($0) }
    }

    /// A collaboration, once the caller can see its hub (and, with `needs`, has that access).
    private func hubCollaboration(_ id: String, principal: Principal, needs: HubAccess = .viewer) throws -> HubCollaborationRecord {
        guard let collaboration = self[area: HubsState.self].collaborations[id],
              (try? hub(collaboration.hubId, for: principal)) != nil
        else { throw ServerErrorResponse.notFound("hub_collaboration") }
        _ = try hub(collaboration.hubId, for: principal, needs: needs)
        return collaboration
    }

    func hubCollaborationById(_ id: String, principal: Principal) throws -> HubCollaborationSnapshot {
        hubCollaborationSnapshot(try hubCollaboration(id, principal: principal))
    }

    func updateHubCollaboration(_ id: String, role: String?, principal: Principal) throws -> HubCollaborationSnapshot {
        var collaboration = try hubCollaboration(id, principal: principal, needs: .coOwner)
        if let role {
            guard Self.hubRoles.contains(role) else { throw ServerErrorResponse.badRequest("role must be one of viewer, editor, co-owner") }
            collaboration.role = role
        }
        self[area: HubsState.self].collaborations[id] = collaboration
        return hubCollaborationSnapshot(collaboration)
    }

    /// Removes a collaboration: owners and co-owners may remove anyone, a collaborator themselves.
    func deleteHubCollaboration(_ id: String, principal: Principal) throws {
        let collaboration = try hubCollaboration(id, principal: principal)
        if collaboration.userId != principal.userId {
            _ = try hubCollaboration(id, principal: principal, needs: .coOwner)
        }
        self[area: HubsState.self].collaborations[id] = nil
    }
}
