import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Behaviours where the server once differed from Box, each as Box documents it and Box's
/// own SDKs rely on it.
@Suite("The server behaves as Box does")
struct EndToEndBoxBehaviourTests {
    /// A value encoded as JSON and read back as a tree, to look at members whose generated type
    /// may be a union.
    func tree(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    /// A review task on a new file, assigned to the admin; the admin's client and the assignment.
    func reviewAssignedToTheAdmin(_ server: BoxLikeServer) async throws -> (BoxClient, TaskAssignment) {
        let (admin, _) = try await server.developerTokenClient()
        let file = try await admin.makeFile("contract.txt", text: "terms", in: try await admin.makeFolder().id)
        let task = try await admin.tasks.createTask(requestBody: CreateTaskRequestBody(
            item: CreateTaskRequestBodyItemField(id: file.id, type: .file), action: .review, message: "Review"))
        let assignment = try await admin.taskAssignments.createTaskAssignment(requestBody: CreateTaskAssignmentRequestBody(
            task: CreateTaskAssignmentRequestBodyTaskField(id: task.id, type: .task),
            assignTo: CreateTaskAssignmentRequestBodyAssignToField(id: server.seed.adminUser.id)))
        return (admin, assignment)
    }

    @Test func aTrashedFileIsStillReadWithItsTrashedStatus() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("a.txt", text: "alpha", in: try await client.makeFolder().id)
            try await client.files.deleteFileById(fileId: file.id)

            let read = try await client.files.getFileById(fileId: file.id)

            #expect(read.id == file.id)
            #expect(read.itemStatus?.rawValue == "trashed")
            #expect(read.trashedAt != nil)
        }
    }

    @Test func aTrashedWebLinkIsStillReadWithItsTrashedStatus() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let link = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://swift.org", parent: CreateWebLinkRequestBodyParentField(id: try await client.makeFolder().id), name: "Swift"))
            try await client.webLinks.deleteWebLinkById(webLinkId: link.id)

            let read = try await client.webLinks.getWebLinkById(webLinkId: link.id)

            #expect(read.id == link.id)
            #expect(read.itemStatus?.rawValue == "trashed")
        }
    }

    @Test func aTrashedFolderIsNotFound() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            try await client.folders.deleteFolderById(folderId: folder.id)

            let error = await #expect(throws: BoxAPIError.self) { try await client.folders.getFolderById(folderId: folder.id) }

            #expect(error?.status == 404)
        }
    }

    @Test func aMetadataInstanceNamesItsTemplatesFullScope() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let key = "terms\(UUID().uuidString.prefix(6))"
            _ = try await admin.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: key, templateKey: key,
                fields: [MetadataTemplateFieldRequest(type: .string, key: "owner", displayName: "Owner")]))
            let file = try await admin.makeFile("a.txt", text: "a", in: try await admin.makeFolder().id)
            let fullScope = "enterprise_\(server.seed.enterpriseId)"

            let created = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .enterprise, templateKey: key, requestBody: ["owner": "legal"])
            let read = try await admin.fileMetadata.getFileMetadataById(fileId: file.id, scope: .enterprise, templateKey: key)
            let listed = try await admin.fileMetadata.getFileMetadata(fileId: file.id)

            #expect(created.scope == fullScope)
            #expect(read.scope == fullScope)
            #expect(read.additionalProperties["owner"] == "legal")
            #expect(try (listed.entries ?? []).map { try tree($0)["$scope"] } == [.string(fullScope)])
        }
    }

    @Test func thePreflightRefusesANegativeSize() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.uploads.preflightFileUploadCheck(requestBody: PreflightFileUploadCheckRequestBody(
                    name: "a.txt", size: -1, parent: PreflightFileUploadCheckRequestBodyParentField(id: folder.id)))
            }

            #expect(error?.status == 400)
            #expect(error?.code == "bad_request")
        }
    }

    @Test func thePreflightRefusesASizeNoFileCanHave() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.uploads.preflightFileUploadCheck(requestBody: PreflightFileUploadCheckRequestBody(
                    name: "a.txt", size: Int64(Int32.max) * 1_000, parent: PreflightFileUploadCheckRequestBodyParentField(id: folder.id)))
            }

            #expect(error?.status == 400)
        }
    }

    @Test func anUploadSessionCanBeDeletedAfterItsCommit() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            // Box's smallest chunked upload: 20 MiB.
            let size = 20 * 1024 * 1024
            let source = try makeTemporaryFile(size: size)
            let file = try await client.chunkedUploads.uploadBigFile(file: source, fileName: "big.bin", fileSize: Int64(size), parentFolderId: "0")
            let commit = try #require(await server.requestLog.entries(method: "POST", path: .glob("/api/2.0/files/upload_sessions/*/commit")).first)
            let sessionId = try #require(commit.path.split(separator: "/").dropLast().last.map(String.init))

            try await client.chunkedUploads.deleteFileUploadSessionById(uploadSessionId: sessionId)

            #expect(try await client.files.getFileById(fileId: file.id).size == Int64(size))
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.chunkedUploads.getFileUploadSessionById(uploadSessionId: sessionId)
            }
            #expect(error?.status == 404)
        }
    }

    @Test func aReadyThumbnailIsARedirectToItsImage() async throws {
        try await withServer({ $0.thumbnailRetryAfterSeconds = 0 }) { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("photo.txt", text: "pixels", in: try await client.makeFolder().id)

            let bytes = try await client.files.getFileThumbnailById(fileId: file.id, extension: .png).collect(upTo: 1 << 20)

            #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            let answers = await server.requestLog.entries(method: "GET", path: .glob("/2.0/files/\(file.id)/thumbnail.png"))
            #expect(answers.map(\.status) == [202, 302])
            let images = await server.requestLog.entries(method: "GET", path: .glob("/thumbnails/generated/*"))
            #expect(images.map(\.status) == [200])
        }
    }

    @Test func promotingAVersionBringsBackItsName() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("draft.txt", text: "first", in: try await client.makeFolder().id)
            _ = try await client.uploads.uploadFileVersion(
                fileId: file.id, requestBody: UploadFileVersionRequestBody(
                    attributes: UploadFileVersionRequestBodyAttributesField(name: "final.txt"), file: .bytes(Array("second!".utf8))))
            let first = try #require(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.last)

            let promoted = try await client.fileVersions.promoteFileVersion(
                fileId: file.id, requestBody: PromoteFileVersionRequestBody(id: first.id, type: .fileVersion))

            let current = try await client.files.getFileById(fileId: file.id)
            #expect(promoted.name == "draft.txt")
            #expect(current.name == "draft.txt")
            #expect(current.size == 5)
            #expect(current.fileVersion?.id == promoted.id)
        }
    }

    @Test func aResolvedTaskAssignmentCannotBeDeleted() async throws {
        try await withServer { server in
            let (admin, assignment) = try await reviewAssignedToTheAdmin(server)
            _ = try await admin.taskAssignments.updateTaskAssignmentById(
                taskAssignmentId: assignment.id, requestBody: UpdateTaskAssignmentByIdRequestBody(resolutionState: .approved))

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.taskAssignments.deleteTaskAssignmentById(taskAssignmentId: assignment.id)
            }

            #expect(error?.status == 400)
            #expect(try await admin.taskAssignments.getTaskAssignmentById(taskAssignmentId: assignment.id).resolutionState == .approved)
        }
    }

    @Test func anOpenTaskAssignmentCanBeDeleted() async throws {
        try await withServer { server in
            let (admin, assignment) = try await reviewAssignedToTheAdmin(server)

            try await admin.taskAssignments.deleteTaskAssignmentById(taskAssignmentId: assignment.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.taskAssignments.getTaskAssignmentById(taskAssignmentId: assignment.id)
            }
            #expect(error?.status == 404)
        }
    }

    @Test func inviteingALoginWithoutAnAccountMakesAPendingInvite() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let invite = try await admin.invites.createInvite(requestBody: CreateInviteRequestBody(
                enterprise: CreateInviteRequestBodyEnterpriseField(id: server.seed.enterpriseId),
                actionableBy: CreateInviteRequestBodyActionableByField(login: "newcomer@example.com")))

            #expect(invite.status == "pending")
            #expect(invite.actionableBy?.login == "newcomer@example.com")
            let read = try await admin.invites.getInviteById(inviteId: invite.id)
            #expect(read.actionableBy?.login == "newcomer@example.com")
        }
    }

    @Test func theServiceAccountReadsTheAdminLogsFilteredByType() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let ccg = server.seed.ccgClient
            let serviceAccount = BoxClient(
                auth: BoxCCGAuth(config: CCGConfig(clientId: ccg.id, clientSecret: ccg.secret ?? "", enterpriseId: server.seed.enterpriseId),
                                 networkSession: server.networkSession()),
                networkSession: server.networkSession())
            let start = try await serviceAccount.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: "now")).nextStreamPosition?.streamPosition
            let file = try await admin.makeFile("report.txt", text: "numbers", in: try await admin.makeFolder().id)
            try await admin.files.deleteFileById(fileId: file.id)

            let deletions = try await serviceAccount.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: start, eventType: ["DELETE"]))

            let entries = deletions.entries ?? []
            #expect(entries.map { $0.eventType?.rawValue } == ["DELETE"])
            let source = try tree(try #require(entries.first?.source))
            #expect(source["item_type"] == "file")
            #expect(source["item_id"]?.stringValue == file.id)
            #expect(source["item_name"] == "report.txt")
        }
    }

    @Test func theAdminLogsRecordNewAndDeletedUsers() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let start = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: "now")).nextStreamPosition?.streamPosition
            let user = try await admin.users.createUser(requestBody: CreateUserRequestBody(name: "Temp", login: "temp@boxlike.test"))
            try await admin.users.deleteUserById(userId: user.id)

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: start, eventType: ["NEW_USER", "DELETE_USER"]))

            let entries = events.entries ?? []
            #expect(entries.map { $0.eventType?.rawValue } == ["NEW_USER", "DELETE_USER"])
            #expect(try entries.map { try tree(try #require($0.source))["login"] } == ["temp@boxlike.test", "temp@boxlike.test"])
        }
    }

    @Test func theAdminLogsAreLimitedToACreationWindow() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await admin.makeFolder()

            let future = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: "0", createdAfter: Date().addingTimeInterval(3_600)))
            let past = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: "0", createdBefore: Date().addingTimeInterval(3_600)))

            #expect(future.entries?.isEmpty == true)
            #expect(past.entries?.contains { $0.eventType?.rawValue == "UPLOAD" } == true)
        }
    }
}
