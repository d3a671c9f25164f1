/// Where an enterprise's content is kept (a data-residency zone). Box defines the policies an
/// enterprise may use; the local server offers a fixed set.
struct StoragePolicyRecord: Sendable {
    var id: String
    var name: String
}

/// A storage policy given to the enterprise (its default) or to one user.
struct StoragePolicyAssignmentRecord: Sendable {
    /// `enterprise_{id}` or `user_{id}`, as Box names them.
    var id: String
    var policyId: String
    var assignedToType: String
    var assignedToId: String
}

/// The policies on offer and the assignments made; the enterprise's default assignment is
/// made when first needed (``ServerState/enterpriseStorageAssignment()``).
struct StoragePoliciesState: AreaState {
    let policies: [StoragePolicyRecord] = [
        StoragePolicyRecord(id: "101", name: "United States"),
        StoragePolicyRecord(id: "102", name: "European Union"),
        StoragePolicyRecord(id: "103", name: "Canada"),
        StoragePolicyRecord(id: "104", name: "Japan"),
    ]
    var assignments: [String: StoragePolicyAssignmentRecord] = [:]
}
