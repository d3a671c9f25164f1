import BoxLikeJSON

/// An allowlist entry with what its JSON needs from the rest of the state.
struct AllowlistEntryView: Sendable {
    var entry: AllowlistEntryRecord
    var enterprise: JSONValue
}

/// An allowlist exemption with what its JSON needs from the rest of the state.
struct AllowlistExemptionView: Sendable {
    var exemption: AllowlistExemptionRecord
    var user: JSONValue
    var enterprise: JSONValue
}

/// Box's `collaboration_whitelist_entry` and `collaboration_whitelist_exempt_target` JSON,
/// built outside the state actor.
enum AllowlistRepresentation {
    static func entry(_ view: AllowlistEntryView) -> JSONValue {
        let entry = view.entry
        return [
            "type": "collaboration_whitelist_entry", "id": .string(entry.id), "domain": .string(entry.domain),
            "direction": .string(entry.direction), "created_at": Timestamp.json(entry.createdAt),
            "enterprise": view.enterprise,
        ]
    }

    static func exemption(_ view: AllowlistExemptionView) -> JSONValue {
        [
            "type": "collaboration_whitelist_exempt_target", "id": .string(view.exemption.id),
            "enterprise": view.enterprise, "user": view.user,
            // An exemption is never changed, only removed: it was last modified when made.
            "created_at": Timestamp.json(view.exemption.createdAt), "modified_at": Timestamp.json(view.exemption.createdAt),
        ]
    }
}
