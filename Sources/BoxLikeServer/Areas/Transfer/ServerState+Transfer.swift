import BoxLikeJSON
import Foundation

/// Moving one user's content to another (`PUT /users/{id}/folders/0`).
extension ServerState {
    /// Moves everything in `sourceId`'s root into a new folder in `destinationId`'s root,
    /// owned by the destination user from then on.
    func transferContent(from sourceId: String, to destinationId: String, principal: Principal) throws -> ItemRecord {
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may transfer content.") }
        guard let source = users[sourceId] else { throw ServerErrorResponse.notFound("user") }
        guard let destination = users[destinationId] else { throw ServerErrorResponse.notFound("user") }
        guard sourceId != destinationId else { throw ServerErrorResponse.badRequest("The source and destination user are the same.") }
        try checkInformationBarrier(transferringOwnershipOf: nil, from: sourceId, to: destinationId, by: principal.userId)
        var name = "\(source.login) - \(source.name)'s Files and Folders"
        var suffix = 1
        while children(of: destination.rootFolderId).contains(where: { $0.name.lowercased() == name.lowercased() }) {
            suffix += 1
            name = "\(source.login) - \(source.name)'s Files and Folders (\(suffix))"
        }
        let holder = makeFolder(name: name, parentId: destination.rootFolderId, actor: principal.userId)
        var moving = items.children(of: source.rootFolderId).map(\.ref)
        for ref in moving { items[ref]?.parentId = holder.id }
        // Everything under the moved items changes owner too.
        var index = 0
        while index < moving.count {
            let ref = moving[index]
            items[ref]?.ownerId = destinationId
            if ref.type == .folder {
                moving.append(contentsOf: items.children(of: ref.id).map(\.ref))
            }
            index += 1
        }
        recordEvent("ITEM_MOVE", by: principal.userId, source: holder.ref)
        return items[holder.ref] ?? holder
    }
}
