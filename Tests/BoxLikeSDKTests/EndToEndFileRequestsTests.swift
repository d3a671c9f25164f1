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
                fileRequestId: id, requestBody: FileRequestCopyRequest(folder: FileRequestCopyRequestFolder(id: target.id, type: .folder),
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
}
