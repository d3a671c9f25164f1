import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// What a shared link lets someone who has it do, as its access level and settings say.
@Suite("Shared-link access")
struct SharedLinkAccessTests {
    /// The admin's seeded folder shared with `link`; a token of an app user who has no other
    /// access to it.
    private func share(_ server: BoxLikeServer, folder link: JSONValue) async throws -> (url: String, stranger: String, owner: String) {
        let owner = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let shared = try await server.api(
            .PUT, "/folders/\(server.seed.adminUser.folderId)?fields=shared_link", token: owner, json: ["shared_link": link])
        let url = try #require(shared.json?["shared_link"]?["url"]?.stringValue)
        return (url, try await server.mintDeveloperToken(userId: server.seed.appUsers[0].id), owner)
    }

    private func withLink(_ url: String, password: String? = nil) -> [(String, String)] {
        [("BoxApi", "shared_link=\(url)" + (password.map { "&shared_link_password=\($0)" } ?? ""))]
    }

    @Test func aCollaboratorsLinkResolvesOnlyForCollaborators() async throws {
        try await withTestServer { server in
            let (url, stranger, owner) = try await share(server, folder: ["access": "collaborators"])
            #expect(try await server.api(.GET, "/shared_items", token: stranger, headers: withLink(url)).status == 404)
            _ = try await server.api(.POST, "/collaborations", token: owner, json: [
                "item": ["type": "folder", "id": .string(server.seed.adminUser.folderId)],
                "accessible_by": ["type": "user", "id": .string(server.seed.appUsers[0].id)], "role": "viewer",
            ])
            let resolved = try await server.api(.GET, "/shared_items", token: stranger, headers: withLink(url))
            #expect(resolved.json?["id"]?.stringValue == server.seed.adminUser.folderId)
        }
    }

    @Test func aFolderLinkOpensWhatIsInsideWithExactlyTheLinksAccess() async throws {
        try await withTestServer { server in
            let (url, stranger, _) = try await share(server, folder: ["access": "open", "permissions": ["can_download": false]])
            let file = "/files/\(server.seed.adminUser.fileId)"
            #expect(try await server.api(.GET, file, token: stranger).status == 404)
            #expect(try await server.api(.GET, file, token: stranger, headers: withLink(url)).status == 200)
            let listing = try await server.api(.GET, "/folders/\(server.seed.adminUser.folderId)/items", token: stranger, headers: withLink(url))
            #expect(listing.status == 200)
            #expect(try await server.api(.GET, file + "/thumbnail.png", token: stranger, headers: withLink(url)).status == 202)
            #expect(try await server.api(.GET, file + "/content", token: stranger, headers: withLink(url)).status == 403)
            #expect(try await server.api(.PUT, file, token: stranger, json: ["name": "mine.txt"], headers: withLink(url)).status == 403)
            let permissions = try await server.api(.GET, file + "?fields=permissions", token: stranger, headers: withLink(url))
            #expect(permissions.json?["permissions"]?["can_download"] == false)
            #expect(permissions.json?["permissions"]?["can_preview"] == true)
        }
    }

    @Test func aLinkThatAllowsDownloadsLetsItsHolderDownload() async throws {
        try await withTestServer { server in
            let (url, stranger, _) = try await share(server, folder: ["access": "open", "permissions": ["can_download": true]])
            let content = "/files/\(server.seed.adminUser.fileId)/content"
            #expect(try await server.api(.GET, content, token: stranger, headers: withLink(url)).status == 302)
        }
    }

    @Test func aPasswordProtectedLinkOpensNothingWithoutItsPassword() async throws {
        try await withTestServer { server in
            let (url, stranger, _) = try await share(server, folder: ["access": "open", "password": "Quarterly-Close-7"])
            let file = "/files/\(server.seed.adminUser.fileId)"
            #expect(try await server.api(.GET, file, token: stranger, headers: withLink(url, password: "guess")).status == 404)
            #expect(try await server.api(.GET, file, token: stranger, headers: withLink(url, password: "Quarterly-Close-7")).status == 200)
        }
    }

    @Test func aVanityNameBelongsToOneLink() async throws {
        try await withTestServer { server in
            let owner = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let other = try await server.mintDeveloperToken(userId: server.seed.appUsers[0].id)
            let link: JSONValue = ["shared_link": ["access": "open", "vanity_name": "quarterly-results-2026"]]
            #expect(try await server.api(.PUT, "/files/\(server.seed.adminUser.fileId)", token: owner, json: link).status == 200)
            let taken = try await server.api(.PUT, "/files/\(server.seed.appUsers[0].fileId)", token: other, json: link)
            #expect(taken.status == 409)
            // The owner may set the same name on their own link again.
            #expect(try await server.api(.PUT, "/files/\(server.seed.adminUser.fileId)", token: owner, json: link).status == 200)
        }
    }
}

/// What a user's status and deletion do to their access, and what ending their sessions ends.
@Suite("User status and sessions")
struct UserStatusTests {
    private func setStatus(_ server: BoxLikeServer, _ userId: String, _ status: String) async throws {
        let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let changed = try await server.api(.PUT, "/users/\(userId)", token: admin, json: ["status": .string(status)])
        #expect(changed.status == 200)
    }

