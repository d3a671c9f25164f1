import BoxLikeJSON

/// Metadata cascade policies: a folder's instance of a template applied to every item inside
/// it. Creating a policy cascades the instance to the items there (keeping instances they
/// already hold), an item added or moved in later gets it as it arrives, and `apply` cascades
/// again, overwriting the items' own values when asked.
extension MetadataCascadePoliciesState {
    private var cascadePolicies: [String: MetadataCascadePolicyRecord] {
        get { self.policies }
        set { self.policies = newValue }
    }

    mutating func metadataCascadePolicies(core: isolated ServerState, onFolder folderApiId: String, ownerEnterpriseId: String?, principal: Principal) throws
        -> [MetadataCascadePolicyRecord] {
        let folder = try core.folder(folderApiId, for: principal)
        let enterprise = ownerEnterpriseId ?? core.enterpriseId
        return cascadePolicies.values.filter { $0.folderId == folder.id && $0.ownerEnterpriseId == enterprise }.sorted { $0.id < $1.id }
    }

    mutating func metadataCascadePolicy(core: isolated ServerState, _ id: String, principal: Principal, write: Bool = false) throws -> MetadataCascadePolicyRecord {
        guard let policy = cascadePolicies[id], (try? core.item(.folder(policy.folderId), for: principal)) != nil else {
            throw ServerErrorResponse.notFound("metadata_cascade_policy")
        }
        if write { try core.authorize(principal, .folder(policy.folderId), .editMetadata) }
        return policy
    }

    mutating func createMetadataCascadePolicy(core: isolated ServerState, folderId folderApiId: String, scope pathScope: String, templateKey: String,
                                     principal: Principal) throws -> MetadataCascadePolicyRecord {
        let folder = try core.folder(folderApiId, for: principal, to: .editMetadata)
        guard !folder.isRoot else {
            throw ServerErrorResponse.badRequest("A cascade policy cannot be set on the root folder")
        }
        let template = try core.metadataTemplate(scope: pathScope, key: templateKey)
        if cascadePolicies.values.contains(where: { $0.folderId == folder.id && $0.scope == template.scope && $0.templateKey == templateKey }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A cascade policy for this template already exists on the folder")
        }
        let policy = MetadataCascadePolicyRecord(
            id: core.newId(), folderId: folder.id, ownerEnterpriseId: core.enterpriseId, scope: template.scope, templateKey: templateKey)
        cascadePolicies[policy.id] = policy
        core.recordEvent("METADATA_CASCADE_POLICY_CREATE", by: principal.userId, source: folder.ref, enterpriseOnly: true)
        cascade(core: core, policy, overwrite: false, by: principal.userId)
        return policy
    }

    mutating func deleteMetadataCascadePolicy(core: isolated ServerState, _ id: String, principal: Principal) throws {
        let policy = try metadataCascadePolicy(core: core, id, principal: principal, write: true)
        cascadePolicies[policy.id] = nil
    }

    /// Cascades the folder's instance again; `overwrite` replaces the values items already hold.
    mutating func applyMetadataCascadePolicy(core: isolated ServerState, _ id: String, overwrite: Bool, principal: Principal) throws {
        let policy = try metadataCascadePolicy(core: core, id, principal: principal, write: true)
        guard core.metadata[ServerState.metadataKey(.folder(policy.folderId))]?["\(policy.scope)/\(policy.templateKey)"] != nil else {
            throw ServerErrorResponse(.notFound, code: "instance_not_found", message: "The folder holds no instance of the policy's template")
        }
        core.recordEvent("METADATA_CASCADE_POLICY_APPLY", by: principal.userId, source: .folder(policy.folderId), enterpriseOnly: true)
        cascade(core: core, policy, overwrite: overwrite, by: principal.userId)
    }

    /// Gives an item just added to (or moved into) a folder, and everything inside it, the
    /// instances of the cascade policies above it, nearest folder first; instances an item
    /// already holds stay.
    mutating func applyCascadePolicies(core: isolated ServerState, reaching item: ItemRef, by actor: String) {
        guard !cascadePolicies.isEmpty else { return }
        let policies = core.lineage(of: item).dropFirst().flatMap { ancestor in
            cascadePolicies.values.filter { $0.folderId == ancestor.id }.sorted { $0.id < $1.id }
        }
        guard !policies.isEmpty else { return }
        var pending = [item]
        while let current = pending.popLast() {
            for policy in policies { place(core: core, policy, on: current, overwrite: false, by: actor) }
            if current.type == .folder { pending += core.children(of: current.id).map(\.ref) }
        }
    }

