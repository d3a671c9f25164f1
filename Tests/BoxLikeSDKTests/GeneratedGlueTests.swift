import Foundation
import Testing
@testable import BoxLikeSDK

/// What the generated code relies on from the hand-written SDK.
@Suite("Generated glue")
struct GeneratedGlueTests {
    @Test func everyServerTheSpecNamesHasABaseURL() {
        for urls in [BaseUrls.production, .singleOrigin(URL(fileURLWithPath: "/"))] {
            for server in ServerID.specified {
                #expect(urls.byServer[server] != nil, "no base URL for \(server)")
            }
        }
    }

    @Test func tokenRequestsNeverShowTheirSecretsInDescriptionsOrDumps() {
        let form = PostOAuth2Token(grantType: .refreshToken, clientId: "app-id", clientSecret: "S3CRET-client",
                                   refreshToken: "R3FRESH-token")
        var dumped = ""
        dump(form, to: &dumped)
        for text in [String(describing: form), "\(form)", dumped, String(reflecting: form)] {
            #expect(!text.contains("S3CRET"), "\(text)")
            #expect(!text.contains("R3FRESH"), "\(text)")
            #expect(text.contains("app-id"))
            #expect(text.contains("<redacted>"))
        }
        #expect(!String(describing: PostOAuth2Revoke(token: "T0KEN")).contains("T0KEN"))
        let issued = String(describing: AccessTokenModel(accessToken: "ACC3SS", expiresIn: 1, tokenType: .bearer,
                                                         refreshToken: "R3FR"))
        #expect(!issued.contains("ACC3SS") && !issued.contains("R3FR"))
    }

    @Test func aSignersPasswordNeverShowsInDescriptionsOrDumps() {
        let signer = SignRequestCreateSigner(email: .value("ann@example.com"), role: .signer, password: .value("S1GNER-pass"))
        var dumped = ""
        dump(signer, to: &dumped)
        for text in [String(describing: signer), dumped, String(reflecting: [signer])] {
            #expect(!text.contains("S1GNER"), "\(text)")
            #expect(text.contains("ann@example.com"))
        }
    }
}
