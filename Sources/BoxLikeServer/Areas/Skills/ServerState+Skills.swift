import BoxLikeJSON
import Foundation

/// Box Skills cards: the `global/boxSkillsCards` metadata instance on a file, written by a
/// skill (`PUT /skill_invocations/{id}` replaces every card) or card by card. It is an ordinary
/// instance otherwise, listed with the file's other metadata.
extension ServerState {
    static let skillCardsInstanceKey = "global/boxSkillsCards"

    func skillCards(onFile fileId: String, principal: Principal) throws -> JSONValue {
        _ = try file(fileId, for: principal)
        guard let instance = metadata[Self.metadataKey(.file(fileId))]?[Self.skillCardsInstanceKey] else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "Instance not found")
        }
        return instance
    }

    func createSkillCards(onFile fileId: String, cards: [JSONValue], principal: Principal) throws -> JSONValue {
        _ = try file(fileId, for: principal, to: .editMetadata)
        let key = Self.metadataKey(.file(fileId))
        if metadata[key]?[Self.skillCardsInstanceKey] != nil {
            throw ServerErrorResponse(.conflict, code: "tuple_already_exists", message: "The file already has skill cards")
        }
        return storeSkillCards(cards, onFile: fileId, by: principal.userId)
    }

    /// Applies `replace` operations on single cards (`/cards/0`).
    func updateSkillCards(onFile fileId: String, operations: [JSONValue], principal: Principal) throws -> JSONValue {
        _ = try file(fileId, for: principal, to: .editMetadata)
        let key = Self.metadataKey(.file(fileId))
        guard var instance = metadata[key]?[Self.skillCardsInstanceKey]?.objectValue else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "Instance not found")
        }
        var cards = instance["cards"]?.arrayValue ?? []
        for operation in operations {
            guard operation["op"]?.stringValue == "replace" else { throw ServerErrorResponse.badRequest("Only replace operations are supported") }
            guard let path = operation["path"]?.stringValue, path.hasPrefix("/cards/"), let index = Int(path.dropFirst("/cards/".count)),
                  cards.indices.contains(index)
            else { throw ServerErrorResponse.badRequest("path must name an existing card, /cards/<index>") }
            guard let value = operation["value"] else { throw ServerErrorResponse.badRequest("replace needs a value") }
            cards[index] = value
        }
        instance["cards"] = .array(cards)
        instance["$version"] = .int((instance["$version"]?.intValue ?? 0) + 1)
        metadata[key]?[Self.skillCardsInstanceKey] = .object(instance)
        recordEvent("METADATA_INSTANCE_UPDATE", by: principal.userId, source: .file(fileId))
        return .object(instance)
    }

    func deleteSkillCards(onFile fileId: String, principal: Principal) throws {
        _ = try file(fileId, for: principal, to: .editMetadata)
        guard metadata[Self.metadataKey(.file(fileId))]?.removeValue(forKey: Self.skillCardsInstanceKey) != nil else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "Instance not found")
        }
        recordEvent("METADATA_INSTANCE_DELETE", by: principal.userId, source: .file(fileId))
    }

    /// A skill's report on a file: its status and usage are kept, and its cards, when it sends
    /// some, replace the file's cards.
    func reportSkillInvocation(skillId: String, fileId: String, fileVersionId: String?, status: String, cards: [JSONValue]?,
                               usage: JSONValue?, principal: Principal) throws {
        let file = try file(fileId, for: principal, to: .editMetadata)
        if let fileVersionId, file.file?.version(fileVersionId) == nil { throw ServerErrorResponse.notFound("file_version") }
        self[area: SkillsState.self].invocations[skillId, default: [:]][fileId] = SkillInvocationRecord(
            skillId: skillId, fileId: fileId, status: status, usage: usage, reportedAt: currentTime)
        guard let cards else { return }
        let key = Self.metadataKey(.file(fileId))
        if var instance = metadata[key]?[Self.skillCardsInstanceKey]?.objectValue {
            instance["cards"] = .array(cards)
            instance["$version"] = .int((instance["$version"]?.intValue ?? 0) + 1)
            metadata[key]?[Self.skillCardsInstanceKey] = .object(instance)
            recordEvent("METADATA_INSTANCE_UPDATE", by: principal.userId, source: .file(fileId))
        } else {
            _ = storeSkillCards(cards, onFile: fileId, by: principal.userId)
        }
    }

    private func storeSkillCards(_ cards: [JSONValue], onFile fileId: String, by actor: String) -> JSONValue {
        let key = Self.metadataKey(.file(fileId))
        let instance = Self.newMetadataInstance(["cards": .array(cards)], on: key, scope: "global", template: "boxSkillsCards")
        metadata[key, default: [:]][Self.skillCardsInstanceKey] = instance
        recordEvent("METADATA_INSTANCE_CREATE", by: actor, source: .file(fileId))
        return instance
    }
}
