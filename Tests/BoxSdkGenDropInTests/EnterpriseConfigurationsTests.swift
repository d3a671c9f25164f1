import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.enterpriseConfigurations`, as Box's documentation uses it.
@Suite("Drop-in: enterprise configurations")
struct EnterpriseConfigurationsTests {
    @Test func theEnterprisesConfigurationIsRead() async throws {
        try await withLocalBox { box in
            let adminClient = box.client
            let enterpriseId = box.seed.enterpriseId

            let enterpriseConfiguration = try await adminClient.enterpriseConfigurations.getEnterpriseConfigurationByIdV2025R0(
                enterpriseId: enterpriseId,
                queryParams: GetEnterpriseConfigurationByIdV2025R0QueryParams(categories: ["user_settings", "content_and_sharing", "security", "shield"]))

            #expect(enterpriseConfiguration.type?.rawValue == "enterprise_configuration")
            let userSettings: EnterpriseConfigurationUserSettingsV2025R0 = try #require(enterpriseConfiguration.userSettings)
            #expect(userSettings.newUserDefaultLanguage?.value == "English (US)")
            #expect(enterpriseConfiguration.contentAndSharing != nil)
            #expect(enterpriseConfiguration.security != nil)
            #expect(enterpriseConfiguration.shield != nil)
        }
    }
}
