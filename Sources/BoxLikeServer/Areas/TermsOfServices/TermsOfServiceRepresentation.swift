import BoxLikeJSON

/// The JSON of terms of service and users' statuses, outside the state actor.
enum TermsOfServiceRepresentation {
    static func terms(_ terms: TermsOfServiceRecord, enterprise: JSONValue) -> JSONValue {
        [
            "type": "terms_of_service", "id": .string(terms.id), "status": .string(terms.status),
            "enterprise": enterprise, "tos_type": .string(terms.tosType), "text": .string(terms.text),
            "created_at": Timestamp.json(terms.createdAt), "modified_at": Timestamp.json(terms.modifiedAt),
        ]
    }

    static func userStatus(_ status: TermsOfServiceUserStatusRecord, users: UserMinis) -> JSONValue {
        [
            "type": "terms_of_service_user_status", "id": .string(status.id),
            "tos": ["type": "terms_of_service", "id": .string(status.tosId)], "user": users[status.userId],
            "is_accepted": .bool(status.isAccepted),
            "created_at": Timestamp.json(status.createdAt), "modified_at": Timestamp.json(status.modifiedAt),
        ]
    }

    /// Box lists both without paging: every entry and their count.
    static func list(_ entries: [JSONValue]) -> JSONValue {
        ["total_count": .int(entries.count), "entries": .array(entries)]
    }
}
