import BoxLikeJSON
import Foundation

/// Reading an ``ItemUpdate`` from the JSON body of a `PUT` on an item.
extension ItemUpdate {
    /// Scopes an item update needs: sharing needs `item_share`, renames `item_rename`, other changes write access.
    static func requiredScopes(forBody body: JSONValue) -> Set<String> {
        let keys = Set(body.objectValue?.keys.map { $0 } ?? [])
        if keys == ["shared_link"] { return Scope.share }
        if keys == ["name"] { return Scope.rename }
        if keys == ["collections"] { return Scope.read }
        return Scope.write
    }

    init(body: JSONValue, ifMatch: String?) throws {
        self.init()
        self.ifMatch = ifMatch
        name = body["name"]?.stringValue
        if let description = body["description"] { self.description = description.stringValue ?? "" }
        if let parent = body["parent"] {
            // The spec leaves `parent.id` optional, so this stays a rule of the handler.
            guard let id = parent.idMember else { throw ServerErrorResponse.badRequest("parent.id is required") }
            parentApiId = id
            if let userId = parent["user_id"]?.stringValue {
                // Box: with `user_id` the item can only go to that user's root folder, `0`.
                guard id == "0" else {
                    throw ServerErrorResponse.badRequest("parent.id must be 0 when parent.user_id is given")
                }
                parentUserId = userId
            }
        }
        if let tags = body["tags"]?.arrayValue { self.tags = tags.compactMap(\.stringValue) }
        url = body["url"]?.stringValue
        if let text = body["disposition_at"]?.stringValue {
            guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("disposition_at must be a date-time") }
            dispositionAt = date
        }
        if let collections = body["collections"], collections.isNull {
            // Box: `null`, like `[]`, takes the item out of every collection.
            self.collections = []
        } else if let collections = body["collections"] {
            guard let list = collections.arrayValue else { throw ServerErrorResponse.badRequest("collections must be an array") }
            self.collections = try list.map { entry in
                guard let id = entry.idMember else { throw ServerErrorResponse.badRequest("each collection needs an id") }
                if let type = entry["type"], type.stringValue != "collection" {
                    throw ServerErrorResponse.badRequest("a collection's type must be collection")
                }
                return id
            }
        }
        canNonOwnersInvite = body["can_non_owners_invite"]?.boolValue
        canNonOwnersViewCollaborators = body["can_non_owners_view_collaborators"]?.boolValue
        isCollaborationRestrictedToEnterprise = body["is_collaboration_restricted_to_enterprise"]?.boolValue
        if canNonOwnersViewCollaborators == false && canNonOwnersInvite != false {
            // Box: turning off non-owners viewing collaborators needs invitations off too.
            if canNonOwnersInvite == true || body["can_non_owners_invite"] == nil {
                throw ServerErrorResponse.badRequest(
                    "can_non_owners_invite must be false when can_non_owners_view_collaborators is false")
            }
        }
        if let link = body["shared_link"] { sharedLink = try SharedLinkChange(body: link) }
        if let lock = body["lock"] {
            if lock.isNull {
                self.lock = .remove
            } else {
                let expiresAt = try lock["expires_at"]?.stringValue.map { text -> Date in
                    guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("lock.expires_at must be a date-time") }
                    return date
                }
                self.lock = .set(expiresAt: expiresAt, isDownloadPrevented: lock["is_download_prevented"]?.boolValue ?? false)
            }
        }
    }
}

extension ItemUpdate.SharedLinkChange {
    /// Reads the `shared_link` member: `null` removes the link, an object creates or changes it.
    init(body link: JSONValue) throws {
        if link.isNull {
            self = .remove
            return
        }
        guard link.objectValue != nil else { throw ServerErrorResponse.badRequest("shared_link must be an object or null") }
        let password: String?? = link["password"].map { $0.stringValue }
        var unsharedAt: Date?? = nil
        if let value = link["unshared_at"] {
            if let text = value.stringValue {
                guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("shared_link.unshared_at must be a date-time") }
                unsharedAt = .some(date)
            } else {
                unsharedAt = .some(nil)
            }
        }
        let vanity: String?? = link["vanity_name"].map { $0.stringValue }
        self = .set(
            access: link["access"]?.stringValue, password: password, unsharedAt: unsharedAt,
            canDownload: link["permissions"]?["can_download"]?.boolValue, canEdit: link["permissions"]?["can_edit"]?.boolValue,
            vanityName: vanity)
    }
}
