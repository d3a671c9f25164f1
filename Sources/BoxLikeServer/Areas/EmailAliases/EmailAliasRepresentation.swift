import BoxLikeJSON

/// Box's `email_alias` JSON, built outside the state actor.
enum EmailAliasRepresentation {
    static func render(_ alias: EmailAliasRecord) -> JSONValue {
        ["type": "email_alias", "id": .string(alias.id), "email": .string(alias.email), "is_confirmed": true]
    }
}
