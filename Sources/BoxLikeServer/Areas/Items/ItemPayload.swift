/// What only one kind of item has; the case decides the item's ``ItemType``.
enum ItemPayload: Sendable {
    case folder
    case file(FilePayload)
    case webLink(WebLinkPayload)

    var type: ItemType {
        switch self {
        case .folder: .folder
        case .file: .file
        case .webLink: .webLink
        }
    }
}
