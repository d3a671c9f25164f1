import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// App items associated with files and folders, and Box Relay workflows started by hand.
@Suite("App items and workflows against the server")
struct EndToEndAppItemsAndWorkflowsTests {
    func appItemIds(_ associations: AppItemAssociations) -> [String] {
        (associations.entries ?? []).map(\.appItem.id)
    }

    @Test func aFileListsTheAppItemsItBelongsTo() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("deck.pdf", text: "d", in: try await admin.makeFolder().id)
            let hub = try await server.associateAppItem(applicationType: "hubs", with: .file(file.id))
            let canvas = try await server.associateAppItem(applicationType: "canvas", with: .file(file.id))

            let all = try await admin.appItemAssociations.getFileAppItemAssociations(fileId: file.id)
            let hubs = try await admin.appItemAssociations.getFileAppItemAssociations(
                fileId: file.id, queryParams: GetFileAppItemAssociationsQueryParams(applicationType: "hubs"))

            #expect(Set(appItemIds(all)) == [hub.id, canvas.id])
            #expect(appItemIds(hubs) == [hub.id])
            #expect(hubs.entries?.first?.appItem.applicationType == "hubs")
        }
    }

    @Test func filesAndFoldersSayWhetherAnAppItemIsAssociatedWithThem() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let associated = try await admin.makeFile("deck.pdf", text: "d", in: folder.id)
            let plain = try await admin.makeFile("notes.txt", text: "n", in: folder.id)
            _ = try await server.associateAppItem(applicationType: "hubs", with: .file(associated.id))
            let fields = GetFileByIdQueryParams(fields: ["is_associated_with_app_item"])

            let yes = try await admin.files.getFileById(fileId: associated.id, queryParams: fields)
            let no = try await admin.files.getFileById(fileId: plain.id, queryParams: fields)
            let parent = try await admin.folders.getFolderById(
                folderId: folder.id, queryParams: GetFolderByIdQueryParams(fields: ["is_associated_with_app_item"]))

            #expect(yes.isAssociatedWithAppItem == true)
            #expect(no.isAssociatedWithAppItem == false)
            #expect(parent.isAssociatedWithAppItem == false)
        }
    }

    @Test func aFolderListsTheAppItemsItBelongsTo() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("campaign")
            let hub = try await server.associateAppItem(applicationType: "hubs", with: .folder(folder.id))

            let associations = try await admin.appItemAssociations.getFolderAppItemAssociations(folderId: folder.id)

            #expect(appItemIds(associations) == [hub.id])
            guard case .folderBase(let item) = associations.entries?.first?.item else {
                Issue.record("the association names the folder")
                return
            }
            #expect(item.id == folder.id)
        }
    }

    @Test func theAppItemsOfAFileTheCallerCannotSeeAreNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (outsider, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await admin.makeFile("deck.pdf", text: "d", in: try await admin.makeFolder().id)
            _ = try await server.associateAppItem(applicationType: "hubs", with: .file(file.id))

            let error = await #expect(throws: BoxAPIError.self) {
                try await outsider.appItemAssociations.getFileAppItemAssociations(fileId: file.id)
            }

            #expect(error?.status == 404)
        }
    }

    @Test func anAppItemsSharedLinkResolvesToTheAppItem() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("deck.pdf", text: "d", in: try await admin.makeFolder().id)
            let hub = try await server.associateAppItem(applicationType: "hubs", with: .file(file.id))

            let appItem = try await admin.sharedLinksAppItems.findAppItemForSharedLink(
                headers: FindAppItemForSharedLinkHeaders(boxapi: "shared_link=\(hub.sharedLink)"))

            #expect(appItem.id == hub.id)
            #expect(appItem.applicationType == "hubs")
        }
    }

    @Test func theSeededWorkflowIsListedOnItsFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let workflows = try await admin.workflows.getWorkflows(
                queryParams: GetWorkflowsQueryParams(folderId: server.seed.adminUser.folderId, triggerType: "WORKFLOW_MANUAL_START"))
            let elsewhere = try await admin.workflows.getWorkflows(queryParams: GetWorkflowsQueryParams(folderId: try await admin.makeFolder().id))

            let workflow = try #require(workflows.entries?.first)
            #expect(workflows.entries?.count == 1)
            #expect(workflow.isEnabled == true)
            #expect(workflow.flows?.first?.trigger?.scope?.first?.object?.id == server.seed.adminUser.folderId)
            #expect(workflow.flows?.first?.outcomes?.first?.actionType?.rawValue == "watermark_file")
            #expect(elsewhere.entries?.isEmpty == true)
        }
    }

    @Test func startingTheFlowRunsItsOutcomeOnTheFiles() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let seed = server.seed.adminUser
            let workflow = try #require(try await admin.workflows.getWorkflows(
                queryParams: GetWorkflowsQueryParams(folderId: seed.folderId)).entries?.first)

            try await admin.workflows.startWorkflow(workflowId: try #require(workflow.id), requestBody: StartWorkflowRequestBody(
                flow: StartWorkflowRequestBodyFlowField(type: "flow", id: workflow.flows?.first?.id),
                files: [StartWorkflowRequestBodyFilesField(type: .file, id: seed.fileId)],
                folder: StartWorkflowRequestBodyFolderField(type: .folder, id: seed.folderId), type: .workflowParameters))

            #expect(try await admin.fileWatermarks.getFileWatermark(fileId: seed.fileId).watermark != nil)
        }
    }

    @Test func aFileOutsideTheWorkflowsFolderCannotStartIt() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let seed = server.seed.adminUser
            let workflow = try #require(try await admin.workflows.getWorkflows(
                queryParams: GetWorkflowsQueryParams(folderId: seed.folderId)).entries?.first)
            let outside = try await admin.makeFile("other.txt", text: "o", in: try await admin.makeFolder().id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.workflows.startWorkflow(workflowId: try #require(workflow.id), requestBody: StartWorkflowRequestBody(
                    flow: StartWorkflowRequestBodyFlowField(type: "flow", id: workflow.flows?.first?.id),
                    files: [StartWorkflowRequestBodyFilesField(type: .file, id: outside.id)],
                    folder: StartWorkflowRequestBodyFolderField(type: .folder, id: seed.folderId)))
            }

            #expect(error?.status == 400)
            let watermark = await #expect(throws: BoxAPIError.self) { try await admin.fileWatermarks.getFileWatermark(fileId: outside.id) }
            #expect(watermark?.status == 404)
        }
    }
}
