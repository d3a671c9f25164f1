import Foundation

extension ServerState {
    /// Applies a `PUT` to any kind of item: etag and lock checks, move and rename, a file's
    /// lock, description, tags and shared link; records one event per change (`ITEM_MODIFY`
    /// when none has its own).
    func updateItem(_ ref: ItemRef, _ update: ItemUpdate, principal: Principal) throws -> ItemRecord {
        var item = try item(ref, for: principal)
        try checkEtag(update.ifMatch, current: item.etag)
        try checkLock(item, principal: principal)
        let placement = try placement(of: item, update: update, principal: principal)
        if let dispositionAt = update.dispositionAt { try self[area: RetentionState.self].extendRetention(core: self, of: item, to: dispositionAt, principal: principal) }
        let previousParentId = item.parentId
        let previousOwnerId = item.ownerId
        item.name = placement.name
        item.parentId = placement.parentId
        var events = placement.events
        events += applyLockChange(update.lock, to: &item, by: principal.userId)
        if let collections = update.collections { try self[area: CollectionsState.self].setCollections(core: self, collections, of: ref, for: principal.userId) }
        let onlyCollections = update.collections != nil && !update.changesAnything
        if !onlyCollections { try applyCommonChanges(update, to: &item, by: principal.userId, events: &events) }
        items[ref] = item
        if let newOwnerId = placement.newOwnerId, newOwnerId != previousOwnerId {
            handOver(ref, from: previousOwnerId, to: newOwnerId)
        }
        if !onlyCollections {
            for event in events.isEmpty ? ["ITEM_MODIFY"] : events { recordEvent(event, by: principal.userId, source: ref) }
        }
        if placement.parentId != previousParentId { self[area: MetadataCascadePoliciesState.self].applyCascadePolicies(core: self, reaching: ref, by: principal.userId) }
        return items[ref] ?? item
    }

    struct Placement {
        var name: String
        var parentId: String?
        var events: [String] = []
        /// The user the item goes to with `parent.user_id`, who owns it from then on.
        var newOwnerId: String?
    }

    /// Checks the caller may make `update` and works out the item's new name and parent
    /// (a root folder, with no parent, can be neither moved nor renamed).
    func placement(of item: ItemRecord, update: ItemUpdate, principal: Principal) throws -> Placement {
        let ref = item.ref
        for action in update.actions(on: item) { try authorize(principal, ref, action) }
        var result = Placement(name: item.name, parentId: item.parentId)
        if let parentApiId = update.parentApiId {
            guard item.parentId != nil else { throw ServerErrorResponse.badRequest("The root folder cannot be moved") }
            let parent: ItemRecord
            if let userId = update.parentUserId {
                parent = try rootFolder(ofUser: userId, receiving: item, principal: principal)
                result.newOwnerId = userId
            } else {
                parent = try folder(parentApiId, for: principal, to: .upload)
            }
            if ref.type == .folder && isWithin(parent.ref, folder: ref.id) {
                throw ServerErrorResponse.badRequest("Cannot move a folder into itself or its descendant")
            }
            if parent.id != item.parentId {
                try self[area: FolderLocksState.self].checkFolderLock(core: self, ref, operation: "move")
                try checkInformationBarrier(moving: ref, into: parent.ref, by: principal.userId)
                try ensureNameFree(update.name ?? item.name, in: parent.id, except: ref)
                result.parentId = parent.id
                result.events.append("ITEM_MOVE")
            }
        }
        if let newName = update.name, newName != item.name {
            guard let parent = result.parentId else { throw ServerErrorResponse.badRequest("The root folder cannot be renamed") }
            try validateName(newName)
            try ensureNameFree(newName, in: parent, except: ref)
            result.name = newName
            result.events.append("ITEM_RENAME")
        }
        return result
    }

    /// The root folder of `userId`, where `parent.user_id` moves an item: the caller's own, or
    /// anyone's for an enterprise admin (`403` for anyone else, `404` for a user who does not
    /// exist); an information barrier between the owner and the user refuses the hand-over.
    func rootFolder(ofUser userId: String, receiving item: ItemRecord, principal: Principal) throws -> ItemRecord {
        let user = try self.user(userId)
        if userId != principal.userId {
            try requireEnterpriseAdmin(principal, "Only enterprise admins may move items to another user's root folder.")
        }
        try checkInformationBarrier(transferringOwnershipOf: item.ref, from: item.ownerId, to: userId, by: principal.userId)
        guard let root = items[.folder(user.rootFolderId)] else { throw ServerErrorResponse.notFound("folder") }
        return root
    }

    /// Makes `newOwner` the owner of the item and of what the previous owner owned inside it.
    func handOver(_ ref: ItemRef, from previousOwner: String, to newOwner: String) {
        var moving = [ref]
        var index = 0
        while index < moving.count {
            let current = moving[index]
            if items[current]?.ownerId == previousOwner { items[current]?.ownerId = newOwner }
            if current.type == .folder { moving.append(contentsOf: items.children(of: current.id).map(\.ref)) }
            index += 1
        }
    }

    /// Applies description, tags and shared link, and bumps the etag and modification stamp.
    func applyCommonChanges(_ update: ItemUpdate, to item: inout ItemRecord, by userId: String, events: inout [String]) throws {
        if let description = update.description { item.description = description }
        if let tags = update.tags { item.tags = tags }
        if item.type == .folder {
            if let value = update.canNonOwnersInvite { item.canNonOwnersInvite = value }
            if let value = update.canNonOwnersViewCollaborators { item.canNonOwnersViewCollaborators = value }
            if let value = update.isCollaborationRestrictedToEnterprise { item.isCollaborationRestrictedToEnterprise = value }
        }
        if let url = update.url, case .webLink(var link) = item.payload {
            try validateWebLinkURL(url)
            link.url = url
            item.payload = .webLink(link)
        }
        item.sharedLink = try applySharedLink(update.sharedLink, to: item.sharedLink, of: item.ref, events: &events)
        item.etag += 1
        item.sequenceId += 1
        item.modifiedAt = currentTime
        item.modifiedBy = userId
    }
}
