import BoxLikeJSON
import Foundation

/// Retention policies: enterprise admins create them, change them within their
/// modifiability, retire and delete them. A `non_modifiable` policy can only be made longer.
extension RetentionState {
    static let retentionDispositionActions: Set<String> = ["permanently_delete", "remove_retention"]

    /// A policy and what its rendering needs.
    mutating func retentionPolicyView(core: isolated ServerState, _ policy: RetentionPolicyRecord) -> RetentionPolicyView {
        var counts: [String: Int] = [:]
        for assignment in self.assignments.values where assignment.policyId == policy.id {
            counts[assignment.targetType, default: 0] += 1
        }
        return RetentionPolicyView(
            policy: policy, createdBy: core.userMini(policy.createdBy),
            recipients: policy.customNotificationRecipients.map(core.userMini), assignmentCounts: counts)
    }

    mutating func retentionPolicies(core: isolated ServerState, name: String?, type: String?, createdBy: String?, principal: Principal) throws -> [RetentionPolicyView] {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        let prefix = name?.lowercased() ?? ""
        return self.policies.values
            .filter { (prefix.isEmpty || $0.name.lowercased().hasPrefix(prefix)) && (type == nil || $0.policyType == type)
                && (createdBy == nil || $0.createdBy == createdBy) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { retentionPolicyView(core: core, $0) }
    }

    mutating func retentionPolicy(core: isolated ServerState, _ id: String, principal: Principal) throws -> RetentionPolicyView {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        return retentionPolicyView(core: core, try existingRetentionPolicy(core: core, id))
    }

    mutating func existingRetentionPolicy(core: isolated ServerState, _ id: String) throws -> RetentionPolicyRecord {
        guard let policy = self.policies[id] else { throw ServerErrorResponse.notFound("retention_policy") }
        return policy
    }

    mutating func createRetentionPolicy(core: isolated ServerState, _ body: JSONValue, principal: Principal) throws -> RetentionPolicyView {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        let name = try retentionPolicyName(core: core, body["policy_name"]?.stringValue, except: nil)
        guard let type = body["policy_type"]?.stringValue, type == "finite" || type == "indefinite" else {
            throw ServerErrorResponse.badRequest("policy_type must be finite or indefinite")
        }
        guard let action = body["disposition_action"]?.stringValue, Self.retentionDispositionActions.contains(action) else {
            throw ServerErrorResponse.badRequest("disposition_action must be permanently_delete or remove_retention")
        }
        var days: Int?
        if type == "finite" {
            guard let length = try Self.retentionDays(body["retention_length"]) else {
                throw ServerErrorResponse.badRequest("retention_length is required for a finite policy")
            }
            days = length
        } else if action == "permanently_delete" {
            throw ServerErrorResponse.badRequest("an indefinite policy can only have the disposition action remove_retention")
        }
        let retentionType = body["retention_type"]?.stringValue ?? "modifiable"
        guard retentionType == "modifiable" || retentionType == "non_modifiable" else {
            throw ServerErrorResponse.badRequest("retention_type must be modifiable or non_modifiable")
        }
        let now = core.currentTime
        let policy = RetentionPolicyRecord(
            id: core.newId(), name: name, description: body["description"]?.stringValue, policyType: type, retentionLengthDays: days,
            dispositionAction: action, retentionType: retentionType, createdBy: principal.userId, createdAt: now, modifiedAt: now,
            canOwnerExtendRetention: body["can_owner_extend_retention"]?.boolValue ?? false,
            maxExtensionLength: try Self.maxExtensionLength(body["max_extension_length"]),
            areOwnersNotified: body["are_owners_notified"]?.boolValue ?? false,
            customNotificationRecipients: try notificationRecipients(core: core, body["custom_notification_recipients"]))
        self.policies[policy.id] = policy
        core.recordEvent("DATA_RETENTION_CREATE_RETENTION", by: principal.userId, source: nil, enterpriseOnly: true,
                    details: Self.retentionEventDetails(policy))
        return retentionPolicyView(core: core, policy)
    }

    /// Applies the members given; refuses to shorten, retire or loosen a non-modifiable policy.
    mutating func updateRetentionPolicy(core: isolated ServerState, _ id: String, body: JSONValue, principal: Principal) throws -> RetentionPolicyView {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        var policy = try existingRetentionPolicy(core: core, id)
        func given(_ key: String) -> JSONValue? { body[key].flatMap { $0.isNull ? nil : $0 } }
        let locked = policy.isNonModifiable
        func refuse(_ message: String) -> ServerErrorResponse {
            ServerErrorResponse.forbidden("The retention policy is non-modifiable: \(message)", code: "forbidden")
        }
        if let name = given("policy_name")?.stringValue { policy.name = try retentionPolicyName(core: core, name, except: id) }
        if let description = given("description")?.stringValue { policy.description = description }
        if let action = given("disposition_action")?.stringValue {
            guard Self.retentionDispositionActions.contains(action) else {
                throw ServerErrorResponse.badRequest("disposition_action must be permanently_delete or remove_retention")
            }
            if locked && action != policy.dispositionAction { throw refuse("its disposition action cannot change.") }
            policy.dispositionAction = action
        }
        if let type = given("retention_type")?.stringValue {
            guard type == "non_modifiable" || type == "modifiable" else {
                throw ServerErrorResponse.badRequest("retention_type must be non_modifiable")
            }
            if locked && type == "modifiable" { throw refuse("it cannot be made modifiable again.") }
            policy.retentionType = type
        }
        if let days = try Self.retentionDays(given("retention_length")) {
            guard policy.policyType == "finite" else { throw ServerErrorResponse.badRequest("an indefinite policy has no retention_length") }
            if locked && days < (policy.retentionLengthDays ?? 0) { throw refuse("its retention can be extended, not shortened.") }
            policy.retentionLengthDays = days
        }
        if let status = given("status")?.stringValue {
            guard status == "retired" else { throw ServerErrorResponse.badRequest("status can only be set to retired") }
            if locked { throw refuse("it cannot be retired.") }
            policy.status = status
        }
        if let extend = given("can_owner_extend_retention")?.boolValue { policy.canOwnerExtendRetention = extend }
        if let notified = given("are_owners_notified")?.boolValue { policy.areOwnersNotified = notified }
        if let recipients = given("custom_notification_recipients") {
            policy.customNotificationRecipients = try notificationRecipients(core: core, recipients)
        }
        if let maximum = try Self.maxExtensionLength(given("max_extension_length")) { policy.maxExtensionLength = maximum }
        policy.modifiedAt = core.currentTime
        self.policies[id] = policy
        // Box's admin logs have no type for other changes to a policy; retiring removes it.
        if given("status") != nil {
            core.recordEvent("DATA_RETENTION_REMOVE_RETENTION", by: principal.userId, source: nil, enterpriseOnly: true,
                        details: Self.retentionEventDetails(policy))
        }
        return retentionPolicyView(core: core, policy)
    }

    /// Deletes a modifiable policy with its assignments; what it retained is released.
    mutating func deleteRetentionPolicy(core: isolated ServerState, _ id: String, principal: Principal) throws {
        try core.requireComplianceAdmin(principal, for: "retention policies")
        let policy = try existingRetentionPolicy(core: core, id)
        if policy.isNonModifiable {
            throw ServerErrorResponse.forbidden("The retention policy is non-modifiable: it cannot be deleted.", code: "forbidden")
        }
        self.policies[id] = nil
        self.assignments = self.assignments.filter { $0.value.policyId != id }
        self.retentions = self.retentions.filter { $0.value.policyId != id }
        core.recordEvent("DATA_RETENTION_REMOVE_RETENTION", by: principal.userId, source: nil, enterpriseOnly: true,
                    details: Self.retentionEventDetails(policy))
    }

    /// What the admin logs show of a retention change: the policy and, for an assignment, what
    /// it assigns the policy to.
    static func retentionEventDetails(_ policy: RetentionPolicyRecord, assignment: RetentionAssignmentRecord? = nil) -> JSONValue {
        var details: [String: JSONValue] = ["retention_policy_id": .string(policy.id), "retention_policy_name": .string(policy.name)]
        if let assignment {
            details["retention_policy_assignment_id"] = .string(assignment.id)
            details["assign_to_type"] = .string(assignment.targetType)
            details["assign_to_id"] = assignment.targetId.map(JSONValue.string)
        }
        return .object(details)
    }

    private mutating func retentionPolicyName(core: isolated ServerState, _ name: String?, except id: String?) throws -> String {
        guard let name, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ServerErrorResponse.badRequest("policy_name is required")
        }
        let taken = self.policies.values.contains { $0.id != id && $0.name.lowercased() == name.lowercased() }
        if taken {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A retention policy named '\(name)' already exists.")
        }
        return name
    }

    private mutating func notificationRecipients(core: isolated ServerState, _ value: JSONValue?) throws -> [String] {
        guard let entries = value?.arrayValue else { return [] }
        return try entries.map { entry in
            guard let id = entry.idMember, core.users[id] != nil else { throw ServerErrorResponse.notFound("user") }
            return id
        }
    }

    /// `retention_length` as days (a number or a numeric string), when given; at least 1.
    static func retentionDays(_ value: JSONValue?) throws -> Int? {
        guard let value, !value.isNull else { return nil }
        let days = value.intValue ?? value.stringValue.flatMap { Int($0) }
        guard let days, days >= 1 else { throw ServerErrorResponse.badRequest("retention_length must be a whole number of days, at least 1") }
        return days
    }

    /// `max_extension_length` as Box answers it: `none` or a number of days as a string.
    static func maxExtensionLength(_ value: JSONValue?) throws -> String? {
        guard let value, !value.isNull else { return nil }
        if value.stringValue == "none" { return "none" }
        let days = value.intValue ?? value.stringValue.flatMap { Int($0) }
        guard let days, days >= 1 else { throw ServerErrorResponse.badRequest("max_extension_length must be none or a number of days") }
        return String(days)
    }
}
