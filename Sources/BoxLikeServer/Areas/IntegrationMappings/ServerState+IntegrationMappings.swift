import BoxLikeJSON
import Foundation

/// Slack and Teams mappings of channels to folders; only admins (and the service account)
/// manage them.
extension ServerState {
    private var mappingState: IntegrationMappingsState {
        get { self[area: IntegrationMappingsState.self] }
        _modify { yield &self[area: IntegrationMappingsState.self] }
    }

    /// A mapping with what rendering it needs: the folder's mini and the user minis.
    typealias RenderableMapping = (mapping: IntegrationMappingRecord, folder: JSONValue, users: UserMinis)

    private func requireIntegrationAdministrator(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may manage integration mappings.")
        }
    }

    private func renderable(_ mapping: IntegrationMappingRecord) -> RenderableMapping {
        (mapping, mini(.folder(mapping.folderId)), userMinis([mapping.createdBy, mapping.modifiedBy]))
    }

    private func mappableFolder(_ folderId: String) throws -> String {
        guard let folder = items[.folder(folderId)], !isInTrash(folder.ref) else { throw ServerErrorResponse.notFound("folder") }
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("The root folder cannot be mapped") }
        return folder.id
    }

    func createIntegrationMapping(_ integration: IntegrationMappingRecord.Integration, partner: IntegrationMappingPartner, folderId: String,
                                  accessManagementDisabled: Bool?, principal: Principal) throws -> RenderableMapping {
        try requireIntegrationAdministrator(principal)
        let allowedTypes: Set<String> = integration == .slack ? ["channel"] : ["channel", "team"]
        guard allowedTypes.contains(partner.type) else {
            throw ServerErrorResponse.badRequest("partner_item.type must be one of \(allowedTypes.sorted().joined(separator: ", "))")
        }
        if integration == .teams, partner.tenantId == nil {
            throw ServerErrorResponse.badRequest("partner_item.tenant_id is required")
        }
        let folder = try mappableFolder(folderId)
        if mappingState.mappings.values.contains(where: { $0.integration == integration && $0.partner.id == partner.id }) {
            throw ServerErrorResponse.badRequest("The \(partner.type) is already mapped to a folder")
        }
        let now = currentTime
        let mapping = IntegrationMappingRecord(
            id: newId(), integration: integration, partner: partner, folderId: folder, isAccessManagementDisabled: accessManagementDisabled ?? false,
            createdBy: principal.userId, modifiedBy: principal.userId, createdAt: now, modifiedAt: now)
        mappingState.mappings[mapping.id] = mapping
        return renderable(mapping)
    }

    /// The mappings of one integration matching the filters given, oldest first.
    func integrationMappings(_ integration: IntegrationMappingRecord.Integration, partnerType: String?, partnerId: String?,
                             folderId: String?, principal: Principal) throws -> [RenderableMapping] {
        try requireIntegrationAdministrator(principal)
        return mappingState.mappings.values
            .filter {
                $0.integration == integration && (partnerType == nil || $0.partner.type == partnerType)
                    && (partnerId == nil || $0.partner.id == partnerId) && (folderId == nil || $0.folderId == folderId)
            }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { renderable($0) }
    }

    func updateIntegrationMapping(_ id: String, _ integration: IntegrationMappingRecord.Integration, folderId: String?,
                                  accessManagementDisabled: Bool?, principal: Principal) throws -> RenderableMapping {
        try requireIntegrationAdministrator(principal)
        guard var mapping = mappingState.mappings[id], mapping.integration == integration else {
            throw ServerErrorResponse.notFound("integration_mapping")
        }
        if let folderId { mapping.folderId = try mappableFolder(folderId) }
        if let accessManagementDisabled { mapping.isAccessManagementDisabled = accessManagementDisabled }
        mapping.modifiedBy = principal.userId
        mapping.modifiedAt = currentTime
        mappingState.mappings[id] = mapping
        return renderable(mapping)
    }

    func deleteIntegrationMapping(_ id: String, _ integration: IntegrationMappingRecord.Integration, principal: Principal) throws {
        try requireIntegrationAdministrator(principal)
        guard mappingState.mappings[id]?.integration == integration else { throw ServerErrorResponse.notFound("integration_mapping") }
        mappingState.mappings[id] = nil
    }
}
