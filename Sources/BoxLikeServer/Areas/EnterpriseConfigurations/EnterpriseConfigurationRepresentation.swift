import BoxLikeJSON

/// The JSON of an enterprise's configuration: the categories asked for, each with every item
/// Box's description lists (whether the enterprise uses the setting, and its value); the
/// categories not asked for `null`.
///
/// The values are those of a new Box enterprise's Admin Console (the choices this server
/// makes where Box documents none are listed in the README's local-Box section). The
/// collaboration allowlist is the one setting an API changes here, so
/// `external_collaboration_status` follows it.
enum EnterpriseConfigurationRepresentation {
    static func configuration(_ facts: ServerState.EnterpriseConfigurationFacts) -> JSONValue {
        var object: [String: JSONValue] = ["type": "enterprise_configuration", "id": .string(facts.enterpriseId)]
        for category in ServerState.enterpriseConfigurationCategories {
            object[category] = facts.categories.contains(category) ? self.category(category, facts: facts) : .null
        }
        return .object(object)
    }

    /// One setting: whether the enterprise uses it, and its value.
    private static func item(_ value: JSONValue, used: Bool = true) -> JSONValue {
        ["is_used": .bool(used), "value": value]
    }

    /// A setting the enterprise has not turned on: not used, no value.
    private static let unset: JSONValue = item(.null, used: false)

    private static func category(_ name: String, facts: ServerState.EnterpriseConfigurationFacts) -> JSONValue {
        switch name {
        case "security": security
        case "content_and_sharing": contentAndSharing(allowlistDomains: facts.allowlistDomains)
        case "user_settings": userSettings
        default: ["shield_rules": .array([])]
        }
    }

    private static let security: JSONValue = [
        "is_managed_user_signup_enabled": item(false),
        "is_managed_user_signup_notification_enabled": item(true),
        "is_managed_user_signup_corporate_email_enabled": item(false),
        "is_new_user_notification_daily_digest_enabled": item(false),
        "is_managed_user_email_change_disabled": item(false),
        "is_multi_factor_auth_required": item(false),
        "is_weak_password_prevention_enabled": item(true),
        "is_password_leak_detection_enabled": item(false),
        "last_password_reset_at": unset,
        "is_password_request_notification_enabled": item(true),
        "is_password_change_notification_enabled": item(true),
        "is_strong_password_for_ext_collab_enabled": item(false),
        "is_managed_user_migration_disabled": item(false),
        "join_link": unset,
        "join_url": unset,
        "failed_login_attempts_to_trigger_admin_notification": item(.int(10)),
        "password_min_length": item(.int(8)),
        "password_min_uppercase_characters": item(.int(0)),
        "password_min_numeric_characters": item(.int(1)),
        "password_min_special_characters": item(.int(0)),
        "password_reset_frequency": item("never"),
        "previous_password_reuse_limit": item("none"),
        "session_duration": item("never"),
        "external_collab_multi_factor_auth_settings": item([
            "denylist_domains": [], "denylist_emails": [], "allowlist_domains": [], "allowlist_emails": [],
            "state": "disabled", "scheduled_status": .null, "scheduled_at": .null, "factor_type_settings": .null,
        ]),
        "keysafe": item([
            "keysafe_enabled": false, "cloud_provider": .null, "key_id": .null, "account_id": .null,
            "location_id": .null, "project_id": .null, "keyring_id": .null,
        ], used: false),
        "is_custom_session_duration_enabled": item(false),
        "custom_session_duration_value": unset,
        "custom_session_duration_groups": item([]),
        "multi_factor_auth_type": item("none"),
        "enforced_mfa_frequency": item(["days": .null, "hours": .null], used: false),
    ]

