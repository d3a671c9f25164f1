import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// File requests: the one the web app makes for a folder, then read, changed, copied and
/// deleted through the API, and the upload page its link opens.
@Suite("File requests against the server")
struct EndToEndFileRequestsTests {
    /// The folder's first file request, made as the web app's button makes it (Box has no API for it).
    func webAppFileRequest(_ client: BoxClient, folderId: String) async throws -> String {
        let response = try await client.makeRequest(method: .post, path: "/folders/\(folderId)/file_request")
        return try #require(response.json?["id"]?.stringValue)
    }

    /// The status of the upload page at the request's URL (`/f/<token>` on the server's origin).
    func uploadPageStatus(_ client: BoxClient, _ request: FileRequest) async throws -> Int {
        do {
            return try await client.makeRequest(path: try #require(request.url), server: .oauth2, response: .stream).status
        } catch let error as BoxAPIError {
            return error.status
        }
    }

    @Test func theWebAppsRequestIsReadThroughTheAPI() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("submissions")
            let id = try await webAppFileRequest(admin, folderId: folder.id)

            let request = try await admin.fileRequests.getFileRequestById(fileRequestId: id)

            #expect(request.folder.id == folder.id)
            #expect(request.status == .active)
            #expect(request.createdBy?.id == server.seed.adminUser.id)
            #expect(request.url?.hasPrefix("/f/") == true)
            #expect(try await webAppFileRequest(admin, folderId: folder.id) == id, "the folder's first request, made once")
        }
    }

    @Test func anUpdateChangesTheRequestAndItsEtag() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)
            let before = try await admin.fileRequests.getFileRequestById(fileRequestId: id)

            let updated = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(
                    title: "Receipts", description: "Expense receipts for March", isEmailRequired: true, isDescriptionRequired: true))

            #expect(updated.title == "Receipts")
            #expect(updated.description == "Expense receipts for March")
            #expect(updated.isEmailRequired == true)
            #expect(updated.etag != before.etag)
            let read = try await admin.fileRequests.getFileRequestById(fileRequestId: id)
            #expect(read.isDescriptionRequired == true)
        }
    }

    @Test func anUpdateWithAStaleEtagIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)
            let stale = try await admin.fileRequests.getFileRequestById(fileRequestId: id).etag ?? ""
            _ = try await admin.fileRequests.updateFileRequestById(fileRequestId: id, requestBody: FileRequestUpdateRequest(title: "First"))

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.fileRequests.updateFileRequestById(
                    fileRequestId: id, requestBody: FileRequestUpdateRequest(title: "Second"),
                    headers: UpdateFileRequestByIdHeaders(ifMatch: stale))
            }

            #expect(error?.status == 412)
        }
    }

    @Test func aDisabledRequestRefusesItsUploadPage() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)
            let active = try await admin.fileRequests.getFileRequestById(fileRequestId: id)
            #expect(try await uploadPageStatus(admin, active) == 200)

            let disabled = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(status: .inactive))

            #expect(disabled.status == .inactive)
            #expect(try await uploadPageStatus(admin, disabled) == 404)
        }
    }

    @Test func anExpiredRequestRefusesItsUploadPage() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)

            let expired = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(expiresAt: Date(timeIntervalSinceNow: -60)))

            #expect(try await uploadPageStatus(admin, expired) == 404)
        }
    }

    @Test func aCopyTakesTheSettingsToAnotherFolderWithItsOwnLink() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)
            let source = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(title: "Receipts", isEmailRequired: true))
            let target = try await admin.makeFolder("march")

            let copy = try await admin.fileRequests.createFileRequestCopy(
                fileRequestId: id, requestBody: FileRequestCopyRequest(folder: FileRequestCopyRequestFolderField(id: target.id, type: .folder),
                                                                    title: "March receipts"))

            #expect(copy.id != id)
            #expect(copy.folder.id == target.id)
            #expect(copy.title == "March receipts")
            #expect(copy.isEmailRequired == true)
            #expect(copy.url != source.url)
            #expect(try await admin.fileRequests.getFileRequestById(fileRequestId: copy.id).folder.id == target.id)
        }
    }

    @Test func aDeletedRequestIsGoneAndItsPageWithIt() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)
            let request = try await admin.fileRequests.getFileRequestById(fileRequestId: id)

            try await admin.fileRequests.deleteFileRequestById(fileRequestId: id)

            let error = await #expect(throws: BoxAPIError.self) { try await admin.fileRequests.getFileRequestById(fileRequestId: id) }
            #expect(error?.status == 404)
            #expect(try await uploadPageStatus(admin, request) == 404)
        }
    }

    @Test func aViewerReadsButCannotChangeARequest() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let folder = try await admin.makeFolder()
            let id = try await webAppFileRequest(admin, folderId: folder.id)
            try await admin.collaborate(userId: viewerId, on: folder.id, role: .viewer)

            #expect(try await viewer.fileRequests.getFileRequestById(fileRequestId: id).id == id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await viewer.fileRequests.updateFileRequestById(fileRequestId: id, requestBody: FileRequestUpdateRequest(status: .inactive))
            }
            #expect(error?.status == 403)
        }
    }

    @Test func aRequestInAFolderTheCallerCannotSeeIsNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (outsider, _) = try await server.developerTokenClient(userId: server.seed.appUsers[1].id)
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)

            let error = await #expect(throws: BoxAPIError.self) { try await outsider.fileRequests.deleteFileRequestById(fileRequestId: id) }

            #expect(error?.status == 404)
        }
    }

    // MARK: - Uploads through the request's page

    /// A driver for the request's upload page on this server.
    func driver(_ server: BoxLikeServer, _ request: FileRequest) throws -> FileRequestDriver {
        FileRequestDriver(origin: server.origin, url: try #require(request.url), via: server.pageTransport)
    }

    @Test func theUploadPageShowsTheFieldsTheRequestRequires() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)
            let request = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(title: "Receipts", isEmailRequired: true, isDescriptionRequired: true))

            let page = try await driver(server, request).open()

            #expect(page.body.contains("<h1>Receipts</h1>"))
            #expect(page.body.contains(#"<input type="file" name="file" required>"#))
            #expect(page.body.contains(#"<input type="email" name="email" required>"#))
            #expect(page.body.contains(#"<textarea name="description" required></textarea>"#))
        }
    }

    @Test func anActiveRequestPutsTheUploadInItsFolderWithTheUploadersEmail() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("receipts")
            let id = try await webAppFileRequest(admin, folderId: folder.id)
            let request = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(isEmailRequired: true, isDescriptionRequired: true))

            try await driver(server, request).upload(
                fileName: "march.txt", content: Data("taxi 12.50".utf8), email: "ann@example.com", description: "March taxi")

            let entries = try await admin.folders.getFolderItems(folderId: folder.id).entries ?? []
            #expect(entries.map(\.name) == ["march.txt"])
            guard case .fileFull(let listed) = try #require(entries.first) else { Issue.record("not a file"); return }
            let file = try await admin.files.getFileById(fileId: listed.id)
            #expect(file.description?.contains("March taxi") == true)
            #expect(file.description?.contains("ann@example.com") == true)
            #expect(file.ownedBy?.id == server.seed.adminUser.id, "the folder owner's file, as Box files anonymous uploads")
            #expect(try await admin.text(ofFile: listed.id) == "taxi 12.50")
        }
    }

    @Test func anInactiveRequestRefusesTheUpload() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let id = try await webAppFileRequest(admin, folderId: folder.id)
            let inactive = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(status: .inactive))

            await #expect(throws: PageDriverError.refused(status: 404, code: "not_found")) {
                try await driver(server, inactive).upload(fileName: "late.txt", content: Data("x".utf8))
            }
            #expect(try await admin.names(in: folder.id).isEmpty)
        }
    }

    @Test func aRequestPastItsExpiryOnTheServerClockRefusesTheUpload() async throws {
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(on: clock) { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let id = try await webAppFileRequest(admin, folderId: folder.id)
            let request = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(expiresAt: clock.now.addingTimeInterval(3600)))
            try await driver(server, request).upload(fileName: "on-time.txt", content: Data("a".utf8))

            await clock.advance(by: .seconds(2 * 3600))

            await #expect(throws: PageDriverError.refused(status: 404, code: "not_found")) {
                try await driver(server, request).upload(fileName: "late.txt", content: Data("b".utf8))
            }
            #expect(try await admin.names(in: folder.id) == ["on-time.txt"])
        }
    }

    @Test func aMissingRequiredEmailIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let id = try await webAppFileRequest(admin, folderId: folder.id)
            let request = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(isEmailRequired: true))

            await #expect(throws: PageDriverError.refused(status: 400, code: "email_required")) {
                try await driver(server, request).upload(fileName: "anonymous.txt", content: Data("x".utf8))
            }
            #expect(try await admin.names(in: folder.id).isEmpty)
        }
    }

    @Test func aMissingRequiredDescriptionIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let id = try await webAppFileRequest(admin, folderId: folder.id)
            let request = try await admin.fileRequests.updateFileRequestById(
                fileRequestId: id, requestBody: FileRequestUpdateRequest(isDescriptionRequired: true))

            await #expect(throws: PageDriverError.refused(status: 400, code: "description_required")) {
                try await driver(server, request).upload(fileName: "bare.txt", content: Data("x".utf8), email: "ann@example.com")
            }
            #expect(try await admin.names(in: folder.id).isEmpty)
        }
    }

    @Test func aNameAlreadyInTheFolderGetsANumberedName() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            _ = try await admin.makeFile("report.txt", text: "mine", in: folder.id)
            let request = try await admin.fileRequests.getFileRequestById(fileRequestId: try await webAppFileRequest(admin, folderId: folder.id))

            try await driver(server, request).upload(fileName: "report.txt", content: Data("theirs".utf8))

            #expect(try await admin.names(in: folder.id).sorted() == ["report (1).txt", "report.txt"])
        }
    }

    @Test func anUploadThroughARequestFiresTheFoldersUploadWebhook() async throws {
        try await withWebhookReceiver { address, inbox in
            try await withServer { server in
                let (admin, _) = try await server.developerTokenClient()
                let folder = try await admin.makeFolder()
                _ = try await admin.webhooks.createWebhook(requestBody: CreateWebhookRequestBody(
                    target: WebhookTarget(id: folder.id, type: .folder), address: address, triggers: [.fileUploaded]))
                let request = try await admin.fileRequests.getFileRequestById(fileRequestId: try await webAppFileRequest(admin, folderId: folder.id))

                try await driver(server, request).upload(fileName: "hooked.txt", content: Data("hi".utf8))

                let delivery = try #require(await inbox.wait(for: 1).first)
                let payload = try JSONValue.parse(delivery.body)
                #expect(payload["trigger"]?.stringValue == "FILE.UPLOADED")
                #expect(payload["source"]?["name"]?.stringValue == "hooked.txt")
            }
        }
    }

    @Test func anUploadThroughARequestIsAnUploadEventInTheOwnersStream() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let request = try await admin.fileRequests.getFileRequestById(fileRequestId: try await webAppFileRequest(admin, folderId: folder.id))
            let start = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "now")).nextStreamPosition?.streamPosition

            try await driver(server, request).upload(fileName: "evented.txt", content: Data("hi".utf8))

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: start)).entries ?? []
            #expect(events.map { $0.eventType?.rawValue } == ["ITEM_UPLOAD"])
        }
    }

    @Test func makingChangingAndDeletingARequestIsInTheAdminLogs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let start = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamType: .adminLogs, streamPosition: "now")).nextStreamPosition?.streamPosition
            let id = try await webAppFileRequest(admin, folderId: try await admin.makeFolder().id)
            _ = try await admin.fileRequests.updateFileRequestById(fileRequestId: id, requestBody: FileRequestUpdateRequest(title: "Receipts"))
            try await admin.fileRequests.deleteFileRequestById(fileRequestId: id)

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: start, eventType: ["FILE_REQUEST_CREATE", "FILE_REQUEST_UPDATE", "FILE_REQUEST_DELETE"]))

            #expect(events.entries?.map { $0.eventType?.rawValue } == ["FILE_REQUEST_CREATE", "FILE_REQUEST_UPDATE", "FILE_REQUEST_DELETE"])
        }
    }
}
