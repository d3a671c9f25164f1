import Foundation

/// Storage policies and their assignments to the enterprise and its users; admins only.
/// A user without an assignment of their own resolves to the enterprise's.
extension StoragePoliciesState {
    private var storage: StoragePoliciesState {
        get { self }
        _modify { yield &self }
    }

    private mutating func requireStorageAdministrator(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage storage policies.")
        }
    }

    mutating func storagePolicies(core: isolated ServerState, principal: Principal) throws -> [StoragePolicyRecord] {
        try requireStorageAdministrator(core: core, principal)
        return storage.policies
    }

    mutating func storagePolicy(core: isolated ServerState, _ id: String, principal: Principal) throws -> StoragePolicyRecord {
        try requireStorageAdministrator(core: core, principal)
        guard let policy = storage.policies.first(where: { $0.id == id }) else { throw ServerErrorResponse.notFound("storage_policy") }
        return policy
    }

    /// The enterprise's default assignment (the first policy until changed).
    private mutating func enterpriseStorageAssignment(core: isolated ServerState) -> StoragePolicyAssignmentRecord {
        let id = "enterprise_\(core.enterpriseId)"
        if let existing = storage.assignments[id] { return existing }
        let assignment = StoragePolicyAssignmentRecord(
            id: id, policyId: storage.policies[0].id, assignedToType: "enterprise", assignedToId: core.enterpriseId)
        storage.assignments[id] = assignment
        return assignment
    }

    /// The assignment in force for a user (theirs, else the enterprise's) or the enterprise.
    mutating func storagePolicyAssignments(core: isolated ServerState, resolvedForType type: String, id: String, principal: Principal) throws -> [StoragePolicyAssignmentRecord] {
        try requireStorageAdministrator(core: core, principal)
        switch type {
        case "user":
            guard core.users[id] != nil else { throw ServerErrorResponse.notFound("user") }
            return [storage.assignments["user_\(id)"] ?? enterpriseStorageAssignment(core: core)]
        case "enterprise":
            guard id == core.enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
            return [enterpriseStorageAssignment(core: core)]
        default:
            throw ServerErrorResponse.badRequest("resolved_for_type must be user or enterprise")
        }
    }

    mutating func storagePolicyAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws -> StoragePolicyAssignmentRecord {
        try requireStorageAdministrator(core: core, principal)
        if id == "enterprise_\(core.enterpriseId)" { return enterpriseStorageAssignment(core: core) }
        guard let assignment = storage.assignments[id] else { throw ServerErrorResponse.notFound("storage_policy_assignment") }
        return assignment
    }

    /// Assigns a policy to a user (replacing theirs) or to the enterprise (changing its default).
    mutating func assignStoragePolicy(core: isolated ServerState, _ policyId: String, toType type: String, id: String, principal: Principal) throws -> StoragePolicyAssignmentRecord {
        _ = try storagePolicy(core: core, policyId, principal: principal)
        switch type {
        case "user":
            guard core.users[id] != nil else { throw ServerErrorResponse.notFound("user") }
            let assignment = StoragePolicyAssignmentRecord(id: "user_\(id)", policyId: policyId, assignedToType: "user", assignedToId: id)
            storage.assignments[assignment.id] = assignment
            return assignment
        case "enterprise":
            guard id == core.enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
            var assignment = enterpriseStorageAssignment(core: core)
            assignment.policyId = policyId
            storage.assignments[assignment.id] = assignment
            return assignment
        default:
            throw ServerErrorResponse.badRequest("assigned_to.type must be user or enterprise")
        }
    }

    mutating func updateStoragePolicyAssignment(core: isolated ServerState, _ id: String, policyId: String, principal: Principal) throws -> StoragePolicyAssignmentRecord {
        var assignment = try storagePolicyAssignment(core: core, id, principal: principal)
        _ = try storagePolicy(core: core, policyId, principal: principal)
        assignment.policyId = policyId
        storage.assignments[id] = assignment
        return assignment
    }

    /// Removes a user's assignment, so the enterprise's applies to them again; the
    /// enterprise's own assignment cannot be removed.
    mutating func deleteStoragePolicyAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws {
        let assignment = try storagePolicyAssignment(core: core, id, principal: principal)
        guard assignment.assignedToType == "user" else {
            throw ServerErrorResponse.badRequest("The enterprise's default storage policy assignment cannot be deleted")
        }
        storage.assignments[id] = nil
    }
}
