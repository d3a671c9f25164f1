import Foundation

extension ServerState {
    func applySharedLink(_ change: ItemUpdate.SharedLinkChange, to existing: SharedLinkRecord?, of item: ItemRef,
                         events: inout [String]) throws -> SharedLinkRecord? {
        switch change {
        case .unchanged:
            return existing
        case .remove:
            if existing != nil { events.append("ITEM_SHARED_UNSHARE") }
            return nil
        case .set(let access, let password, let unsharedAt, let canDownload, let canEdit, let vanityName):
            let accessLevel = access ?? existing?.access ?? "open"
            guard ["open", "company", "collaborators"].contains(accessLevel) else {
                throw ServerErrorResponse.badRequest("Invalid shared link access level")
            }
            var link = existing ?? SharedLinkRecord(
                token: TokenRegistry.randomToken(length: 32).lowercased(), access: accessLevel, password: nil,
                unsharedAt: nil, canDownload: true, canPreview: true, canEdit: false, vanityName: nil, createdAt: currentTime)
            link.access = accessLevel
            if let password { link.password = password }
            if let unsharedAt { link.unsharedAt = unsharedAt }
            if let canDownload { link.canDownload = canDownload }
            if let canEdit { link.canEdit = canEdit }
            if let vanityName {
                if let name = vanityName, sharedLinkHolder(where: { $0.vanityName == name }).map({ $0.ref != item }) ?? false {
                    throw ServerErrorResponse(.conflict, code: "conflict", message: "The vanity name is already in use")
                }
                link.vanityName = vanityName
            }
            events.append(existing == nil ? "ITEM_SHARED_CREATE" : "ITEM_SHARED_UPDATE")
            return link
        }
    }

    /// The item whose shared link has this token.
    func sharedItem(token: String) -> ItemRef? {
        sharedLinkHolder { SecretComparison.equal($0.token, token) }?.ref
    }

    /// The item whose shared link matches; a file before a folder should several match.
    private func sharedLinkHolder(where matches: (SharedLinkRecord) -> Bool) -> ItemRecord? {
        let holders = items.values.filter { ($0.sharedLink.map(matches) ?? false) && !isInTrash($0.ref) }
        return holders.first { $0.type == .file } ?? holders.first
    }

    /// Extracts the token of a shared link URL (`.../s/{token}`) this server issued.
    func sharedLinkToken(fromURL url: String) -> String? {
        let path = URLComponents(string: url)?.path ?? url
        guard let range = path.range(of: "/s/") else {
            if let vanity = path.range(of: "/v/") {
                let name = String(path[vanity.upperBound...])
                return sharedLinkHolder { $0.vanityName == name }?.sharedLink?.token
            }
            return nil
        }
        let token = String(path[range.upperBound...])
        return sharedItem(token: token) == nil ? nil : token
    }

    /// Resolves `BoxApi: shared_link=...&shared_link_password=...` for `viewer`: a link whose
    /// access is `collaborators` resolves only for those who already have the item, and
    /// `company` only for users of the enterprise (every user of the local Box); for anyone
    /// else the link is not found, as if it did not exist.
    func resolveSharedLink(url: String, password: String?, viewer: String) throws -> ItemRef {
        guard let token = sharedLinkToken(fromURL: url), let item = sharedItem(token: token) else {
            throw ServerErrorResponse.notFound("shared link")
        }
        let link = items[item]?.sharedLink
        if let unsharedAt = link?.unsharedAt, unsharedAt <= currentTime { throw ServerErrorResponse.notFound("shared link") }
        switch link?.access {
        case "collaborators": guard access(of: viewer, to: item) != nil else { throw ServerErrorResponse.notFound("shared link") }
        case "company": guard users[viewer] != nil else { throw ServerErrorResponse.notFound("shared link") }
        default: break
        }
        if let expected = link?.password, !SecretComparison.equal(password ?? "", expected) || password == nil {
            throw ServerErrorResponse.forbidden("Incorrect shared link password", code: "incorrect_shared_item_password")
        }
        return item
    }

    /// What the `BoxApi` header's link grants the viewer, when it resolves and no information
    /// barrier separates the viewer from the item's owner: exactly the link's settings, on its
    /// item and what is inside it.
    func sharedLinkGrant(url: String, password: String?, viewer: String) -> SharedLinkGrant? {
        guard let item = try? resolveSharedLink(url: url, password: password, viewer: viewer),
              let record = items[item], let link = record.sharedLink,
              informationBarrierSeparates(record.ownerId, viewer) == nil else { return nil }
        return SharedLinkGrant(item: item, actions: link.actions(on: .file))
    }
}
