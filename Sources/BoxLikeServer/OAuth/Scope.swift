/// Box OAuth scopes and which ones each kind of operation accepts.
enum Scope {
    static let all: Set<String> = [
        "root_readonly", "root_readwrite", "item_preview", "item_download", "item_upload", "item_read",
        "item_share", "item_delete", "item_rename", "item_comment", "base_preview", "base_upload",
        "base_explorer", "base_picker", "base_sidebar", "annotation_edit", "annotation_view_all",
        "annotation_view_self", "manage_managed_users", "manage_app_users", "manage_groups",
        "manage_webhook", "manage_enterprise_properties", "manage_data_retention", "manage_legal_hold",
        "sign_requests.readwrite", "ai.readwrite",
    ]

    static let read: Set<String> = ["root_readonly", "root_readwrite", "item_read", "item_preview", "base_preview", "base_explorer", "item_download"]
    static let write: Set<String> = ["root_readwrite"]
    static let download: Set<String> = ["root_readonly", "root_readwrite", "item_download"]
    static let upload: Set<String> = ["root_readwrite", "item_upload", "base_upload"]
    static let share: Set<String> = ["root_readwrite", "item_share"]
    static let delete: Set<String> = ["root_readwrite", "item_delete"]
    static let rename: Set<String> = ["root_readwrite", "item_rename"]
    static let webhooks: Set<String> = ["manage_webhook"]
    /// Marks a route about the account or the enterprise rather than an item: a token
    /// restricted to one item (downscoped to it or to a shared link) is refused there, whatever
    /// its scopes. Never a scope a token holds.
    static let accountRoute = "<account route>"
    /// Users, profiles and their aliases, memberships and avatars: admin or full-access tokens.
    static let users: Set<String> = ["root_readwrite", "manage_managed_users", "manage_app_users", accountRoute]
    /// Reading users: the same, or a read-only token for the whole account.
    static let readUsers: Set<String> = users.union(["root_readonly"])
    /// The enterprise's settings (collaboration allowlists).
    static let enterprise: Set<String> = ["root_readwrite", "manage_enterprise_properties", accountRoute]
    static let groups: Set<String> = ["root_readwrite", "manage_groups", accountRoute]
    static let metadataTemplates: Set<String> = ["root_readwrite", "manage_enterprise_properties", accountRoute]
    static let comment: Set<String> = ["root_readonly", "root_readwrite", "item_comment"]
    /// Box Sign requests and templates.
    static let sign: Set<String> = ["sign_requests.readwrite"]
    /// Box AI and AI Studio.
    static let ai: Set<String> = ["ai.readwrite"]
    static let anyToken: Set<String> = []
}
