import Foundation

/// Storage policies and their assignments to the enterprise and its users; admins only.
/// A user without an assignment of their own resolves to the enterprise's.
extension ServerState {
    private var storage: StoragePoliciesState {
        get { self[area: StoragePoliciesState.self] }
        _modify { yield &self[area: StoragePoliciesState.self] }
    }

    private func requireStorageAdministrator(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage storage policies.")
        }
    }

    func storagePolicies(principal: Principal) throws -> [StoragePolicyRecord] {
        try requireStorageAdministrator(principal)
        return storage.policies
    }

    func storagePolicy(_ id: String, principal: Principal) throws -> StoragePolicyRecord {
        try requireStorageAdministrator(principal)
        guard let policy = storage.policies.first(where: { $0.id == id }) else { throw ServerErrorResponse.notFound("storage_policy") }
        return policy
    }

    /// The enterprise's default assignment (the first policy until changed).
    private func enterpriseStorageAssignment() -> StoragePolicyAssignmentRecord {
        let id = "enterprise_\(enterpriseId)"
        if let existing = storage.assignments[id] { return existing }
        let assignment = StoragePolicyAssignmentRecord(
            id: id, policyId: storage.policies[0].id, assignedToType: "enterprise", assignedToId: enterpriseId)
        storage.assignments[id] = assignment
        return assignment
    }

    /// The assignment in force for a user (theirs, else the enterprise's) or the enterprise.
    func storagePolicyAssignments(resolvedForType type: String, id: String, principal: Principal) throws -> [StoragePolicyAssignmentRecord] {
        try requireStorageAdministrator(principal)
        switch type {
        case "user":
            guard users[id] != nil else { throw ServerErrorResponse.notFound("user") }
            return [storage.assignments["user_\(id)"] ?? enterpriseStorageAssignment()]
        case "enterprise":
            guard id == enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
            return [enterpriseStorageAssignment()]
        default:
            throw ServerErrorResponse.badRequest("resolved_for_type must be user or enterprise")
        }
    }

    func storagePolicyAssignment(_ id: String, principal: Principal) throws -> StoragePolicyAssignmentRecord {
        try requireStorageAdministrator(principal)
        if id == "enterprise_\(enterpriseId)" { return enterpriseStorageAssignment() }
        guard let assignment = storage.assignments[id] else { throw ServerErrorResponse.notFound("storage_policy_assignment") }
        return assignment
    }

    /// Assigns a policy to a user (replacing theirs) or to the enterprise (changing its default).
    func assignStoragePolicy(_ policyId: String, toType type: String, id: String, principal: Principal) throws -> StoragePolicyAssignmentRecord {
        _ = try storagePolicy(policyId, principal: principal)
        switch type {
        case "user":
            guard users[id] != nil else { throw ServerErrorResponse.notFound("user") }
            let assignment = StoragePolicyAssignmentRecord(id: "user_\(id)", policyId: policyId, assignedToType: "user", assignedToId: id)
            storage.assignments[assignment.id] = assignment
            return assignment
        case "enterprise":
            guard id == enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
            var assignment = enterpriseStorageAssignment()
            assignment.policyId = policyId
            storage.assignments[assignment.id] = assignment
            return assignment
        default:
            throw ServerErrorResponse.badRequest("assigned_to.type must be user or enterprise")
        }
    }

    func updateStoragePolicyAssignment(_ id: String, policyId: String, principal: Principal) throws -> StoragePolicyAssignmentRecord {
        var assignment = try storagePolicyAssignment(id, principal: principal)
        _ = try storagePolicy(policyId, principal: principal)
        assignment.policyId = policyId
        storage.assignments[id] = assignment
        return assignment
    }

    /// Removes a user's assignment, so the enterprise's applies to them again; the
    /// enterprise's own assignment cannot be removed.
    func deleteStoragePolicyAssignment(_ id: String, principal: Principal) throws {
        let assignment = try storagePolicyAssignment(id, principal: principal)
        guard assignment.assignedToType == "user" else {
            throw ServerErrorResponse.badRequest("The enterprise's default storage policy assignment cannot be deleted")
        }
        storage.assignments[id] = nil
    }
}