    @Test func anInactiveUsersTokensStopWorking() async throws {
        try await withTestServer { server in
            let user = server.seed.appUsers[0]
            let token = try await server.mintDeveloperToken(userId: user.id)
            try await setStatus(server, user.id, "inactive")
            #expect(try await server.api(.GET, "/users/me", token: token).status == 401)
            try await setStatus(server, user.id, "active")
            #expect(try await server.api(.GET, "/users/me", token: token).status == 200)
        }
    }

    @Test func aUserWhoCannotDeleteOrEditMayStillReadAndUpload() async throws {
        try await withTestServer { server in
            let user = server.seed.appUsers[0]
            let token = try await server.mintDeveloperToken(userId: user.id)
            try await setStatus(server, user.id, "cannot_delete_edit")
            #expect(try await server.api(.PUT, "/files/\(user.fileId)", token: token, json: ["name": "renamed.txt"]).status == 403)
            #expect(try await server.api(.DELETE, "/files/\(user.fileId)", token: token).status == 403)
            #expect(try await server.api(.GET, "/files/\(user.fileId)/content", token: token).status == 302)
            let folder = try await server.api(.POST, "/folders", token: token, json: ["name": "New", "parent": ["id": .string(user.folderId)]])
            #expect(folder.status == 201)
        }
    }

    @Test func aUserWhoCannotDeleteEditOrUploadMayOnlyRead() async throws {
        try await withTestServer { server in
            let user = server.seed.appUsers[0]
            let token = try await server.mintDeveloperToken(userId: user.id)
            try await setStatus(server, user.id, "cannot_delete_edit_upload")
            let folder = try await server.api(.POST, "/folders", token: token, json: ["name": "New", "parent": ["id": .string(user.folderId)]])
            #expect(folder.status == 403)
            #expect(try await server.api(.GET, "/files/\(user.fileId)/content", token: token).status == 302)
            let permissions = try await server.api(.GET, "/folders/\(user.folderId)?fields=permissions", token: token)
            #expect(permissions.json?["permissions"]?["can_upload"] == false)
            #expect(permissions.json?["permissions"]?["can_download"] == true)
        }
    }

    @Test func aDeletedUsersTokensDieWithThem() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let created = try await server.api(.POST, "/users", token: admin, json: ["name": "Temp", "login": "temp@example.com"])
            let id = try #require(created.json?["id"]?.stringValue)
            let token = try await server.mintDeveloperToken(userId: id)
            #expect(try await server.api(.GET, "/users/me", token: token).status == 200)
            #expect(try await server.api(.DELETE, "/users/\(id)?force=true", token: admin).status == 204)
            #expect(try await server.api(.GET, "/users/me", token: token).status == 401)
        }
    }

    @Test func endingAUsersSessionsEndsTheirPendingAuthorizationCodes() async throws {
        try await withTestServer { server in
            let client = server.seed.oauthClient
            let user = server.seed.appUsers[0]
            let location = try await BrowserLogin(server: server).run(
                authorizeQuery: [("response_type", "code"), ("client_id", client.id), ("redirect_uri", "https://app.example.com/callback")],
                login: user.login, password: user.password)
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let ended = try await server.api(.POST, "/users/terminate_sessions", token: admin, json: [
                "user_ids": [.string(user.id)], "user_logins": [.string(user.login)],
            ])
            #expect(ended.status == 202)
            let exchange = try await server.token([
                ("grant_type", "authorization_code"), ("code", location.query("code") ?? ""), ("client_id", client.id),
                ("client_secret", client.secret ?? ""), ("redirect_uri", "https://app.example.com/callback"),
            ])
            #expect(exchange.status == 400)
            #expect(exchange.json?["error"] == "invalid_grant")
        }
    }

    @Test func endingAUsersSessionsEndsTheirSignedInAuthorizePages() async throws {
        try await withTestServer { server in
            let client = server.seed.oauthClient
            let user = server.seed.appUsers[0]
            let browser = BrowserLogin(server: server)
            let query = [("response_type", "code"), ("client_id", client.id), ("redirect_uri", "https://app.example.com/callback")]
            let page = try await server.send(.GET, server.authorizeURL + "?" + FormData.encode(query))
            let loginForm = try #require(BrowserLogin.parseForm(page.text))
            let consentPage = try await browser.submit(
                loginForm, fields: [("login", user.login), ("password", user.password)], button: loginForm.submits.first)
            let consentForm = try #require(BrowserLogin.parseForm(consentPage.text))
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            _ = try await server.api(.POST, "/users/terminate_sessions", token: admin, json: [
                "user_ids": [.string(user.id)], "user_logins": [.string(user.login)],
            ])

            let granted = try await browser.submit(consentForm, fields: [], button: consentForm.submits.first { $0.1 == "grant" })

            #expect(granted.status != 302)
            #expect(granted.header("location") == nil)
        }
    }
}
