/// Box's OAuth scopes. Which scopes an operation needs is stated in the spec (`x-box-scopes`)
/// and enforced by ``OperationGate``; what is here is the set of scopes a token can hold,
/// those a token exchange may hand out, and the scopes an item update needs by its body.
enum Scope {
    static let all: Set<String> = [
        "root_readonly", "root_readwrite", "item_preview", "item_download", "item_upload", "item_read",
        "item_share", "item_delete", "item_rename", "item_comment", "base_preview", "base_upload",
        "base_explorer", "base_picker", "base_sidebar", "annotation_edit", "annotation_view_all",
        "annotation_view_self", "manage_managed_users", "manage_app_users", "manage_groups",
        "manage_webhook", "manage_enterprise_properties", "manage_data_retention", "manage_legal_hold",
        "sign_requests.readwrite", "ai.readwrite",
    ]

    /// What a token exchange may hand out: the item and UI (`base_`, `annotation_`) scopes,
    /// as Box downscopes; never `root_` or `manage_` scopes, so a downscoped token can do no
    /// more than act on items.
    static let downscopable: Set<String> = [
        "item_preview", "item_download", "item_upload", "item_read", "item_share", "item_delete", "item_rename",
        "item_comment", "base_preview", "base_upload", "base_explorer", "base_picker", "base_sidebar",
        "annotation_edit", "annotation_view_all", "annotation_view_self",
    ]

    /// The scopes that let an item update (`PUT /files/{id}` and the like) do what its body
    /// asks; the spec's `x-box-scopes` for such an operation is the union of these, and
    /// ``ItemUpdate`` narrows it by the body.
    static let read: Set<String> = ["root_readonly", "root_readwrite", "item_read", "item_preview", "base_preview", "base_explorer", "item_download"]
    static let write: Set<String> = ["root_readwrite"]
    static let share: Set<String> = ["root_readwrite", "item_share"]
    static let rename: Set<String> = ["root_readwrite", "item_rename"]
}
