import BoxLikeJSON

/// The JSON of an enterprise's configuration: the categories asked for, each item with
/// whether the enterprise uses the setting and its value; the others `null`.
enum EnterpriseConfigurationRepresentation {
    static func configuration(_ facts: ServerState.EnterpriseConfigurationFacts) -> JSONValue {
        var object: [String: JSONValue] = ["type": "enterprise_configuration", "id": .string(facts.enterpriseId)]
        for category in ServerState.enterpriseConfigurationCategories {
            object[category] = facts.categories.contains(category) ? self.category(category, facts: facts) : .null
        }
        return .object(object)
    }

    private static func item(_ value: JSONValue, used: Bool) -> JSONValue {
        ["is_used": .bool(used), "value": value]
    }

    private static func category(_ name: String, facts: ServerState.EnterpriseConfigurationFacts) -> JSONValue {
        switch name {
        case "security":
            return [
                "is_managed_user_signup_enabled": item(.bool(false), used: false),
                "is_multi_factor_auth_required": item(.bool(false), used: false),
            ]
        case "content_and_sharing":
            // The collaboration allowlist is the one sharing restriction this server keeps.
            let restricted = !facts.allowlistDomains.isEmpty
            return [
                "external_collaboration_status": item(restricted ? "limited" : .null, used: restricted),
                "is_watermarking_enterprise_feature_enabled": item(.bool(true), used: true),
            ]
        case "user_settings":
            // The values every new user of this server starts with.
            return [
                "new_user_default_language": item("en", used: true),
                "new_user_default_timezone": item("America/Los_Angeles", used: true),
            ]
        default:
            return ["shield_rules": .array([])]
        }
    }
}
