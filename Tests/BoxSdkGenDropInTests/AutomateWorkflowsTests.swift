import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.automateWorkflows`, as Box's documentation uses it.
@Suite("Drop-in: automate workflows")
struct AutomateWorkflowsTests {
    @Test func theFoldersWorkflowIsListedAndStartedOnAFile() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folderId = box.seed.adminUser.folderId
            let file = try await uploadText(client, name: "review-me.txt", parentId: folderId)

            let workflowActions = try await client.automateWorkflows.getAutomateWorkflowsV2026R0(
                queryParams: GetAutomateWorkflowsV2026R0QueryParams(folderId: folderId))
            let workflowAction = try #require(workflowActions.entries?.first)
            #expect(workflowAction.id == box.seed.automateWorkflowActionId)
            #expect(workflowAction.workflow.id == box.seed.automateWorkflowId)

            try await client.automateWorkflows.createAutomateWorkflowStartV2026R0(
                workflowId: workflowAction.workflow.id,
                requestBody: AutomateWorkflowStartRequestV2026R0(workflowActionId: workflowAction.id, fileIds: [file.id]))

            let locked = try await client.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["lock"]))
            #expect(locked.lock != nil)
        }
    }
}
