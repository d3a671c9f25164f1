import BoxLikeJSON
import Foundation

/// Box's enterprise event types (the admin logs), for the changes the server records.
enum EnterpriseEventTypes {
    /// The enterprise type of each user-stream event type that the admin logs also show.
    static let forUserEvent: [String: String] = [
        "ITEM_CREATE": "UPLOAD", "ITEM_UPLOAD": "UPLOAD", "ITEM_TRASH": "DELETE", "ITEM_UNDELETE_VIA_TRASH": "UNDELETE",
        "ITEM_COPY": "COPY", "ITEM_MOVE": "MOVE", "ITEM_RENAME": "RENAME", "ITEM_DOWNLOAD": "DOWNLOAD",
        "ITEM_PREVIEW": "PREVIEW", "ITEM_OPEN": "ITEM_OPEN", "ITEM_MODIFY": "ITEM_MODIFY",
        "ITEM_SHARED_CREATE": "SHARE", "ITEM_SHARED_UNSHARE": "UNSHARE", "ITEM_SHARED_UPDATE": "ITEM_SHARED_UPDATE",
        "COLLAB_ADD_COLLABORATOR": "COLLABORATION_INVITE", "COLLAB_INVITE_COLLABORATOR": "COLLABORATION_INVITE",
        "COLLAB_ROLE_CHANGE": "COLLABORATION_ROLE_CHANGE", "COLLAB_REMOVE_COLLABORATOR": "COLLABORATION_REMOVE",
        EventTypes.collaborationAccept: "COLLABORATION_ACCEPT",
        "COMMENT_CREATE": "COMMENT_CREATE", "COMMENT_DELETE": "COMMENT_DELETE", EventTypes.commentUpdate: "COMMENT_EDIT",
        "GROUP_ADD_USER": "GROUP_ADD_USER", "GROUP_REMOVE_USER": "GROUP_REMOVE_USER",
        "GROUP_CREATION": "GROUP_CREATION", "GROUP_DELETION": "GROUP_DELETION",
        "LOCK_CREATE": "LOCK", "LOCK_DESTROY": "UNLOCK",
        "METADATA_INSTANCE_CREATE": "METADATA_INSTANCE_CREATE", "METADATA_INSTANCE_UPDATE": "METADATA_INSTANCE_UPDATE",
        "METADATA_INSTANCE_DELETE": "METADATA_INSTANCE_DELETE",
        "TASK_CREATE": "TASK_CREATE", "TASK_UPDATE": "TASK_UPDATE", "TASK_ASSIGNMENT_CREATE": "TASK_ASSIGNMENT_CREATE",
        "TASK_ASSIGNMENT_UPDATE": "TASK_ASSIGNMENT_UPDATE", "TASK_ASSIGNMENT_DELETE": "TASK_ASSIGNMENT_DELETE",
        "WATERMARK_LABEL_CREATE": "WATERMARK_LABEL_CREATE", "WATERMARK_LABEL_DELETE": "WATERMARK_LABEL_DELETE",
    ]
}

/// The admin logs: `GET /events?stream_type=admin_logs` (and `admin_logs_streaming`).
extension ServerState {
    /// Up to `limit` enterprise events after `position`, optionally only of `types` and
    /// within a creation window, and the position to continue from.
    func adminEvents(after position: Int, limit: Int, types: Set<String>?, createdAfter: Date?, createdBefore: Date?)
        -> (entries: [EventRecord], next: Int) {
        scanEvents(after: position, limit: limit) { event in
            guard let type = event.enterpriseType else { return false }
            return (types.map { $0.contains(type) } ?? true) && (createdAfter.map { event.createdAt >= $0 } ?? true)
                && (createdBefore.map { event.createdAt <= $0 } ?? true)
        }
    }

    /// Records a user's sign-in to an app (`ADD_LOGIN_ACTIVITY_DEVICE`) in the admin logs.
    func recordSignIn(of userId: String) {
        guard let user = users[userId] else { return }
        recordEvent("ADD_LOGIN_ACTIVITY_DEVICE", by: userId, source: nil, aboutUser: user, enterpriseOnly: true)
    }

    /// A chunk of the admin logs, read in one visit to the state.
    func readAdminEvents(after position: Int, limit: Int, types: Set<String>?, createdAfter: Date?, createdBefore: Date?)
        -> ([AdminEventView], Int) {
        let (entries, next) = adminEvents(after: position, limit: limit, types: types, createdAfter: createdAfter,
                                          createdBefore: createdBefore)
        return (entries.map(adminEventView), next)
    }

    /// A chunk of a user's event stream, read in one visit to the state.
    ///
    /// A token restricted to an item (`restriction`) sees only the events of that item and
    /// what is inside it.
    func readEvents(for userId: String, restrictedTo restriction: ItemRef? = nil, after position: Int,
                    limit: Int) -> ([EventView], Int) {
        guard let restriction else {
            let (entries, next) = events(for: userId, after: position, limit: limit)
            return (entries.map(eventView), next)
        }
        let (entries, next) = scanEvents(after: position, limit: limit) { event in
            guard event.visibleTo.contains(userId), let source = event.source else { return false }
            return lineage(of: source).contains(restriction)
        }
        return (entries.map(eventView), next)
    }

    /// An enterprise event with the names and minis its admin-log JSON needs.
    func adminEventView(_ event: EventRecord) -> AdminEventView {
        let item = event.source.flatMap { items[$0] }
        return AdminEventView(
            event: event, createdBy: userMini(event.createdBy), itemIsRoot: item?.isRoot ?? false, itemName: item?.name,
            parent: item?.parentId.map { mini(.folder($0)) } ?? .null, ownedBy: item.map { userMini($0.ownerId) } ?? .null)
    }
}
