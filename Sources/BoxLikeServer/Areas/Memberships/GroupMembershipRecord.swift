import BoxLikeJSON
import Foundation

/// A user's membership of a group, as a `member` or an `admin` of it.
struct GroupMembershipRecord: Sendable {
    var id: String
    var groupId: String
    var userId: String
    var role: String
    /// What an admin of the group may do (`configurable_permissions`): `nil` until set, when
    /// every permission is on; a permission not named stays on.
    var configurablePermissions: [String: Bool]?
    var createdAt: Date
    var modifiedAt: Date
}

extension GroupMembershipRecord {
    /// The permissions an admin of a group may be given or denied, as Box names them.
    static let configurablePermissionNames = ["can_create_accounts", "can_edit_accounts", "can_instant_login", "can_run_reports"]

    /// What the membership lets its user do as an admin of the group, every permission
    /// named; `nil` for a plain member, whom the permissions do not concern.
    var effectivePermissions: [String: Bool]? {
        guard role == "admin" else { return nil }
        var permissions: [String: Bool] = [:]
        for name in Self.configurablePermissionNames { permissions[name] = configurablePermissions?[name] ?? true }
        return permissions
    }
}

extension GroupMembershipRecord {
    /// The `configurable_permissions` of a request body: `nil` when it is left out (nothing
    /// changes), every permission off for `null`, otherwise the permissions named (the others
    /// stay on). A name Box does not have is `400`.
    static func configurablePermissions(in body: JSONValue) throws -> [String: Bool]? {
        guard let value = body["configurable_permissions"] else { return nil }
        if value.isNull {
            return Dictionary(uniqueKeysWithValues: configurablePermissionNames.map { ($0, false) })
        }
        guard let object = value.objectValue else {
            throw ServerErrorResponse.badRequest("configurable_permissions must be an object or null")
        }
        var permissions: [String: Bool] = [:]
        for (name, allowed) in object {
            guard configurablePermissionNames.contains(name) else {
                throw ServerErrorResponse.badRequest(
                    "'\(name)' is not a configurable permission; use \(configurablePermissionNames.joined(separator: ", "))")
            }
            guard let flag = allowed.boolValue else { throw ServerErrorResponse.badRequest("configurable_permissions.\(name) must be a boolean") }
            permissions[name] = flag
        }
        return permissions
    }
}
