import BoxLikeJSON
import Hummingbird

/// Reading the members of a request that the spec-driven ``OperationValidator`` has already
/// checked.
///
/// Validation answers Box's `400 bad_request` (naming the member) for a body or query that
/// lacks a member the spec requires, so a handler does not check it again with a message of its
/// own. It reads the member through `required(_:as:)`: a failure there can only mean that the
/// spec and the handler disagree (the spec does not require the member, or gives it another
/// type), a defect of this server, answered as a `500`.
///
/// Rules the spec cannot express ("login is required for managed users", "fields or
/// metadata_template") stay in the handlers as rules.
///
/// ```swift
/// let body = try await context.json(request)
/// let name = try body.required("name", as: String.self)
/// let parentId = try body.required("parent.id", as: String.self)
/// let folderId = try request.requiredQuery("folder_id")
/// ```
protocol ValidatedMember: Sendable {
    /// The member's value, if `value` has the type the spec gives it.
    init?(validated value: JSONValue)
}

extension String: ValidatedMember {
    /// A string; an identifier sent as a number (`"parent": {"id": 0}`) reads as its digits.
    init?(validated value: JSONValue) {
        guard let text = value.stringValue ?? value.intValue.map(String.init) else { return nil }
        self = text
    }
}

extension Int: ValidatedMember {
    init?(validated value: JSONValue) {
        guard let number = value.intValue else { return nil }
        self = number
    }
}

extension Bool: ValidatedMember {
    init?(validated value: JSONValue) {
        guard let flag = value.boolValue else { return nil }
        self = flag
    }
}

extension Array: ValidatedMember where Element == JSONValue {
    init?(validated value: JSONValue) {
        guard let elements = value.arrayValue else { return nil }
        self = elements
    }
}

extension JSONValue {
    /// The member at `path` (dot-separated, such as `parent.id`), which the spec requires and
    /// the validation middleware has therefore seen.
    /// - Throws: ``ServerErrorResponse/specMismatch(_:)`` when it is absent or of another type.
    func required<Member: ValidatedMember>(_ path: String, as type: Member.Type = Member.self) throws -> Member {
        var current: JSONValue? = self
        for name in path.split(separator: ".") {
            current = current?[String(name)]
        }
        guard let current, let member = Member(validated: current) else { throw ServerErrorResponse.specMismatch(path) }
        return member
    }
}

extension Request {
    /// The query parameter `name`, which the spec requires and the validation middleware has
    /// therefore seen.
    /// - Throws: ``ServerErrorResponse/specMismatch(_:)`` when it is absent.
    func requiredQuery(_ name: String) throws -> String {
        guard let value = query[name] else { throw ServerErrorResponse.specMismatch(name) }
        return value
    }
}

extension Request {
    /// The header `name`, which the spec requires and the validation middleware has therefore
    /// seen.
    /// - Throws: ``ServerErrorResponse/specMismatch(_:)`` when it is absent.
    func requiredHeader(_ name: String) throws -> String {
        guard let value = header(name) else { throw ServerErrorResponse.specMismatch(name) }
        return value
    }
}

extension ServerErrorResponse {
    /// A member the spec requires was not there when the handler read it: the spec and the
    /// handler disagree, which no request should be able to cause.
    static func specMismatch(_ member: String) -> ServerErrorResponse {
        ServerErrorResponse(
            .internalServerError, code: "internal_server_error",
            message: "The server could not read '\(member)', which its specification requires")
    }
}
