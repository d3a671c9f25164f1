import BoxLikeRuntime
import Foundation
import Testing
@testable import BoxLikeSDK

/// The servers the specification names, as the SDK maps them to base URLs: a server added to
/// the specification without a base URL would send its operations nowhere.
@Suite("Server mapping")
struct NetworkServerMappingTests {
    @Test func everySpecifiedServerHasAProductionBaseURL() {
        let mapped = BaseUrls.production.byServer
        #expect(Set(mapped.keys) == Set(ServerID.specified))
    }

    @Test func productionBaseURLsAreTheSpecificationsServerURLs() {
        #expect(Set(ServerID.specifiedURLs.keys) == Set(ServerID.specified))
        for server in ServerID.specified {
            #expect(BaseUrls.production.byServer[server]?.absoluteString == ServerID.specifiedURLs[server],
                    "\(server)")
        }
        #expect(BaseUrls.production.uploadUrl.absoluteString == "https://upload.boxlike.example/api/2.0")
    }

    @Test func theProductionAuthorizePageIsTheAuthorizeOperationOnTheSpecifiedAuthorizeServer() throws {
        let server = try #require(ServerID.specifiedURLs[.authorize])
        #expect(BaseUrls.production.authorizeUrl.absoluteString == server + "/authorize")
        #expect(BaseUrls.production.authorizeUrl.absoluteString == "https://account.boxlike.example/api/oauth2/authorize")
    }

    @Test func everySpecifiedServerHasABaseURLOnASingleOrigin() throws {
        let origin = try #require(URL(string: "http://127.0.0.1:8080"))
        let mapped = BaseUrls.singleOrigin(origin).byServer
        #expect(Set(mapped.keys) == Set(ServerID.specified))
        #expect(mapped[.upload]?.absoluteString == "http://127.0.0.1:8080/api/2.0")
        #expect(mapped[.authorize]?.absoluteString == "http://127.0.0.1:8080/oauth2")
    }

    @Test func rawCallServersAreTheSpecifiedOnes() {
        #expect(Set([BoxServer.api, .upload, .oauth2, .authorize].map(\.serverID)) == Set(ServerID.specified))
        #expect(BoxServer.upload.description == "upload")
    }
}
