import BoxLikeJSON
import Foundation

/// The JSON representations of users.
extension ServerState {
    static let userStandardKeys: Set<String> = [
        "type", "id", "name", "login", "created_at", "modified_at", "language", "timezone", "space_amount",
        "space_used", "max_upload_size", "status", "job_title", "phone", "address", "avatar_url", "notification_email",
    ]

    func userMini(_ id: String) -> JSONValue {
        guard let user = users[id] else { return ["type": "user", "id": .string(id), "name": "", "login": ""] }
        return ["type": "user", "id": .string(user.id), "name": .string(user.name), "login": .string(user.login)]
    }

    func spaceUsed(by userId: String) -> Int {
        items.values.filter { $0.ownerId == userId }.reduce(0) { $0 + ($1.file?.size ?? 0) }
    }

    func userFull(_ user: UserRecord) -> [String: JSONValue] {
        [
            "type": "user", "id": .string(user.id), "name": .string(user.name), "login": .string(user.login),
            "created_at": Timestamp.json(user.createdAt), "modified_at": Timestamp.json(user.modifiedAt),
            "language": .string(user.language), "timezone": .string(user.timezone),
            "space_amount": .int(user.spaceAmount), "space_used": .int(spaceUsed(by: user.id)),
            "max_upload_size": .int(user.maxUploadSize), "status": .string(user.status),
            "job_title": .string(user.jobTitle), "phone": .string(user.phone), "address": .string(user.address),
            "avatar_url": .string("\(origin)/avatars/\(user.id)"), "notification_email": .null,
            "role": .string(user.role == .admin ? "admin" : "user"),
            "enterprise": ["type": "enterprise", "id": .string(enterpriseId), "name": .string(enterpriseName)],
            "is_platform_access_only": .bool(user.role == .appUser || user.role == .serviceAccount),
            "is_external_collab_restricted": .bool(user.isExternalCollabRestricted),
            "is_exempt_from_device_limits": .bool(user.isExemptFromDeviceLimits),
            "is_exempt_from_login_verification": .bool(user.isExemptFromLoginVerification),
            "can_see_managed_users": .bool(user.canSeeManagedUsers ?? (user.role == .admin)),
            "is_sync_enabled": .bool(user.isSyncEnabled), "tracking_codes": .array(user.trackingCodes), "my_tags": [],
            "hostname": .string(origin), "external_app_user_id": user.externalAppUserId.map(JSONValue.string) ?? .null,
        ]
    }

    func renderUser(_ user: UserRecord, fields: FieldSelection) -> JSONValue {
        fields.apply(userFull(user), standard: Self.userStandardKeys)
    }
}
