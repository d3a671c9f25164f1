import Foundation

/// A Slack channel, or a Microsoft Teams channel or team, mapped to a Box folder that holds
/// what is shared in it.
struct IntegrationMappingRecord: Sendable {
    enum Integration: String, Sendable {
        case slack
        case teams
    }

    var id: String
    var integration: Integration
    var partner: IntegrationMappingPartner
    var folderId: String
    var isAccessManagementDisabled: Bool
    var createdBy: String
    var modifiedBy: String
    var createdAt: Date
    var modifiedAt: Date
}

/// The channel or team a mapping names on the partner's side.
struct IntegrationMappingPartner: Sendable {
    /// `channel` (Slack, Teams) or `team` (Teams).
    var type: String
    var id: String
    var slackWorkspaceId: String?
    var slackOrgId: String?
    var tenantId: String?
    var teamId: String?
}

/// The mappings there are, by id, and the Microsoft Teams tenants Box for Teams is set up in.
struct IntegrationMappingsState: AreaState {
    var mappings: [String: IntegrationMappingRecord] = [:]
    /// The tenants whose Box for Teams app is connected to this enterprise: a Teams mapping
    /// names one of them or is refused.
    var teamsTenantIds: Set<String> = []
}
