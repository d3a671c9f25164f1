import BoxLikeJSON

/// A user with what its JSON needs from the rest of the state.
struct UserView: Sendable {
    var user: UserRecord
    var spaceUsed: Int
    var origin: String
    var enterpriseId: String
    var enterpriseName: String
}

/// Box's `user` JSON, built outside the state actor.
enum UserRepresentation {
    static let standardKeys: Set<String> = [
        "type", "id", "name", "login", "created_at", "modified_at", "language", "timezone", "space_amount",
        "space_used", "max_upload_size", "status", "job_title", "phone", "address", "avatar_url", "notification_email",
    ]

    /// The mini form; a user that no longer exists keeps its id with an empty name and login.
    static func mini(id: String, user: UserRecord?) -> JSONValue {
        guard let user else { return ["type": "user", "id": .string(id), "name": "", "login": ""] }
        return ["type": "user", "id": .string(user.id), "name": .string(user.name), "login": .string(user.login)]
    }

    static func render(_ view: UserView, fields: FieldSelection) -> JSONValue {
        var json = full(view)
        // A user rolled out of the enterprise belongs to none: Box's schema has no `null` here.
        if view.user.isFreeUser { json["enterprise"] = nil }
        return fields.apply(json, standard: standardKeys)
    }

    /// The second address Box mail goes to, `null` when none is set.
    private static func notificationEmail(of user: UserRecord) -> JSONValue {
        guard let notification = user.notificationEmail else { return .null }
        return ["email": .string(notification.email), "is_confirmed": .bool(notification.isConfirmed)]
    }

    private static func full(_ view: UserView) -> [String: JSONValue] {
        let user = view.user, origin = view.origin
        return [
            "type": "user", "id": .string(user.id), "name": .string(user.name), "login": .string(user.login),
            "created_at": Timestamp.json(user.createdAt), "modified_at": Timestamp.json(user.modifiedAt),
            "language": .string(user.language), "timezone": .string(user.timezone),
            "space_amount": .int(user.spaceAmount), "space_used": .int(view.spaceUsed),
            "max_upload_size": .int(user.maxUploadSize), "status": .string(user.status),
            "job_title": .string(user.jobTitle), "phone": .string(user.phone), "address": .string(user.address),
            "avatar_url": .string("\(origin)/avatars/\(user.id)"),
            "notification_email": notificationEmail(of: user),
            "role": .string(user.role == .admin ? "admin" : "user"),
            "enterprise": ["type": "enterprise", "id": .string(view.enterpriseId), "name": .string(view.enterpriseName)],
            "is_platform_access_only": .bool(user.role == .appUser || user.role == .serviceAccount),
            "is_external_collab_restricted": .bool(user.isExternalCollabRestricted),
            "is_exempt_from_device_limits": .bool(user.isExemptFromDeviceLimits),
            "is_exempt_from_login_verification": .bool(user.isExemptFromLoginVerification),
            "can_see_managed_users": .bool(user.canSeeManagedUsers ?? (user.role == .admin)),
            "is_sync_enabled": .bool(user.isSyncEnabled), "tracking_codes": .array(user.trackingCodes), "my_tags": [],
            "hostname": .string(origin), "external_app_user_id": user.externalAppUserId.map(JSONValue.string) ?? .null,
        ]
    }
}
