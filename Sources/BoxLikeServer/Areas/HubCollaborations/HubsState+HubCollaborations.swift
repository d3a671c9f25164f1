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
extension HubsState {
    static let hubRoles: Set<String> = ["viewer", "editor", "co-owner"]

    mutating func hubCollaborationSnapshot(core: isolated ServerState, _ collaboration: HubCollaborationRecord) -> HubCollaborationSnapshot {
        let grantee: JSONValue
        if let groupId = collaboration.groupId {
            grantee = core.groupMini(groupId)
        } else {
            grantee = core.userMini(collaboration.userId ?? "")
        }
        return HubCollaborationSnapshot(collaboration: collaboration, grantee: grantee)
    }

    mutating func createHubCollaboration(core: isolated ServerState, hubId: String, granteeType: String, granteeId: String?, login: String?, role: String,
                                principal: Principal) throws -> HubCollaborationSnapshot {
        let hub = try self.hub(core: core, hubId, for: principal)
        let access = hubAccess(core: core, of: principal.userId, to: hub) ?? .viewer
        guard let granted = HubAccess(role: role) else {
            throw ServerErrorResponse.badRequest("role must be one of viewer, editor, co-owner")
        }
        let mayInvite = access >= .coOwner || (access == .editor && hub.canNonOwnersInvite && granted <= .editor)
        guard mayInvite else { throw ServerErrorResponse.forbidden("Access denied - insufficient permissions to invite to this hub") }
        var collaboration = HubCollaborationRecord(
            id: core.newId(), hubId: hub.id, role: role, createdBy: principal.userId, createdAt: core.currentTime)
        let existing = self.collaborations.values.filter { $0.hubId == hub.id }
        switch granteeType {
        case "group":
            guard let granteeId, core.groups[granteeId] != nil else { throw ServerErrorResponse.notFound("group") }
            if existing.contains(where: { $0.groupId == granteeId }) {
                throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "Group is already a collaborator")
            }
            collaboration.groupId = granteeId
        case "user":
            let target = granteeId.flatMap { core.users[$0] } ?? login.flatMap { core.user(login: $0) }
            guard let target else { throw ServerErrorResponse.notFound("user") }
            if hub.ownerId == target.id || existing.contains(where: { $0.userId == target.id }) {
                throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "User is already a collaborator")
            }
            collaboration.userId = target.id
        default:
            throw ServerErrorResponse.badRequest("accessible_by.type must be user or group")
        }
        let reached = collaboration.groupId.map { groupId in
            Set(core.groupMemberships.values.filter { $0.groupId == groupId }.map(\.userId))
        } ?? Set([collaboration.userId].compactMap { $0 })
        try core.checkInformationBarrier(hubOwnedBy: hub.ownerId, reaching: reached, by: principal.userId)
        self.collaborations[collaboration.id] = collaboration
        return hubCollaborationSnapshot(core: core, collaboration)
    }

    /// The collaborations of a hub the caller can see, oldest first.
    mutating func hubCollaborations(core: isolated ServerState, hubId: String, principal: Principal) throws -> [HubCollaborationSnapshot] {
        let hub = try self.hub(core: core, hubId, for: principal)
        return self.collaborations.values.filter { $0.hubId == hub.id }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { hubCollaborationSnapshot(core: core, $0) }
    }

    /// A collaboration, once the caller can see its hub (and, with `needs`, has that access).
    private mutating func hubCollaboration(core: isolated ServerState, _ id: String, principal: Principal, needs: HubAccess = .viewer) throws -> HubCollaborationRecord {
        guard let collaboration = self.collaborations[id],
              (try? hub(core: core, collaboration.hubId, for: principal)) != nil
        else { throw ServerErrorResponse.notFound("hub_collaboration") }
        _ = try hub(core: core, collaboration.hubId, for: principal, needs: needs)
        return collaboration
    }

    mutating func hubCollaborationById(core: isolated ServerState, _ id: String, principal: Principal) throws -> HubCollaborationSnapshot {
        hubCollaborationSnapshot(core: core, try hubCollaboration(core: core, id, principal: principal))
    }

    mutating func updateHubCollaboration(core: isolated ServerState, _ id: String, role: String?, principal: Principal) throws -> HubCollaborationSnapshot {
        var collaboration = try hubCollaboration(core: core, id, principal: principal, needs: .coOwner)
        if let role {
            guard Self.hubRoles.contains(role) else { throw ServerErrorResponse.badRequest("role must be one of viewer, editor, co-owner") }
            collaboration.role = role
        }
        self.collaborations[id] = collaboration
        return hubCollaborationSnapshot(core: core, collaboration)
    }

    /// Removes a collaboration: owners and co-owners may remove anyone, a collaborator themselves.
    mutating func deleteHubCollaboration(core: isolated ServerState, _ id: String, principal: Principal) throws {
        let collaboration = try hubCollaboration(core: core, id, principal: principal)
        if collaboration.userId != principal.userId {
            _ = try hubCollaboration(core: core, id, principal: principal, needs: .coOwner)
        }
        self.collaborations[id] = nil
    }
}
