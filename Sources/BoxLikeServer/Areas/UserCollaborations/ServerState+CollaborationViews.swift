import BoxLikeJSON
import Foundation

/// What the JSON of collaborations needs from the state: the item, grantee and creator minis.
extension ServerState {
    func collaborationView(_ collaboration: CollaborationRecord) -> CollaborationView {
        CollaborationView(
            collaboration: collaboration, item: mini(collaboration.item),
            accessibleBy: collaboration.groupId.map(groupMini) ?? (collaboration.userId.isEmpty ? .null : userMini(collaboration.userId)),
            createdBy: userMini(collaboration.createdBy))
    }

    func collaborationViews(_ collaborations: [CollaborationRecord]) -> [CollaborationView] {
        collaborations.map(collaborationView)
    }
}
