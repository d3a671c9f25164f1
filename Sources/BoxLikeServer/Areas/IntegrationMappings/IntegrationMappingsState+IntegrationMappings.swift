import BoxLikeJSON
import Foundation

/// Slack and Teams mappings of channels to folders; only admins (and the service account)
/// manage them.
extension IntegrationMappingsState {
    private var mappingState: IntegrationMappingsState {
        get { self }
        _modify { yield &self }
    }

    /// A mapping with what rendering it needs: the folder's mini and the user minis.
    typealias RenderableMapping = (mapping: IntegrationMappingRecord, folder: JSONValue, users: UserMinis)

    private mutating func requireIntegrationAdministrator(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage integration mappings.")
        }
    }

    private mutating func renderable(core: isolated ServerState, _ mapping: IntegrationMappingRecord) -> RenderableMapping {
        (mapping, core.mini(.folder(mapping.folderId)), core.userMinis([mapping.createdBy, mapping.modifiedBy]))
    }

    /// The folder a mapping may point at: one the caller can see (`404` otherwise, as for any
    /// folder), not the root, and for Slack one Box for Slack's service account owns or
    /// co-owns (`400 SERVICE_ACCOUNT_IS_NOT_A_COOWNER_OR_OWNER` naming the account otherwise).
    private mutating func mappableFolder(core: isolated ServerState, _ folderId: String, for integration: IntegrationMappingRecord.Integration, principal: Principal) throws -> String {
        guard let folder = core.items[.folder(folderId)], !core.isInTrash(folder.ref), core.access(of: principal.userId, to: folder.ref) != nil else {
            throw ServerErrorResponse.notFound("folder")
        }
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("The root folder cannot be mapped") }
        if integration == .slack {
            guard let service = core.slackServiceAccount() else {
                throw ServerErrorResponse.badRequest("Box for Slack is not set up for the enterprise", code: "bad_request")
            }
            let roles = core.access(of: service.id, to: folder.ref)?.roles ?? []
            guard roles.contains(.owner) || roles.contains(.coOwner) else {
                throw ServerErrorResponse(
                    .badRequest, code: "SERVICE_ACCOUNT_IS_NOT_A_COOWNER_OR_OWNER",
                    message: "\(service.name) (user id: \(service.id), user email: \(service.login)) must be a collaborator in role co-owner "
                        + "or owner of the folder \(folder.id) before it can be mapped to a channel. Create a collaboration or ensure the "
                        + "ownership for \(service.name) and retry.",
                    contextInfo: ["service_account_id": .string(service.id), "service_account_email": .string(service.login)])
            }
        }
        return folder.id
    }

    mutating func createIntegrationMapping(core: isolated ServerState, _ integration: IntegrationMappingRecord.Integration, partner: IntegrationMappingPartner, folderId: String,
                                  accessManagementDisabled: Bool?, principal: Principal) throws -> RenderableMapping {
        try requireIntegrationAdministrator(core: core, principal)
        let allowedTypes: Set<String> = integration == .slack ? ["channel"] : ["channel", "team"]
        guard allowedTypes.contains(partner.type) else {
            throw ServerErrorResponse.badRequest("partner_item.type must be one of \(allowedTypes.sorted().joined(separator: ", "))")
        }
        if integration == .teams {
            guard let tenant = partner.tenantId else { throw ServerErrorResponse.badRequest("partner_item.tenant_id is required") }
            guard mappingState.teamsTenantIds.contains(tenant) else {
                throw ServerErrorResponse(
                    .badRequest, code: "BOX_ENTERPRISE_MISMATCH",
                    message: "Box for Teams is not set up for the Microsoft Teams tenant \(tenant) in this enterprise.")
            }
        }
        let folder = try mappableFolder(core: core, folderId, for: integration, principal: principal)
        if mappingState.mappings.values.contains(where: { $0.integration == integration && $0.partner.id == partner.id }) {
            throw ServerErrorResponse.badRequest("The \(partner.type) is already mapped to a folder")
        }
        let now = core.currentTime
        let mapping = IntegrationMappingRecord(
            id: core.newId(), integration: integration, partner: partner, folderId: folder, isAccessManagementDisabled: accessManagementDisabled ?? false,
            createdBy: principal.userId, modifiedBy: principal.userId, createdAt: now, modifiedAt: now)
        mappingState.mappings[mapping.id] = mapping
        return renderable(core: core, mapping)
    }

    /// The mappings of one integration matching the filters given, oldest first.
    mutating func integrationMappings(core: isolated ServerState, _ integration: IntegrationMappingRecord.Integration, partnerType: String?, partnerId: String?,
                             folderId: String?, principal: Principal) throws -> [RenderableMapping] {
        try requireIntegrationAdministrator(core: core, principal)
        return mappingState.mappings.values
            .filter {
                $0.integration == integration && (partnerType == nil || $0.partner.type == partnerType)
                    && (partnerId == nil || $0.partner.id == partnerId) && (folderId == nil || $0.folderId == folderId)
            }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { renderable(core: core, $0) }
    }

    mutating func updateIntegrationMapping(core: isolated ServerState, _ id: String, _ integration: IntegrationMappingRecord.Integration, folderId: String?,
                                  accessManagementDisabled: Bool?, principal: Principal) throws -> RenderableMapping {
        try requireIntegrationAdministrator(core: core, principal)
        guard var mapping = mappingState.mappings[id], mapping.integration == integration else {
            throw ServerErrorResponse.notFound("integration_mapping")
        }
        if let folderId { mapping.folderId = try mappableFolder(core: core, folderId, for: integration, principal: principal) }
        if let accessManagementDisabled { mapping.isAccessManagementDisabled = accessManagementDisabled }
        mapping.modifiedBy = principal.userId
        mapping.modifiedAt = core.currentTime
        mappingState.mappings[id] = mapping
        return renderable(core: core, mapping)
    }

    /// Connects Box for Teams in a Microsoft Teams tenant to the enterprise, as installing the
    /// app in Teams does (no API does).
    mutating func connectTeamsTenant(core: isolated ServerState, _ tenantId: String) {
        mappingState.teamsTenantIds.insert(tenantId)
    }

    mutating func deleteIntegrationMapping(core: isolated ServerState, _ id: String, _ integration: IntegrationMappingRecord.Integration, principal: Principal) throws {
        try requireIntegrationAdministrator(core: core, principal)
        guard mappingState.mappings[id]?.integration == integration else { throw ServerErrorResponse.notFound("integration_mapping") }
        mappingState.mappings[id] = nil
    }
}
