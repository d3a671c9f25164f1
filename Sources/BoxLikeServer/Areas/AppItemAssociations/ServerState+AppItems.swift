import BoxLikeJSON
import Foundation

/// App items and their associations with files and folders. Box apps make them; the API only
/// reads them, so the server makes them through ``BoxLikeServer/associateAppItem(applicationType:with:)``.
extension ServerState {
    /// Makes an app item of `applicationType` with a shared link and associates it with `item`.
    func makeAppItem(applicationType: String, associatedWith item: ItemRef) throws -> AppItemRecord {
        guard items[item] != nil else { throw ServerErrorResponse.notFound(item.type.rawValue) }
        let appItem = AppItemRecord(
            id: newId(), applicationType: applicationType, sharedLinkToken: TokenRegistry.randomToken(length: 32).lowercased())
        self[area: AppItemsState.self].appItems[appItem.id] = appItem
        let association = AppItemAssociationRecord(id: newId(), appItemId: appItem.id, item: item)
        self[area: AppItemsState.self].associations[association.id] = association
        return appItem
    }

    /// Associates an existing app item with one more file or folder.
    func associate(appItemId: String, with item: ItemRef) throws {
        guard items[item] != nil else { throw ServerErrorResponse.notFound(item.type.rawValue) }
        guard self[area: AppItemsState.self].appItems[appItemId] != nil else { throw ServerErrorResponse.notFound("app_item") }
        let association = AppItemAssociationRecord(id: newId(), appItemId: appItemId, item: item)
        self[area: AppItemsState.self].associations[association.id] = association
    }

    /// The app items associated with an item the caller can see, optionally of one application type.
    func appItemAssociations(on item: ItemRef, applicationType: String?, principal: Principal) throws -> [AppItemAssociationView] {
        _ = try self.item(item, for: principal)
        let state = self[area: AppItemsState.self]
        return state.associations.values.filter { $0.item == item }.sorted { $0.id < $1.id }.compactMap { association in
            guard let appItem = state.appItems[association.appItemId],
                  applicationType.map({ $0 == appItem.applicationType }) ?? true
            else { return nil }
            return AppItemAssociationView(association: association, appItem: appItem, item: mini(item))
        }
    }

    /// The app item whose shared link `url` is (`.../s/<token>`), if it names one.
    func appItem(sharedLinkURL url: String) -> AppItemRecord? {
        let path = URLComponents(string: url)?.path ?? url
        guard let range = path.range(of: "/s/") else { return nil }
        let token = String(path[range.upperBound...])
        return self[area: AppItemsState.self].appItems.values.first { SecretComparison.equal($0.sharedLinkToken, token) }
    }
}
