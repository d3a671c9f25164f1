import BoxLikeJSON
import Foundation

/// A shield list and its enterprise, read in one actor call.
struct ShieldListSnapshot: Sendable {
    var list: ShieldListRecord
    var enterprise: JSONValue
}

/// The enterprise's shield lists; only its admins manage or read them. Names are unique in the
/// enterprise, regardless of case.
extension ShieldListsState {
    private mutating func requireShieldAdmin(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may manage shield lists.") }
    }

    private mutating func shieldListSnapshot(core: isolated ServerState, _ list: ShieldListRecord) -> ShieldListSnapshot {
        ShieldListSnapshot(list: list, enterprise: ["id": .string(core.enterpriseId), "type": "enterprise"])
    }

    private mutating func checkShieldListName(core: isolated ServerState, _ name: String, except id: String?) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ServerErrorResponse.badRequest("name must not be empty") }
        if self.lists.values.contains(where: { $0.id != id && $0.name.lowercased() == trimmed.lowercased() }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A shield list with this name already exists")
        }
        return trimmed
    }

    mutating func createShieldList(core: isolated ServerState, name: String, description: String?, content: ShieldListContent, principal: Principal) throws -> ShieldListSnapshot {
        try requireShieldAdmin(core: core, principal)
        let now = core.currentTime
        let list = ShieldListRecord(id: core.newId(), name: try checkShieldListName(core: core, name, except: nil), description: description,
                                    content: content, createdAt: now, updatedAt: now)
        self.lists[list.id] = list
        return shieldListSnapshot(core: core, list)
    }

    /// The enterprise's lists, by name.
    mutating func shieldLists(core: isolated ServerState, principal: Principal) throws -> [ShieldListRecord] {
        try requireShieldAdmin(core: core, principal)
        return self.lists.values.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    mutating func shieldList(core: isolated ServerState, _ id: String, principal: Principal) throws -> ShieldListSnapshot {
        try requireShieldAdmin(core: core, principal)
        guard let list = self.lists[id] else { throw ServerErrorResponse.notFound("shield_list") }
        return shieldListSnapshot(core: core, list)
    }

    /// Replaces a list's name, description (when given) and content.
    mutating func updateShieldList(core: isolated ServerState, _ id: String, name: String, description: String?, content: ShieldListContent,
                          principal: Principal) throws -> ShieldListSnapshot {
        try requireShieldAdmin(core: core, principal)
        guard var list = self.lists[id] else { throw ServerErrorResponse.notFound("shield_list") }
        list.name = try checkShieldListName(core: core, name, except: id)
        if let description { list.description = description }
        list.content = content
        list.updatedAt = core.currentTime
        self.lists[id] = list
        return shieldListSnapshot(core: core, list)
    }

    mutating func deleteShieldList(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try requireShieldAdmin(core: core, principal)
        guard self.lists.removeValue(forKey: id) != nil else { throw ServerErrorResponse.notFound("shield_list") }
    }
}
