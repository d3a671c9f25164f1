import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.workflows`, as Box's documentation uses it.
@Suite("Drop-in: workflows")
struct WorkflowsTests {
    @Test func aManualStartWorkflowIsListedAndStartedOnAFile() async throws {
        try await withLocalBox { box in
            let adminClient = box.client
            let workflowFolderId = box.seed.relayWorkflowFolderId
            let workflowFile = try await uploadText(adminClient, name: "request.txt", text: "please delete", parentId: workflowFolderId)

            let workflows = try await adminClient.workflows.getWorkflows(queryParams: GetWorkflowsQueryParams(folderId: workflowFolderId))
            let workflowToRun = try #require(workflows.entries?.first { $0.id == box.seed.relayWorkflowId })
            let flowId = try #require(workflowToRun.flows?.first?.id)

            try await adminClient.workflows.startWorkflow(
                workflowId: try #require(workflowToRun.id),
                requestBody: StartWorkflowRequestBody(
                    flow: StartWorkflowRequestBodyFlowField(type: "flow", id: flowId),
                    files: [StartWorkflowRequestBodyFilesField(type: StartWorkflowRequestBodyFilesTypeField.file, id: workflowFile.id)],
                    folder: StartWorkflowRequestBodyFolderField(type: StartWorkflowRequestBodyFolderTypeField.folder, id: workflowFolderId),
                    type: StartWorkflowRequestBodyTypeField.workflowParameters))

            let trashed = try await adminClient.trashedFiles.getTrashedFileById(fileId: workflowFile.id)
            #expect(trashed.id == workflowFile.id)
        }
    }

    @Test func aFolderWithoutWorkflowsListsNone() async throws {
        try await withLocalBox { box in
            let folder = try await createFolder(box.client, name: "Plain")

            let workflows = try await box.client.workflows.getWorkflows(
                queryParams: GetWorkflowsQueryParams(folderId: folder.id, triggerType: "WORKFLOW_MANUAL_START", limit: 10))
            #expect(workflows.entries?.isEmpty == true)
        }
    }
}
