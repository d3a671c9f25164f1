import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// An enterprise's configuration as Box renders it: every item of each category asked for.
@Suite("Enterprise configuration items")
struct EnterpriseConfigurationTests {
    @Test func eachCategoryHoldsEveryItemBoxDescribesWithANewEnterprisesValues() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let answer = try await server.api(
                .GET, "/enterprise_configurations/\(server.seed.enterpriseId)?categories=security,content_and_sharing,user_settings,shield",
                token: token, headers: [("box-version", "2025.0")])

            let json = try #require(answer.json)
            #expect(json["security"]?.objectValue?.count == 30)
            #expect(json["content_and_sharing"]?.objectValue?.count == 49)
            #expect(json["user_settings"]?.objectValue?.count == 19)
            #expect(json["user_settings"]?["new_user_default_storage_limit"]?["value"] == -1)
            #expect(json["user_settings"]?["is_enterprise_sso_required"]?["value"] == false)
            #expect(json["content_and_sharing"]?["trash_auto_clear_time"]?["value"] == 30)
            #expect(json["security"]?["is_multi_factor_auth_required"] == ["is_used": true, "value": false])
        }
    }
}
