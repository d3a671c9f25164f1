import BoxLikeJSON

/// An association with the app item and item minis its JSON shows.
struct AppItemAssociationView: Sendable {
    var association: AppItemAssociationRecord
    var appItem: AppItemRecord
    var item: JSONValue
}

/// The JSON of app items and their associations.
enum AppItemRepresentation {
    static func render(_ appItem: AppItemRecord) -> JSONValue {
        ["type": "app_item", "id": .string(appItem.id), "application_type": .string(appItem.applicationType)]
    }

    static func render(_ view: AppItemAssociationView) -> JSONValue {
        [
            "type": "app_item_association", "id": .string(view.association.id),
            "app_item": render(view.appItem), "item": view.item,
        ]
    }
}
