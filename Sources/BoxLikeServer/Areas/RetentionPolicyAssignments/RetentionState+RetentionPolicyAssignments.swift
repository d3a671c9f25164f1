import BoxLikeJSON
import Foundation

/// Retention policy assignments: a policy applied to the whole enterprise, to a folder, or to
/// the files carrying a metadata template (optionally only those whose fields match
/// `filter_fields`). The file versions they cover come under retention (``reconcileRetentions(appliedAt:)``).
extension RetentionState {
    static let retentionTargetTypes: Set<String> = ["enterprise", "folder", "metadata_template"]

    mutating func retentionAssignmentView(core: isolated ServerState, _ assignment: RetentionAssignmentRecord) -> RetentionAssignmentView {
        RetentionAssignmentView(
            assignment: assignment, policy: self.policies[assignment.policyId],
            assignedBy: core.userMini(assignment.assignedBy))
    }

    mutating func retentionAssignments(core: isolated ServerState, policyId: String, type: String?, principal: Principal) throws -> [RetentionAssignmentView] {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        _ = try existingRetentionPolicy(core: core, policyId)
        return self.assignments.values
            .filter { $0.policyId == policyId && (type == nil || $0.targetType == type) }
            .sorted { ($0.assignedAt, $0.id) < ($1.assignedAt, $1.id) }
            .map { retentionAssignmentView(core: core, $0) }
    }

    mutating func retentionAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws -> RetentionAssignmentView {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        return retentionAssignmentView(core: core, try existingRetentionAssignment(core: core, id))
    }

    private mutating func existingRetentionAssignment(core: isolated ServerState, _ id: String) throws -> RetentionAssignmentRecord {
        guard let assignment = self.assignments[id] else {
            throw ServerErrorResponse.notFound("retention_policy_assignment")
        }
        return assignment
    }

    mutating func assignRetentionPolicy(core: isolated ServerState, _ body: JSONValue, principal: Principal) throws -> RetentionAssignmentView {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        guard let policyId = body["policy_id"]?.stringValue, let type = body["assign_to"]?["type"]?.stringValue else {
            throw ServerErrorResponse.badRequest("policy_id and assign_to.type are required")
        }
        guard Self.retentionTargetTypes.contains(type) else {
            throw ServerErrorResponse.badRequest("assign_to.type must be enterprise, folder or metadata_template")
        }
        let policy = try existingRetentionPolicy(core: core, policyId)
        guard policy.isActive else { throw ServerErrorResponse.badRequest("A retired retention policy cannot be assigned") }
        var targetId = type == "enterprise" ? core.enterpriseId : body["assign_to"]?.idMember
        let filters = (body["filter_fields"]?.arrayValue ?? []).compactMap { entry -> (field: String, value: String)? in
            guard let field = entry["field"]?.stringValue, let value = entry["value"]?.stringValue else { return nil }
            return (field, value)
        }
        switch type {
        case "folder":
            guard let id = targetId, let folder = core.items[.folder(core.internalFolderId(id, for: principal.userId))] else {
                throw ServerErrorResponse.notFound("folder")
            }
            if folder.isRoot { throw ServerErrorResponse.badRequest("A retention policy cannot be assigned to a root folder") }
            targetId = folder.id
        case "metadata_template":
            guard let id = targetId else { throw ServerErrorResponse.badRequest("assign_to.id is required") }
            let template = try core.metadataTemplate(id: id)
            for filter in filters where !template.fields.contains(where: { $0.id == filter.field || $0.key == filter.field }) {
                throw ServerErrorResponse.badRequest("filter_fields names '\(filter.field)', which is not a field of the template")
            }
        default:
            break
        }
        if !filters.isEmpty && type != "metadata_template" {
            throw ServerErrorResponse.badRequest("filter_fields applies to metadata template assignments only")
        }
        if self.assignments.values.contains(where: { $0.policyId == policyId && $0.targetType == type && $0.targetId == targetId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The retention policy is already assigned to this \(type).")
        }
        let assignment = RetentionAssignmentRecord(
            id: core.newId(), policyId: policyId, targetType: type, targetId: targetId, filterFields: filters,
            startDateField: body["start_date_field"]?.stringValue, assignedBy: principal.userId, assignedAt: core.currentTime)
        self.assignments[assignment.id] = assignment
        core.recordEvent("RETENTION_POLICY_ASSIGNMENT_ADD", by: principal.userId, source: type == "folder" ? targetId.map(ItemRef.folder) : nil,
                    enterpriseOnly: true, details: RetentionState.retentionEventDetails(policy, assignment: assignment))
        reconcileRetentions(core: core, appliedAt: core.currentTime)
        return retentionAssignmentView(core: core, assignment)
    }

    /// Removes an assignment of a modifiable policy; the retentions it made go with it.
    mutating func deleteRetentionAssignment(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        let assignment = try existingRetentionAssignment(core: core, id)
        if self.policies[assignment.policyId]?.isNonModifiable == true {
            throw ServerErrorResponse.forbidden(
                "The retention policy is non-modifiable: its assignments cannot be removed.", code: "forbidden")
        }
        self.assignments[id] = nil
        self.retentions = self.retentions.filter { $0.value.assignmentId != id }
    }

    /// The versions an assignment keeps under retention now, in file order.
    mutating func versionsRetained(core: isolated ServerState, byAssignment id: String, principal: Principal) throws -> [HeldFileVersion] {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        _ = try existingRetentionAssignment(core: core, id)
        let retained = Set(self.retentions.values
            .filter { $0.assignmentId == id && $0.disposedAt == nil }.map(\.versionId))
        return core.heldVersions { _, version in retained.contains(version.id) }
    }

    /// Whether an assignment covers a file now.
    mutating func retentionCovers(core: isolated ServerState, _ assignment: RetentionAssignmentRecord, file: ItemRecord) -> Bool {
        switch assignment.targetType {
        case "enterprise":
            return true
        case "folder":
            return assignment.targetId.map { core.isWithin(file.ref, folder: $0) } ?? false
        case "metadata_template":
            guard let id = assignment.targetId, let template = core.metadataTemplates[id],
                  let instance = core.metadata[ServerState.metadataKey(file.ref)]?["\(template.scope)/\(template.templateKey)"]
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
