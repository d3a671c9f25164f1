import BoxLikeJSON
import Foundation

/// App items and their associations with files and folders. Box apps make them; the API only
/// reads them, so the server makes them through ``BoxLikeServer/associateAppItem(applicationType:with:)``.
extension AppItemsState {
    /// Makes an app item of `applicationType` with a shared link and associates it with `item`.
    mutating func makeAppItem(core: isolated ServerState, applicationType: String, associatedWith item: ItemRef) throws -> AppItemRecord {
        guard core.items[item] != nil else { throw ServerErrorResponse.notFound(item.type.rawValue) }
        let appItem = AppItemRecord(
            id: core.newId(), applicationType: applicationType, sharedLinkToken: TokenRegistry.randomToken(length: 32).lowercased())
        self.appItems[appItem.id] = appItem
        let association = AppItemAssociationRecord(id: core.newId(), appItemId: appItem.id, item: item)
        self.associations[association.id] = association
        return appItem
    }

    /// Associates an existing app item with one more file or folder.
    mutating func associate(core: isolated ServerState, appItemId: String, with item: ItemRef) throws {
        guard core.items[item] != nil else { throw ServerErrorResponse.notFound(item.type.rawValue) }
        guard self.appItems[appItemId] != nil else { throw ServerErrorResponse.notFound("app_item") }
        let association = AppItemAssociationRecord(id: core.newId(), appItemId: appItemId, item: item)
        self.associations[association.id] = association
    }

    /// The app items associated with an item the caller can see, optionally of one application type.
    mutating func appItemAssociations(core: isolated ServerState, on item: ItemRef, applicationType: String?, principal: Principal) throws -> [AppItemAssociationView] {
        _ = try core.item(item, for: principal)
        let state = self
        return state.associations.values.filter { $0.item == item }.sorted { $0.id < $1.id }.compactMap { association in
            guard let appItem = state.appItems[association.appItemId],
                  applicationType.map({ $0 == appItem.applicationType }) ?? true
            else { return nil }
            return AppItemAssociationView(association: association, appItem: appItem, item: core.mini(item))
        }
    }

    /// The app item whose shared link `url` is (`.../s/<token>`), if it names one.
    mutating func appItem(core: isolated ServerState, sharedLinkURL url: String) -> AppItemRecord? {
        let path = URLComponents(string: url)?.path ?? url
        guard let range = path.range(of: "/s/") else { return nil }
        let token = String(path[range.upperBound...])
        return self.appItems.values.first { SecretComparison.equal($0.sharedLinkToken, token) }
    }
}
