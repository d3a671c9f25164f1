import Foundation
import Testing
@testable import BoxLikeServer

/// The request log names the operation of the spec whose route answered each request.
@Suite("Operations in the request log")
struct RequestLogOperationTests {
    @Test func aRequestIsLoggedWithTheOperationItsRouteServesEvenWhenRefused() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            _ = try await server.api(.GET, "/users/\(server.seed.adminUser.id)", token: token)
            _ = try await server.api(.GET, "/users/999999", token: token)

            let entries = await server.requestLog.entries(method: "GET", path: .glob("/2.0/users/*"))
            #expect(entries.map(\.status) == [200, 404])
            #expect(entries.map(\.operationIds) == [["getUserById"], ["getUserById"]])
        }
    }

    @Test func operationsBoxDescribesOnOneMethodAndPathAreLoggedTogether() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            _ = try await server.api(.GET, "/shared_items", token: token, headers: [("BoxApi", "shared_link=https://example.com/s/none")])

            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/shared_items")).first)
            #expect(Set(entry.operationIds) == Set(ServerOperation.all.filter { $0.path == "/shared_items" && $0.method == .get }.map(\.id)))
            #expect(entry.operationIds.count > 1)
        }
    }

    @Test func aRequestNoOperationAnswersIsLoggedWithoutOne() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            _ = try await server.api(.GET, "/no_such_area", token: token)

            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/no_such_area")).first)
            #expect(entry.status == 404)
            #expect(entry.operationIds.isEmpty)
        }
    }
}
