import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Reading the enterprise's configuration (Box API 2025.0), by category.
@Suite("Enterprise configurations against the server")
struct EndToEndEnterpriseConfigurationsTests {
    @Test func onlyTheCategoriesAskedForAreAnswered() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let configuration = try await admin.enterpriseConfigurations.getEnterpriseConfigurationByIdV2025R0(
                enterpriseId: server.seed.enterpriseId,
                queryParams: GetEnterpriseConfigurationByIdV2025R0QueryParams(categories: ["user_settings", "shield"]))

            #expect(configuration.id == server.seed.enterpriseId)
            guard let settings = configuration.userSettings else {
                Issue.record("no user settings in \(configuration)")
                return
            }
            #expect(settings.newUserDefaultLanguage?.value == "English (US)")
            #expect(configuration.shield != nil)
            #expect(configuration.security == nil)
            #expect(configuration.contentAndSharing == nil)
        }
    }

    @Test func theAllowlistLimitsExternalCollaborationInTheConfiguration() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await admin.collaborationAllowlistEntries.createCollaborationWhitelistEntry(
                requestBody: CreateCollaborationWhitelistEntryRequestBody(domain: "partner.example", direction: .both))

            let configuration = try await admin.enterpriseConfigurations.getEnterpriseConfigurationByIdV2025R0(
                enterpriseId: server.seed.enterpriseId,
                queryParams: GetEnterpriseConfigurationByIdV2025R0QueryParams(categories: ["content_and_sharing"]))

            guard let sharing = configuration.contentAndSharing else {
                Issue.record("no content and sharing in \(configuration)")
                return
            }
            #expect(sharing.externalCollaborationStatus?.value == "limited")
            #expect(sharing.isWatermarkingEnterpriseFeatureEnabled?.value == true)
        }
    }

    @Test func anotherEnterpriseIsNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.enterpriseConfigurations.getEnterpriseConfigurationByIdV2025R0(
                    enterpriseId: "1", queryParams: GetEnterpriseConfigurationByIdV2025R0QueryParams(categories: ["security"]))
            }

            #expect(error?.status == 404)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotReadTheConfiguration() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.enterpriseConfigurations.getEnterpriseConfigurationByIdV2025R0(
                    enterpriseId: server.seed.enterpriseId, queryParams: GetEnterpriseConfigurationByIdV2025R0QueryParams(categories: ["security"]))
            }

            #expect(error?.status == 403)
        }
    }
}
