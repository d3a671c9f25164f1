/// A folder's rule that its instance of one metadata template is applied to every item
/// inside it, those there now and those added later.
struct MetadataCascadePolicyRecord: Sendable {
    var id: String
    var folderId: String
    var ownerEnterpriseId: String
    /// The template's full scope (`enterprise_12000001`, `global`).
    var scope: String
    var templateKey: String
}

/// The cascade policies there are, by id.
struct MetadataCascadePoliciesState: AreaState {
    var policies: [String: MetadataCascadePolicyRecord] = [:]
}
