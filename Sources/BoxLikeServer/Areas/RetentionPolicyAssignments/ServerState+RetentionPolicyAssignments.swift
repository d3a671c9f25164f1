import BoxLikeJSON
import Foundation

/// Retention policy assignments: a policy applied to the whole enterprise, to a folder, or to
/// the files carrying a metadata template (optionally only those whose fields match
/// `filter_fields`). The file versions they cover come under retention (``reconcileRetentions(appliedAt:)``).
extension ServerState {
    static let retentionTargetTypes: Set<String> = ["enterprise", "folder", "metadata_template"]

    func retentionAssignmentView(_ assignment: RetentionAssignmentRecord) -> RetentionAssignmentView {
        RetentionAssignmentView(
            assignment: assignment, policy: self[area: RetentionState.self].policies[assignment.policyId],
            assignedBy: userMini(assignment.assignedBy))
    }

    func retentionAssignments(policyId: String, type: String?, principal: Principal) throws -> [RetentionAssignmentView] {
        try requireComplianceAdmin(principal, for: "retention policies")
        runComplianceJobs()
        _ = try existingRetentionPolicy(policyId)
        return self[area: RetentionState.self].assignments.values
            .filter { $0.policyId == policyId && (type == nil || $0.targetType == type) }
            .sorted { ($0.assignedAt, $0.id) < ($1.assignedAt, $1.id) }
            .map(retentionAssignmentView)
    }

    func retentionAssignment(_ id: String, principal: Principal) throws -> RetentionAssignmentView {
        try requireComplianceAdmin(principal, for: "retention policies")
        runComplianceJobs()
        return retentionAssignmentView(try existingRetentionAssignment(id))
    }

    private func existingRetentionAssignment(_ id: String) throws -> RetentionAssignmentRecord {
        guard let assignment = self[area: RetentionState.self].assignments[id] else {
            throw ServerErrorResponse.notFound("retention_policy_assignment")
        }
        return assignment
    }

    func assignRetentionPolicy(_ body: JSONValue, principal: Principal) throws -> RetentionAssignmentView {
        try requireComplianceAdmin(principal, for: "retention policies")
        runComplianceJobs()
        guard let policyId = body["policy_id"]?.stringValue, let type = body["assign_to"]?["type"]?.stringValue else {
            throw ServerErrorResponse.badRequest("policy_id and assign_to.type are required")
        }
        guard Self.retentionTargetTypes.contains(type) else {
            throw ServerErrorResponse.badRequest("assign_to.type must be enterprise, folder or metadata_template")
        }
        let policy = try existingRetentionPolicy(policyId)
        guard policy.isActive else { throw ServerErrorResponse.badRequest("A retired retention policy cannot be assigned") }
        var targetId = type == "enterprise" ? enterpriseId : body["assign_to"]?.idMember
        let filters = (body["filter_fields"]?.arrayValue ?? []).compactMap { entry -> (field: String, value: String)? in
            guard let field = entry["field"]?.stringValue, let value = entry["value"]?.stringValue else { return nil }
            return (field, value)
        }
        switch type {
        case "folder":
            guard let id = targetId, let folder = items[.folder(internalFolderId(id, for: principal.userId))] else {
                throw ServerErrorResponse.notFound("folder")
            }
            if folder.isRoot { throw ServerErrorResponse.badRequest("A retention policy cannot be assigned to a root folder") }
            targetId = folder.id
        case "metadata_template":
            guard let id = targetId else { throw ServerErrorResponse.badRequest("assign_to.id is required") }
            let template = try metadataTemplate(id: id)
            for filter in filters where !template.fields.contains(where: { $0.id == filter.field || $0.key == filter.field }) {
                throw ServerErrorResponse.badRequest("filter_fields names '\(filter.field)', which is not a field of the template")
            }
        default:
            break
        }
        if !filters.isEmpty && type != "metadata_template" {
            throw ServerErrorResponse.badRequest("filter_fields applies to metadata template assignments only")
        }
        if self[area: RetentionState.self].assignments.values.contains(where: { $0.policyId == policyId && $0.targetType == type && $0.targetId == targetId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The retention policy is already assigned to this \(type).")
        }
        let assignment = RetentionAssignmentRecord(
            id: newId(), policyId: policyId, targetType: type, targetId: targetId, filterFields: filters,
            startDateField: body["start_date_field"]?.stringValue, assignedBy: principal.userId, assignedAt: currentTime)
        self[area: RetentionState.self].assignments[assignment.id] = assignment
        recordEvent("RETENTION_POLICY_ASSIGNMENT_ADD", by: principal.userId, source: type == "folder" ? targetId.map(ItemRef.folder) : nil,
                    enterpriseOnly: true, details: Self.retentionEventDetails(policy, assignment: assignment))
        reconcileRetentions(appliedAt: currentTime)
        return retentionAssignmentView(assignment)
    }

    /// Removes an assignment of a modifiable policy; the retentions it made go with it.
    func deleteRetentionAssignment(_ id: String, principal: Principal) throws {
        try requireComplianceAdmin(principal, for: "retention policies")
        runComplianceJobs()
        let assignment = try existingRetentionAssignment(id)
        if self[area: RetentionState.self].policies[assignment.policyId]?.isNonModifiable == true {
            throw ServerErrorResponse.forbidden(
                "The retention policy is non-modifiable: its assignments cannot be removed.", code: "forbidden")
        }
        self[area: RetentionState.self].assignments[id] = nil
        self[area: RetentionState.self].retentions = self[area: RetentionState.self].retentions.filter { $0.value.assignmentId != id }
    }

    /// The versions an assignment keeps under retention now, in file order.
    func versionsRetained(byAssignment id: String, principal: Principal) throws -> [HeldFileVersion] {
        try requireComplianceAdmin(principal, for: "retention policies")
        runComplianceJobs()
        _ = try existingRetentionAssignment(id)
        let retained = Set(self[area: RetentionState.self].retentions.values
            .filter { $0.assignmentId == id && $0.disposedAt == nil }.map(\.versionId))
        return heldVersions { _, version in retained.contains(version.id) }
    }

    /// Whether an assignment covers a file now.
    func retentionCovers(_ assignment: RetentionAssignmentRecord, file: ItemRecord) -> Bool {
        switch assignment.targetType {
        case "enterprise":
            return true
        case "folder":
            return assignment.targetId.map { isWithin(file.ref, folder: $0) } ?? false
        case "metadata_template":
            guard let id = assignment.targetId, let template = metadataTemplates[id],
                  let instance = metadata[Self.metadataKey(file.ref)]?["\(template.scope)/\(template.templateKey)"]
            else { return false }
            return assignment.filterFields.allSatisfy { filter in
                guard let field = template.fields.first(where: { $0.id == filter.field || $0.key == filter.field }),
                      let stored = instance[field.key]
                else { return false }
                let values = stored.arrayValue?.compactMap(\.stringValue) ?? [stored.stringValue ?? stored.numberValue.map { String($0) } ?? ""]
                let optionKey = field.options.first { $0.id == filter.value }?.key
                return values.contains(filter.value) || optionKey.map { values.contains($0) } == true
            }
        default:
            return false
        }
    }
}
