import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.fileVersionRetentions`, as Box's documentation uses it.
@Suite("Drop-in: file version retentions")
struct FileVersionRetentionsTests {
    @Test func aRetainedFilesVersionIsListedAndRead() async throws {
        try await withLocalBox { box in
            let client = box.client
            let retentionPolicy = try await client.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
                policyName: UUID().uuidString, policyType: CreateRetentionPolicyRequestBodyPolicyTypeField.indefinite,
                dispositionAction: CreateRetentionPolicyRequestBodyDispositionActionField.removeRetention, description: "Records",
                retentionType: CreateRetentionPolicyRequestBodyRetentionTypeField.modifiable, canOwnerExtendRetention: false))
            let folder = try await createFolder(client, name: "Records")
            _ = try await client.retentionPolicyAssignments.createRetentionPolicyAssignment(requestBody: CreateRetentionPolicyAssignmentRequestBody(
                policyId: retentionPolicy.id,
                assignTo: CreateRetentionPolicyAssignmentRequestBodyAssignToField(
                    type: CreateRetentionPolicyAssignmentRequestBodyAssignToTypeField.folder, id: .value(folder.id))))
            let file = try await uploadText(client, name: "record.txt", parentId: folder.id)

            let fileVersionRetentions = try await client.fileVersionRetentions.getFileVersionRetentions()
            #expect(fileVersionRetentions.entries?.count == 1)
            let forFile = try await client.fileVersionRetentions.getFileVersionRetentions(
                queryParams: GetFileVersionRetentionsQueryParams(fileId: file.id))
            let fileVersionRetention = try #require(forFile.entries?.first)

            let fileVersionRetentionById = try await client.fileVersionRetentions.getFileVersionRetentionById(
                fileVersionRetentionId: try #require(fileVersionRetention.id))
            #expect(fileVersionRetentionById.id == fileVersionRetention.id)
            #expect(fileVersionRetentionById.fileVersion?.id == file.fileVersion?.id)
            #expect(fileVersionRetentionById.winningRetentionPolicy?.id == retentionPolicy.id)
        }
    }
}
