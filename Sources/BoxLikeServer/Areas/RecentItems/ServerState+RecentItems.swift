import BoxLikeJSON
import Foundation

/// The items a user worked with lately.
extension ServerState {
    func recentItems(principal: Principal) -> [(item: ItemRecord, interaction: String, at: Date)] {
        let since = currentTime.addingTimeInterval(-CollectionsState.recentItemsWindow)
        var seen: Set<ItemRef> = []
        var recent: [(item: ItemRecord, interaction: String, at: Date)] = []
        for event in events.reversed() where event.createdBy == principal.userId && event.createdAt >= since {
            guard let source = event.source, let interaction = Self.interaction(for: event.eventType),
                  !seen.contains(source), let item = try? item(source, for: principal), !item.isRoot
            else { continue }
            seen.insert(source)
            recent.append((item, interaction, event.createdAt))
        }
        return recent
    }

    /// Box's `interaction_type` for an event, when the event is an interaction with an item.
    private static func interaction(for eventType: String) -> String? {
        switch eventType {
        case "ITEM_UPLOAD": "item_upload"
        case "ITEM_PREVIEW": "item_preview"
        case "ITEM_DOWNLOAD", "ITEM_OPEN": "item_open"
        case "COMMENT_CREATE": "item_comment"
        case "ITEM_CREATE", "ITEM_MODIFY", "ITEM_RENAME", "ITEM_MOVE", "ITEM_COPY", "ITEM_MAKE_CURRENT_VERSION",
             "METADATA_INSTANCE_CREATE", "METADATA_INSTANCE_UPDATE": "item_modify"
        default: nil
        }
    }
}
