import BoxLikeJSON
import Foundation

/// Metadata instances on files and folders, checked against their template. Instances are
/// kept under their template's full scope (`enterprise_12000001`, `global`), the scope `$scope`
/// shows, whichever form of the scope (`enterprise` or its full name) the path used.
extension ServerState {
    static func metadataKey(_ item: ItemRef) -> String { "\(item.type.rawValue)_\(item.id)" }

    /// The item a ``metadataKey(_:)`` names.
    static func itemRef(metadataKey key: String) -> ItemRef? {
        guard let separator = key.lastIndex(of: "_"), let type = ItemType(rawValue: String(key[..<separator])) else { return nil }
        return ItemRef(type: type, id: String(key[key.index(after: separator)...]))
    }

    /// A new instance of `scope/template` on the item `key` names, holding `values`' fields and
    /// the system fields (`$id`, `$version` ...) Box adds.
    static func newMetadataInstance(_ values: [String: JSONValue], on key: String, scope: String, template: String) -> JSONValue {
        var instance = values.filter { !$0.key.hasPrefix("$") }
        instance["$parent"] = .string(key)
        instance["$template"] = .string(template)
        instance["$scope"] = .string(scope)
        instance["$version"] = 0
        instance["$type"] = .string("\(template)-\(UUID().uuidString.lowercased())")
        instance["$typeVersion"] = 0
        instance["$id"] = .string(UUID().uuidString.lowercased())
        instance["$canEdit"] = true
        return .object(instance)
    }

    func metadataInstances(on item: ItemRef, principal: Principal) throws -> [JSONValue] {
        try authorize(principal, item)
        return (metadata[Self.metadataKey(item)] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }

    func metadataInstance(on item: ItemRef, scope pathScope: String, template: String, principal: Principal) throws -> JSONValue {
        try authorize(principal, item)
        let scope = templateScope(pathScope)
        guard let instance = metadata[Self.metadataKey(item)]?["\(scope)/\(template)"] else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "Instance not found")
        }
        return instance
    }

    func createMetadata(on item: ItemRef, scope pathScope: String, template: String, values: [String: JSONValue], principal: Principal) throws -> JSONValue {
        try authorize(principal, item, .editMetadata)
        let scope = templateScope(pathScope)
        let key = Self.metadataKey(item)
        if metadata[key]?["\(scope)/\(template)"] != nil {
            throw ServerErrorResponse(.conflict, code: "tuple_already_exists", message: "A metadata instance with this template already exists")
        }
        try validateInstance(scope: scope, templateKey: template, values: values)
        let instance = Self.newMetadataInstance(values, on: key, scope: scope, template: template)
        metadata[key, default: [:]]["\(scope)/\(template)"] = instance
        recordEvent("METADATA_INSTANCE_CREATE", by: principal.userId, source: item)
        return instance
    }

    /// Applies a JSON Patch (RFC 6902 subset Box supports: add, replace, remove, test, move, copy) on top-level keys.
    func updateMetadata(on item: ItemRef, scope pathScope: String, template: String, operations: [JSONValue], principal: Principal) throws -> JSONValue {
        try authorize(principal, item, .editMetadata)
        let scope = templateScope(pathScope)
        let key = Self.metadataKey(item)
        guard var instance = metadata[key]?["\(scope)/\(template)"]?.objectValue else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "Instance not found")
        }
        let before = instance
        for operation in operations {
            guard let op = operation["op"]?.stringValue, let path = operation["path"]?.stringValue, path.hasPrefix("/") else {
                throw ServerErrorResponse.badRequest("Each operation needs op and path")
            }
            let field = String(path.dropFirst())
            if field.hasPrefix("$") { throw ServerErrorResponse.badRequest("Cannot change \(field)") }
            switch op {
            case "add", "replace":
                guard let value = operation["value"] else { throw ServerErrorResponse.badRequest("\(op) needs a value") }
                if op == "replace" && instance[field] == nil { throw ServerErrorResponse.badRequest("\(field) does not exist") }
                instance[field] = value
            case "remove":
                guard instance.removeValue(forKey: field) != nil else { throw ServerErrorResponse.badRequest("\(field) does not exist") }
            case "test":
                if instance[field] != operation["value"] {
                    throw ServerErrorResponse(.conflict, code: "precondition_failed", message: "Test operation failed for \(field)")
                }
            case "move", "copy":
                guard let from = operation["from"]?.stringValue?.dropFirst(), let value = instance[String(from)] else {
                    throw ServerErrorResponse.badRequest("\(op) needs an existing from")
                }
                if op == "move" { instance[String(from)] = nil }
                instance[field] = value
            default:
                throw ServerErrorResponse.badRequest("Unsupported operation \(op)")
            }
        }
        try validateInstance(scope: scope, templateKey: template, values: instance)
        instance["$version"] = .int((instance["$version"]?.intValue ?? 0) + 1)
        metadata[key]?["\(scope)/\(template)"] = .object(instance)
        recordEvent("METADATA_INSTANCE_UPDATE", by: principal.userId, source: item)
        self[area: MetadataCascadePoliciesState.self].cascadeFolderInstanceChange(core: self, on: item, scope: scope, templateKey: template, before: before, after: instance, by: principal.userId)
        return .object(instance)
    }

    func deleteMetadata(on item: ItemRef, scope pathScope: String, template: String, principal: Principal) throws {
        try authorize(principal, item, .editMetadata)
        let scope = templateScope(pathScope)
        let key = Self.metadataKey(item)
        guard metadata[key]?.removeValue(forKey: "\(scope)/\(template)") != nil else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "Instance not found")
        }
        recordEvent("METADATA_INSTANCE_DELETE", by: principal.userId, source: item)
        self[area: MetadataCascadePoliciesState.self].endCascadePolicies(core: self, onFolder: item, scope: scope, templateKey: template)
    }
}
