import BoxLikeJSON
import Foundation

/// A shield list and its enterprise, read in one actor call.
struct ShieldListSnapshot: Sendable {
    var list: ShieldListRecord
    var enterprise: JSONValue
}

/// The enterprise's shield lists; only its admins manage or read them. Names are unique in the
/// enterprise, regardless of case.
extension ServerState {
    private func requireShieldAdmin(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may manage shield lists.") }
    }

    private func shieldListSnapshot(_ list: ShieldListRecord) -> ShieldListSnapshot {
        ShieldListSnapshot(list: list, enterprise: ["id": .string(enterpriseId), "type": "enterprise"])
    }

    private func checkShieldListName(_ name: String, except id: String?) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ServerErrorResponse.badRequest("name must not be empty") }
        if self[area: ShieldListsState.self].lists.values.contains(where: { $0.id != id && $0.name.lowercased() == trimmed.lowercased() }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A shield list with this name already exists")
        }
        return trimmed
    }

    func createShieldList(name: String, description: String?, content: ShieldListContent, principal: Principal) throws -> ShieldListSnapshot {
        try requireShieldAdmin(principal)
        let now = currentTime
        let list = ShieldListRecord(id: newId(), name: try checkShieldListName(name, except: nil), description: description,
                                    content: content, createdAt: now, updatedAt: now)
        self[area: ShieldListsState.self].lists[list.id] = list
        return shieldListSnapshot(list)
    }

    /// The enterprise's lists, by name.
    func shieldLists(principal: Principal) throws -> [ShieldListRecord] {
        try requireShieldAdmin(principal)
        return self[area: ShieldListsState.self].lists.values.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    func shieldList(_ id: String, principal: Principal) throws -> ShieldListSnapshot {
        try requireShieldAdmin(principal)
        guard let list = self[area: ShieldListsState.self].lists[id] else { throw ServerErrorResponse.notFound("shield_list") }
        return shieldListSnapshot(list)
    }

    /// Replaces a list's name, description (when given) and content.
    func updateShieldList(_ id: String, name: String, description: String?, content: ShieldListContent,
                          principal: Principal) throws -> ShieldListSnapshot {
        try requireShieldAdmin(principal)
        guard var list = self[area: ShieldListsState.self].lists[id] else { throw ServerErrorResponse.notFound("shield_list") }
        list.name = try checkShieldListName(name, except: id)
        if let description { list.description = description }
        list.content = content
        list.updatedAt = currentTime
        self[area: ShieldListsState.self].lists[id] = list
        return shieldListSnapshot(list)
    }

    func deleteShieldList(_ id: String, principal: Principal) throws {
        try requireShieldAdmin(principal)
        guard self[area: ShieldListsState.self].lists.removeValue(forKey: id) != nil else { throw ServerErrorResponse.notFound("shield_list") }
    }
}
