import BoxLikeJSON
import Foundation

/// What the JSON of collaborations needs from the state: the item, grantee and creator minis.
extension ServerState {
    func collaborationView(_ collaboration: CollaborationRecord) -> CollaborationView {
        CollaborationView(
            collaboration: collaboration, item: mini(collaboration.item),
            accessibleBy: collaboration.groupId.map(groupMini) ?? (collaboration.userId.isEmpty ? .null : userMini(collaboration.userId)),
            createdBy: userMini(collaboration.createdBy),
            acceptanceRequirementsStatus: acceptanceRequirementsStatus(of: collaboration))
    }

    /// What the collaborator must do before the collaboration gives access: accept the
    /// enterprise's `external` terms of service when they are enabled and the collaborator is
    /// outside the enterprise (an external user, or an address no user has yet). The local
    /// enterprise requires neither strong passwords nor two-factor sign-in of outside
    /// collaborators (its security settings say so), and it keeps no record of a user's
    /// password strength or second factor, so those answers are `null`.
    func acceptanceRequirementsStatus(of collaboration: CollaborationRecord) -> JSONValue {
        var termsRequirement: [String: JSONValue] = ["is_accepted": .null]
        let user = collaboration.groupId == nil ? users[collaboration.userId] : nil
        let isOutside = collaboration.groupId == nil && (user?.isExternal ?? true)
        if isOutside, let terms = self[area: TermsOfServicesState.self].terms.values
            .first(where: { $0.tosType == "external" && $0.status == "enabled" }) {
            termsRequirement["terms_of_service"] = ["type": "terms_of_service", "id": .string(terms.id)]
            let answer = self[area: TermsOfServicesState.self].userStatuses.values
                .first { $0.tosId == terms.id && $0.userId == collaboration.userId }
            termsRequirement["is_accepted"] = answer.map { .bool($0.isAccepted) } ?? .null
        }
        return [
            "terms_of_service_requirement": .object(termsRequirement),
            "strong_password_requirement": [
                "enterprise_has_strong_password_required_for_external_users": false, "user_has_strong_password": .null,
            ],
            "two_factor_authentication_requirement": [
                "enterprise_has_two_factor_auth_enabled": false, "user_has_two_factor_authentication_enabled": .null,
            ],
        ]
    }

    func collaborationViews(_ collaborations: [CollaborationRecord]) -> [CollaborationView] {
        collaborations.map(collaborationView)
    }
}