    private static func contentAndSharing(allowlistDomains: [String]) -> JSONValue {
        let limited = !allowlistDomains.isEmpty
        return [
            "enterprise_feature_settings": .array([]),
            "sharing_item_type": item("all"),
            "shared_link_company_definition": item("enterprise"),
            "shared_link_access": item("all"),
            "shared_link_default_access": item("open"),
            "shared_link_default_permissions_selected": item([
                "shared_links_option": "all", "default_shared_link_type": "open",
                "notes_shared_link_option": "all", "default_notes_shared_link_type": "open",
            ]),
            "is_open_custom_urls_disabled": item(false),
            "is_custom_domain_hidden_in_shared_link": item(false),
            "collaboration_permissions": item([
                "is_co_owner_role_enabled": true, "is_editor_role_enabled": true, "is_previewer_role_enabled": true,
                "is_previewer_uploader_role_enabled": true, "is_uploader_role_enabled": true, "is_viewer_role_enabled": true,
                "is_viewer_uploader_role_enabled": true,
            ]),
            "default_collaboration_role": item("editor"),
            "is_invite_privilege_restricted": item(false),
            "collaboration_restrictions": item([]),
            "is_collaborator_invite_links_disabled": item(false),
            "is_invite_group_collaborator_disabled": item(false),
            "is_ownership_transfer_restricted": item(false),
            "external_collaboration_status": item(limited ? "limited" : "enabled"),
            "external_collaboration_allowlist_users": item([]),
            "is_watermarking_enterprise_feature_enabled": item(true),
            "is_root_content_creation_restricted": item(false),
            "is_tag_creation_restricted": item(false),
            "tag_creation_restriction": unset,
            "is_email_uploads_enabled": item(true),
            "is_custom_settings_enabled": item(false),
            "is_forms_login_required": item(false),
            "is_forms_branding_default_enabled": item(true),
            "is_cc_free_trial_active": item(false),
            "is_file_request_editors_allowed": item(true),
            "is_file_request_branding_default_enabled": item(true),
            "is_file_request_login_required": item(false),
            "is_shared_links_expiration_enabled": item(false),
            "shared_links_expiration_days": unset,
            "is_public_shared_links_expiration_enabled": item(false),
            "public_shared_links_expiration_days": unset,
            "shared_expiration_target": unset,
            "is_shared_links_expiration_notification_enabled": item(false),
            "shared_links_expiration_notification_days": unset,
            "is_shared_links_expiration_notification_prevented": item(false),
            "is_auto_delete_enabled": item(false),
            "auto_delete_days": unset,
            "is_auto_delete_expiration_modification_prevented": item(false),
            "auto_delete_target": unset,
            "is_collaboration_expiration_enabled": item(false),
            "collaboration_expiration_days": unset,
            "is_collaboration_expiration_modification_prevented": item(false),
            "is_collaboration_expiration_notification_enabled": item(false),
            "collaboration_expiration_target": unset,
            // Box empties the trash after 30 days, as this server does.
            "trash_auto_clear_time": item(.int(30)),
            "permanent_deletion_access": item("all_users"),
            "permanent_deletion_allowlist_users": item([]),
        ]
    }

    private static let userSettings: JSONValue = [
        "enterprise_feature_settings": .array([]),
        "user_invites_expiration_time_frame": item("none"),
        "is_username_change_restricted": item(false),
        "is_box_sync_restricted_for_new_users": item(false),
        "is_view_all_users_enabled_for_new_users": item(false),
        "is_device_limit_exemption_enabled_for_new_users": item(false),
        "is_external_collaboration_restricted_for_new_users": item(false),
        "is_unlimited_storage_enabled_for_new_users": item(true),
        // Box answers an unlimited default storage as -1.
        "new_user_default_storage_limit": item(.int(-1)),
        "new_user_default_timezone": item("Pacific Time (US & Canada)"),
        "new_user_default_language": item("English (US)"),
        "is_enterprise_sso_required": item(false),
        "is_enterprise_sso_in_testing": item(false),
        "is_sso_auto_add_groups_enabled": item(false),
        "is_sso_auto_add_user_to_groups_enabled": item(false),
        "is_sso_auto_remove_user_from_groups_enabled": item(false),
        "user_tracking_codes": item([]),
        "number_of_user_tracking_codes_remaining": item(.int(5)),
        "is_instant_login_restricted": item(false),
    ]
}