    /// After a folder's own instance of a template changed, the change reaches the items
    /// inside when a cascade policy for that template sits on the folder: the fields the
    /// update set, replaced or removed are set or removed on every item's instance (one the
    /// item lacks is created), as Box re-cascades an edited folder instance. Fields the update
    /// left alone keep the items' own values.
    mutating func cascadeFolderInstanceChange(core: isolated ServerState, on item: ItemRef, scope: String, templateKey: String,
                                     before: [String: JSONValue], after: [String: JSONValue], by actor: String) {
        guard item.type == .folder,
              let policy = cascadePolicies.values.first(where: { $0.folderId == item.id && $0.scope == scope && $0.templateKey == templateKey })
        else { return }
        let changed = Set(before.keys).union(after.keys).filter { !$0.hasPrefix("$") && before[$0] != after[$0] }
        guard !changed.isEmpty else { return }
        let instanceKey = "\(scope)/\(templateKey)"
        var pending = core.children(of: policy.folderId)
        while let child = pending.popLast() {
            let key = ServerState.metadataKey(child.ref)
            if var instance = core.metadata[key]?[instanceKey]?.objectValue {
                for field in changed { instance[field] = after[field] }
                instance["$version"] = .int((instance["$version"]?.intValue ?? 0) + 1)
                core.metadata[key]?[instanceKey] = .object(instance)
                core.recordEvent("METADATA_INSTANCE_UPDATE", by: actor, source: child.ref)
            } else {
                place(core: core, policy, on: child.ref, overwrite: false, by: actor)
            }
            if child.type == .folder { pending += core.children(of: child.id) }
        }
    }

    /// A folder's instance of a template was deleted: the cascade policies for that template on
    /// the folder end with it (a policy cascades the folder's instance, and there is none left
    /// to cascade), while the items inside keep the instances they received.
    mutating func endCascadePolicies(core: isolated ServerState, onFolder item: ItemRef, scope: String, templateKey: String) {
        guard item.type == .folder else { return }
        for policy in cascadePolicies.values where policy.folderId == item.id && policy.scope == scope && policy.templateKey == templateKey {
            cascadePolicies[policy.id] = nil
        }
    }

    // MARK: - Cascading

    private mutating func cascade(core: isolated ServerState, _ policy: MetadataCascadePolicyRecord, overwrite: Bool, by actor: String) {
        var pending = core.children(of: policy.folderId)
        while let item = pending.popLast() {
            place(core: core, policy, on: item.ref, overwrite: overwrite, by: actor)
            if item.type == .folder { pending += core.children(of: item.id) }
        }
    }

    /// Copies the policy folder's instance onto `item`: a new instance, or with `overwrite` the
    /// folder's values over the item's own.
    private mutating func place(core: isolated ServerState, _ policy: MetadataCascadePolicyRecord, on item: ItemRef, overwrite: Bool, by actor: String) {
        let instanceKey = "\(policy.scope)/\(policy.templateKey)"
        guard let source = core.metadata[ServerState.metadataKey(.folder(policy.folderId))]?[instanceKey]?.objectValue else { return }
        let values = source.filter { !$0.key.hasPrefix("$") }
        let key = ServerState.metadataKey(item)
        if var existing = core.metadata[key]?[instanceKey]?.objectValue {
            guard overwrite else { return }
            existing = existing.filter { $0.key.hasPrefix("$") }.merging(values) { current, _ in current }
            existing["$version"] = .int((existing["$version"]?.intValue ?? 0) + 1)
            core.metadata[key]?[instanceKey] = .object(existing)
            core.recordEvent("METADATA_INSTANCE_UPDATE", by: actor, source: item)
        } else {
            core.metadata[key, default: [:]][instanceKey] = ServerState.newMetadataInstance(
                values, on: key, scope: policy.scope, template: policy.templateKey)
            core.recordEvent("METADATA_INSTANCE_CREATE", by: actor, source: item)
        }
    }
}
