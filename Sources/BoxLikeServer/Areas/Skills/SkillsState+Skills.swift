import BoxLikeJSON
import Foundation

/// Box Skills cards: the `global/boxSkillsCards` metadata instance on a file, written by a
/// skill (`PUT /skill_invocations/{id}` replaces every card) or card by card. It is an ordinary
/// instance otherwise, listed with the file's other metadata.
extension SkillsState {
    static let skillCardsInstanceKey = "global/boxSkillsCards"

    mutating func skillCards(core: isolated ServerState, onFile fileId: String, principal: Principal) throws -> JSONValue {
        _ = try core.file(fileId, for: principal)
        guard let instance = core.metadata[ServerState.metadataKey(.file(fileId))]?[Self.skillCardsInstanceKey] else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "Instance not found")
        }
        return instance
    }

    mutating func createSkillCards(core: isolated ServerState, onFile fileId: String, cards: [JSONValue], principal: Principal) throws -> JSONValue {
        _ = try core.file(fileId, for: principal, to: .editMetadata)
        let key = ServerState.metadataKey(.file(fileId))
        if core.metadata[key]?[Self.skillCardsInstanceKey] != nil {
            throw ServerErrorResponse(.conflict, code: "tuple_already_exists", message: "The file already has skill cards")
        }
        return storeSkillCards(core: core, cards, onFile: fileId, by: principal.userId)
    }

    /// Applies `replace` operations on single cards (`/cards/0`).
    mutating func updateSkillCards(core: isolated ServerState, onFile fileId: String, operations: [JSONValue], principal: Principal) throws -> JSONValue {
        _ = try core.file(fileId, for: principal, to: .editMetadata)
        let key = ServerState.metadataKey(.file(fileId))
        guard var instance = core.metadata[key]?[Self.skillCardsInstanceKey]?.objectValue else {
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
        core.metadata[key]?[Self.skillCardsInstanceKey] = .object(instance)
        core.recordEvent("METADATA_INSTANCE_UPDATE", by: principal.userId, source: .file(fileId))
        return .object(instance)
    }

    mutating func deleteSkillCards(core: isolated ServerState, onFile fileId: String, principal: Principal) throws {
        _ = try core.file(fileId, for: principal, to: .editMetadata)
        guard core.metadata[ServerState.metadataKey(.file(fileId))]?.removeValue(forKey: Self.skillCardsInstanceKey) != nil else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "Instance not found")
        }
        core.recordEvent("METADATA_INSTANCE_DELETE", by: principal.userId, source: .file(fileId))
    }

    /// A skill's report on a file: its status and usage are kept, and its cards, when it sends
    /// some, replace the file's cards.
    mutating func reportSkillInvocation(core: isolated ServerState, skillId: String, fileId: String, fileVersionId: String?, status: String, cards: [JSONValue]?,
                               usage: JSONValue?, principal: Principal) throws {
        let file = try core.file(fileId, for: principal, to: .editMetadata)
        if let fileVersionId, file.file?.version(fileVersionId) == nil { throw ServerErrorResponse.notFound("file_version") }
        self.invocations[skillId, default: [:]][fileId] = SkillInvocationRecord(
            skillId: skillId, fileId: fileId, status: status, usage: usage, reportedAt: core.currentTime)
        guard let cards else { return }
        let key = ServerState.metadataKey(.file(fileId))
        if var instance = core.metadata[key]?[Self.skillCardsInstanceKey]?.objectValue {
            instance["cards"] = .array(cards)
            instance["$version"] = .int((instance["$version"]?.intValue ?? 0) + 1)
            core.metadata[key]?[Self.skillCardsInstanceKey] = .object(instance)
            core.recordEvent("METADATA_INSTANCE_UPDATE", by: principal.userId, source: .file(fileId))
        } else {
            _ = storeSkillCards(core: core, cards, onFile: fileId, by: principal.userId)
        }
    }

    private mutating func storeSkillCards(core: isolated ServerState, _ cards: [JSONValue], onFile fileId: String, by actor: String) -> JSONValue {
        let key = ServerState.metadataKey(.file(fileId))
        let instance = ServerState.newMetadataInstance(["cards": .array(cards)], on: key, scope: "global", template: "boxSkillsCards")
        core.metadata[key, default: [:]][Self.skillCardsInstanceKey] = instance
        core.recordEvent("METADATA_INSTANCE_CREATE", by: actor, source: .file(fileId))
        return instance
    }
}
