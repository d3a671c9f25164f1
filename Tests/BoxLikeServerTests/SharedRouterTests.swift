import Foundation
import Testing
@testable import BoxLikeServer

/// Every server of a process answers through one router built for the routes they all
/// register, each with its own middleware, handlers and state.
@Suite("One router per process")
struct SharedRouterTests {
    @Test func aSecondServerBuildsNoRouter() async throws {
        try await withTestServer { _ in
            let built = SharedRouter.buildCount
            try await withTestServer { second in
                let token = try await second.mintDeveloperToken(userId: second.seed.adminUser.id)
                #expect(try await second.api(.GET, "/users/me", token: token).status == 200)
            }
            #expect(SharedRouter.buildCount == built)
        }
    }

    @Test func eachServerAnswersWithItsOwnStateAndTokens() async throws {
        try await withTestServer { first in
            try await withTestServer { second in
                let firstToken = try await first.mintDeveloperToken(userId: first.seed.adminUser.id)
                let created = try await first.api(.POST, "/folders", token: firstToken,
                                                  json: ["name": "only on the first", "parent": ["id": "0"]])
                #expect(created.status == 201)
                let id = try #require(created.json?["id"]?.stringValue)
                #expect(try await first.api(.GET, "/folders/\(id)", token: firstToken).status == 200)

                let secondToken = try await second.mintDeveloperToken(userId: second.seed.adminUser.id)
                #expect(try await second.api(.GET, "/folders/\(id)", token: secondToken).status == 404)
                // A token the first server issued means nothing to the second.
                #expect(try await second.api(.GET, "/users/me", token: firstToken).status == 401)
            }
        }
    }

    @Test func eachServerRunsItsOwnMiddleware() async throws {
        try await withTestServer { first in
            try await withTestServer { second in
                await first.faults.inject(.status(503), path: .exact("/2.0/users/me"))
                let token = try await second.mintDeveloperToken(userId: second.seed.adminUser.id)
                #expect(try await second.api(.GET, "/users/me", token: token).status == 200)
                #expect(await second.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 1)
                #expect(await first.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).isEmpty)
                #expect(await first.faults.pendingCount == 1)
            }
        }
    }
}
