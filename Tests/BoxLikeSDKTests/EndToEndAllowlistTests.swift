import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The collaboration allowlist: allowed domains and exempt users.
@Suite("Collaboration allowlist against the server")
struct EndToEndAllowlistTests {
    func invite(_ email: String, to folderId: String, by client: BoxClient) async throws -> Collaboration {
        try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
            item: CreateCollaborationRequestBodyItemField(type: .folder, id: folderId),
            accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: email), role: .viewer))
    }

    @Test func anAllowedDomainIsListedReadAndRemoved() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let entry = try await admin.collaborationAllowlistEntries.createCollaborationWhitelistEntry(
                requestBody: CreateCollaborationWhitelistEntryRequestBody(domain: "Partner.example", direction: .both))
            #expect(entry.domain == "partner.example")
            #expect(try await admin.collaborationAllowlistEntries.getCollaborationWhitelistEntriesSequence().collect().map(\.id) == [entry.id])
            #expect(try await admin.collaborationAllowlistEntries.getCollaborationWhitelistEntryById(
                collaborationWhitelistEntryId: entry.id ?? "").direction == .both)

            try await admin.collaborationAllowlistEntries.deleteCollaborationWhitelistEntryById(collaborationWhitelistEntryId: entry.id ?? "")

            #expect(try await admin.collaborationAllowlistEntries.getCollaborationWhitelistEntries().entries?.isEmpty == true)
        }
    }

    @Test func onceADomainIsListedOthersCannotBeInvited() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            _ = try await admin.collaborationAllowlistEntries.createCollaborationWhitelistEntry(
                requestBody: CreateCollaborationWhitelistEntryRequestBody(domain: "partner.example", direction: .outbound))

            let allowed = try await invite("ana@partner.example", to: folder.id, by: admin)
            let error = await #expect(throws: BoxAPIError.self) { try await self.invite("eve@elsewhere.example", to: folder.id, by: admin) }

            #expect(allowed.inviteEmail == "ana@partner.example")
            #expect(error?.status == 403)
            #expect(error?.code == "collaboration_not_allowed")
        }
    }

    @Test func anExemptionNamesTheEnterpriseItBelongsToAndWhenItWasMade() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let exemption = try await admin.collaborationAllowlistExemptTargets.createCollaborationWhitelistExemptTarget(
                requestBody: CreateCollaborationWhitelistExemptTargetRequestBody(user: .init(id: server.seed.adminUser.id)))

            #expect(exemption.type == .collaborationWhitelistExemptTarget)
            #expect(exemption.enterprise?.id == server.seed.enterpriseId)
            #expect(exemption.enterprise?.type == .enterprise)
            #expect(exemption.modifiedAt != nil && exemption.modifiedAt == exemption.createdAt)
        }
    }

    @Test func anExemptUserInvitesAnyDomain() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            _ = try await admin.collaborationAllowlistEntries.createCollaborationWhitelistEntry(
                requestBody: CreateCollaborationWhitelistEntryRequestBody(domain: "partner.example", direction: .both))

            let exemption = try await admin.collaborationAllowlistExemptTargets.createCollaborationWhitelistExemptTarget(
                requestBody: CreateCollaborationWhitelistExemptTargetRequestBody(user: .init(id: server.seed.adminUser.id)))
            let invited = try await invite("eve@elsewhere.example", to: folder.id, by: admin)

            #expect(invited.inviteEmail == "eve@elsewhere.example")
            #expect(try await admin.collaborationAllowlistExemptTargets.getCollaborationWhitelistExemptTargetsSequence().collect()
                .map(\.user?.id) == [server.seed.adminUser.id])
            #expect(try await admin.collaborationAllowlistExemptTargets.getCollaborationWhitelistExemptTargetById(
                collaborationWhitelistExemptTargetId: exemption.id ?? "").user?.id == server.seed.adminUser.id)

            try await admin.collaborationAllowlistExemptTargets.deleteCollaborationWhitelistExemptTargetById(
                collaborationWhitelistExemptTargetId: exemption.id ?? "")
            let error = await #expect(throws: BoxAPIError.self) { try await self.invite("bob@elsewhere.example", to: folder.id, by: admin) }
            #expect(error?.status == 403)
            #expect(try await admin.collaborationAllowlistExemptTargets.getCollaborationWhitelistExemptTargets().entries?.isEmpty == true)
        }
    }

    @Test func onlyAnAdminManagesTheAllowlist() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.collaborationAllowlistEntries.createCollaborationWhitelistEntry(
                    requestBody: CreateCollaborationWhitelistEntryRequestBody(domain: "partner.example", direction: .both))
            }

            #expect(error?.status == 403)
        }
    }
}
