import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// What Box's test enterprise has and no API makes, seeded in every fresh server.
@Suite("Seeded fixtures")
struct SeedFixtureTests {
    @Test func aHubsAppItemIsAssociatedWithTheAdminsFileAndFolder() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let onFile = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)/app_item_associations", token: admin)
            let onFolder = try await server.api(.GET, "/folders/\(server.seed.adminUser.folderId)/app_item_associations", token: admin)

            for answer in [onFile, onFolder] {
                let appItem = answer.json?["entries"]?[0]?["app_item"]
                #expect(appItem?["id"]?.stringValue == server.seed.appItemId)
                #expect(appItem?["application_type"] == "hubs")
            }
        }
    }

    @Test func theAppItemsSharedLinkResolvesToIt() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let shared = try await server.api(
                .GET, "/shared_items", token: admin, headers: [("BoxApi", "shared_link=\(server.seededAppItemSharedLink)")])

            #expect(shared.json?["id"]?.stringValue == server.seed.appItemId)
        }
    }

    @Test func aFileRequestIsOnTheAdminsFolder() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let request = try await server.api(.GET, "/file_requests/\(server.seed.fileRequestId)", token: admin)

            #expect(request.status == 200)
            #expect(request.json?["folder"]?["id"]?.stringValue == server.seed.adminUser.folderId)
        }
    }
}
