import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Shared links on files, folders and web links, and finding an item by its link.
@Suite("Shared links against the server")
struct EndToEndSharedLinksTests {
    // MARK: - Static downloads (anonymous)

    /// A file shared with `link`, and its link's `download_url`.
    func staticDownloadURL(_ client: BoxClient, _ link: SharedLinkRequest) async throws -> String {
        let file = try await client.makeFile("static.txt", text: "content", in: try await client.makeFolder().id)
        let shared = try await client.sharedLinksFiles.addShareLinkToFile(
            fileId: file.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: link),
            queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
        return try #require(shared.sharedLink?.downloadUrl)
    }

    /// The status of a GET of `url` without any credentials.
    func anonymousStatus(_ url: String, on server: BoxLikeServer) async throws -> Int {
        try await server.anonymousGET(url).status
    }

    @Test func anOpenLinksStaticDownloadServesAnyone() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let url = try await staticDownloadURL(client, SharedLinkRequest(access: .open))
            #expect(try await anonymousStatus(url, on: server) == 200)
        }
    }

    @Test(arguments: [SharedLinkAccess.company, .collaborators])
    func aStaticDownloadOfALinkForSignedInPeopleIsRefusedToAnonymousCallers(access: SharedLinkAccess) async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let url = try await staticDownloadURL(client, SharedLinkRequest(access: access))
            #expect(try await anonymousStatus(url, on: server) == 404)
        }
    }

    @Test func anExpiredLinksStaticDownloadIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let url = try await staticDownloadURL(client, SharedLinkRequest(access: .open, unsharedAt: Date().addingTimeInterval(-60)))
            #expect(try await anonymousStatus(url, on: server) == 404)
        }
    }

    @Test func aFileSharedByLinkIsFoundWithThatLinkAndItsPassword() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("shared.txt", text: "x", in: try await client.makeFolder().id)

            let shared = try await client.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id,
                requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open, password: .value("Secret-passw0rd"))), queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)

            let found = try await client.sharedLinksFiles.findFileForSharedLink(headers: FindFileForSharedLinkHeaders(boxapi: "shared_link=\(url)&shared_link_password=Secret-passw0rd"))
            let read = try await client.sharedLinksFiles.getSharedLinkForFile(fileId: file.id, queryParams: GetSharedLinkForFileQueryParams(fields: "shared_link"))

            #expect(found.id == file.id)
            #expect(read.sharedLink?.url == url)
        }
    }

    @Test func aWrongPasswordIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("shared.txt", text: "x", in: try await client.makeFolder().id)
            let shared = try await client.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id,
                requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open, password: .value("Secret-passw0rd"))), queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.sharedLinksFiles.findFileForSharedLink(headers: FindFileForSharedLinkHeaders(boxapi: "shared_link=\(url)&shared_link_password=guess"))
            }

            #expect(error?.status == 403)
        }
    }

    @Test func aRemovedFileLinkNoLongerFindsTheFile() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("shared.txt", text: "x", in: try await client.makeFolder().id)
            let shared = try await client.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)), queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)

            let removed = try await client.sharedLinksFiles.removeSharedLinkFromFile(
                fileId: file.id, requestBody: RemoveSharedLinkFromFileRequestBody(sharedLink: .null), queryParams: RemoveSharedLinkFromFileQueryParams(fields: "shared_link"))

            #expect(removed.sharedLink == nil)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.sharedLinksFiles.findFileForSharedLink(headers: FindFileForSharedLinkHeaders(boxapi: "shared_link=\(url)"))
            }
            #expect(error?.status == 404)
        }
    }

    @Test func aFolderIsSharedUpdatedAndUnshared() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("public")

            let shared = try await client.sharedLinksFolders.addShareLinkToFolder(
                folderId: folder.id,
                requestBody: AddShareLinkToFolderRequestBody(sharedLink: SharedLinkRequest(access: .open)), queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            #expect(shared.sharedLink?.access?.rawValue == "open")

            _ = try await client.sharedLinksFolders.addShareLinkToFolder(
                folderId: folder.id,
                requestBody: AddShareLinkToFolderRequestBody(sharedLink: SharedLinkRequest(access: .company)), queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            let read = try await client.sharedLinksFolders.getSharedLinkForFolder(folderId: folder.id, queryParams: GetSharedLinkForFolderQueryParams(fields: "shared_link"))
            #expect(read.sharedLink?.access?.rawValue == "company")
            #expect(read.sharedLink?.url == shared.sharedLink?.url)

            let removed = try await client.sharedLinksFolders.removeSharedLinkFromFolder(
                folderId: folder.id, requestBody: RemoveSharedLinkFromFolderRequestBody(sharedLink: .null), queryParams: RemoveSharedLinkFromFolderQueryParams(fields: "shared_link"))
            #expect(removed.sharedLink == nil)
        }
    }

    /// Box lets viewers send view-only links but not previewers.
    @Test func aPreviewerCannotShareAFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let folder = try await admin.makeFolder("read-only")
            try await admin.collaborate(userId: viewerId, on: folder.id, role: .previewer)

            let error = await #expect(throws: BoxAPIError.self) {
                try await viewer.sharedLinksFolders.addShareLinkToFolder(
                    folderId: folder.id,
                    requestBody: AddShareLinkToFolderRequestBody(sharedLink: SharedLinkRequest(access: .open)), queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            }

            #expect(error?.status == 403)
            #expect(try await admin.sharedLinksFolders.getSharedLinkForFolder(folderId: folder.id, queryParams: GetSharedLinkForFolderQueryParams(fields: "shared_link")).sharedLink == nil)
        }
    }

    @Test func aWebLinkIsSharedAndUnshared() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let link = try await client.makeWebLink("docs", in: try await client.makeFolder().id)

            let shared = try await client.sharedLinksWebLinks.addShareLinkToWebLink(
                webLinkId: link.id,
                requestBody: AddShareLinkToWebLinkRequestBody(sharedLink: SharedLinkRequest(access: .open)), queryParams: AddShareLinkToWebLinkQueryParams(fields: "shared_link"))
            let read = try await client.sharedLinksWebLinks.getSharedLinkForWebLink(webLinkId: link.id, queryParams: GetSharedLinkForWebLinkQueryParams(fields: "shared_link"))
            let removed = try await client.sharedLinksWebLinks.removeSharedLinkFromWebLink(
                webLinkId: link.id, requestBody: RemoveSharedLinkFromWebLinkRequestBody(sharedLink: .null), queryParams: RemoveSharedLinkFromWebLinkQueryParams(fields: "shared_link"))

            #expect(shared.sharedLink?.url != nil)
            #expect(read.sharedLink?.url == shared.sharedLink?.url)
            #expect(removed.sharedLink == nil)
        }
    }

    @Test func aSharedFolderIsFoundByItsLink() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("public")
            let shared = try await client.sharedLinksFolders.addShareLinkToFolder(
                folderId: folder.id, requestBody: AddShareLinkToFolderRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)

            let found = try await client.sharedLinksFolders.findFolderForSharedLink(headers: FindFolderForSharedLinkHeaders(boxapi: "shared_link=\(url)"))

            #expect(found.id == folder.id)
            #expect(found.name == folder.name)
        }
    }

    @Test func aSharedWebLinkIsFoundByItsLink() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let link = try await client.makeWebLink("docs", url: "https://swift.org", in: try await client.makeFolder().id)
            let shared = try await client.sharedLinksWebLinks.addShareLinkToWebLink(
                webLinkId: link.id, requestBody: AddShareLinkToWebLinkRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToWebLinkQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)

            let found = try await client.sharedLinksWebLinks.findWebLinkForSharedLink(headers: FindWebLinkForSharedLinkHeaders(boxapi: "shared_link=\(url)"))

            #expect(found.id == link.id)
            #expect(found.url == "https://swift.org")
        }
    }

    @Test func updatingAFileLinkChangesOnlyTheSettingsGiven() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("shared.txt", text: "x", in: try await client.makeFolder().id)
            let shared = try await client.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id,
                requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open, password: .value("Secret-passw0rd"))),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))

            let updated = try await client.sharedLinksFiles.updateSharedLinkOnFile(
                fileId: file.id,
                requestBody: UpdateSharedLinkOnFileRequestBody(sharedLink: SharedLinkRequest(
                    permissions: SharedLinkRequestPermissionsField(canDownload: false))),
                queryParams: UpdateSharedLinkOnFileQueryParams(fields: "shared_link"))

            let link = try #require(updated.sharedLink)
            #expect(link.url == shared.sharedLink?.url, "the same link")
            #expect(link.permissions?.canDownload == false)
            #expect(link.access == .open, "not given, so unchanged")
            #expect(link.isPasswordEnabled, "not given, so unchanged")
            let sent = try #require(await server.requestLog.entries(method: "PUT", path: .exact("/2.0/files/\(file.id)")).last)
            #expect(sent.query == "fields=shared_link", "Box's form: a PUT on the file itself")
        }
    }

    @Test func updatingAFolderLinkChangesOnlyTheSettingsGiven() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("public")
            let shared = try await client.sharedLinksFolders.addShareLinkToFolder(
                folderId: folder.id, requestBody: AddShareLinkToFolderRequestBody(sharedLink: SharedLinkRequest(access: .company)),
                queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            let expiry = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 86_400).rounded())

            let updated = try await client.sharedLinksFolders.updateSharedLinkOnFolder(
                folderId: folder.id,
                requestBody: UpdateSharedLinkOnFolderRequestBody(sharedLink: SharedLinkRequest(unsharedAt: expiry)),
                queryParams: UpdateSharedLinkOnFolderQueryParams(fields: "shared_link"))

            #expect(updated.sharedLink?.url == shared.sharedLink?.url)
            #expect(updated.sharedLink?.unsharedAt == expiry)
            #expect(updated.sharedLink?.access == .company)
        }
    }

    @Test func updatingAWebLinkLinkChangesOnlyTheSettingsGiven() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let webLink = try await client.makeWebLink("docs", in: try await client.makeFolder().id)
            let shared = try await client.sharedLinksWebLinks.addShareLinkToWebLink(
                webLinkId: webLink.id, requestBody: AddShareLinkToWebLinkRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToWebLinkQueryParams(fields: "shared_link"))

            let updated = try await client.sharedLinksWebLinks.updateSharedLinkOnWebLink(
                webLinkId: webLink.id,
                requestBody: UpdateSharedLinkOnWebLinkRequestBody(sharedLink: SharedLinkRequest(access: .collaborators)),
                queryParams: UpdateSharedLinkOnWebLinkQueryParams(fields: "shared_link"))

            #expect(updated.sharedLink?.url == shared.sharedLink?.url)
            #expect(updated.sharedLink?.access == .collaborators)
        }
    }

    @Test func sharedLinksAreReadAndChangedOnTheItemsOwnURLAsBoxDoes() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("shared.txt", text: "x", in: folder.id)
            let webLink = try await client.makeWebLink("docs", in: folder.id)
            await server.requestLog.clear()

            _ = try await client.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            _ = try await client.sharedLinksFiles.getSharedLinkForFile(fileId: file.id, queryParams: GetSharedLinkForFileQueryParams(fields: "shared_link"))
            _ = try await client.sharedLinksFolders.addShareLinkToFolder(
                folderId: folder.id, requestBody: AddShareLinkToFolderRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            _ = try await client.sharedLinksFolders.removeSharedLinkFromFolder(
                folderId: folder.id, requestBody: RemoveSharedLinkFromFolderRequestBody(sharedLink: .null),
                queryParams: RemoveSharedLinkFromFolderQueryParams(fields: "shared_link"))
            _ = try await client.sharedLinksWebLinks.getSharedLinkForWebLink(
                webLinkId: webLink.id, queryParams: GetSharedLinkForWebLinkQueryParams(fields: "shared_link"))

            let seen = await server.requestLog.all.map { "\($0.method) \($0.path)?\($0.query) \($0.status ?? 0)" }
            #expect(seen == [
                "PUT /2.0/files/\(file.id)?fields=shared_link 200",
                "GET /2.0/files/\(file.id)?fields=shared_link 200",
                "PUT /2.0/folders/\(folder.id)?fields=shared_link 200",
                "PUT /2.0/folders/\(folder.id)?fields=shared_link 200",
                "GET /2.0/web_links/\(webLink.id)?fields=shared_link 200",
            ])
        }
    }
}
