import Foundation

/// What only web links have: creation and their URL. Reading, changing, deleting and the
/// trash are shared with the other kinds of item.
extension ServerState {
    /// Creates a web link without checks; callers validate first.
    func makeWebLink(url: String, name: String, description: String, parentId: String, actor: String,
                     event: String = "ITEM_CREATE") -> ItemRecord {
        insertItem(
            name: name, description: description, parentId: parentId, actor: actor, payload: .webLink(WebLinkPayload(url: url)),
            event: event)
    }

    /// Creates a web link in a folder the principal may change; its name defaults to the URL.
    func createWebLink(url: String, name: String?, description: String?, parentApiId: String, principal: Principal) throws -> ItemRecord {
        try validateWebLinkURL(url)
        if let name { try validateName(name) }
        let parent = try folder(parentApiId, for: principal, to: .upload)
        let linkName = name ?? url
        try ensureNameFree(linkName, in: parent.id)
        return makeWebLink(url: url, name: linkName, description: description ?? "", parentId: parent.id, actor: principal.userId)
    }

    /// Box accepts only absolute `http` and `https` URLs for web links.
    func validateWebLinkURL(_ url: String) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else { throw ServerErrorResponse.badRequest("url must be an http or https URL", code: "bad_request") }
    }
}
