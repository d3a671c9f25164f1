import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.retentionPolicies` and `client.retentionPolicyAssignments`, as Box's documentation uses them.
@Suite("Drop-in: retention policies and their assignments")
struct RetentionPoliciesTests {
    @Test func aPolicyIsCreatedReadListedRenamedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client

            let policy = try await client.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
                policyName: "Contracts", policyType: .indefinite, dispositionAction: .removeRetention,
                description: "Keep contracts", retentionType: .modifiable, canOwnerExtendRetention: true, areOwnersNotified: true))
            #expect(policy.policyName == "Contracts")
            #expect(policy.description == "Keep contracts")

            let read = try await client.retentionPolicies.getRetentionPolicyById(retentionPolicyId: policy.id)
            #expect(read.id == policy.id)

            let policies = try await client.retentionPolicies.getRetentionPolicies(
                queryParams: GetRetentionPoliciesQueryParams(policyName: "Contr"))
            #expect(policies.entries?.map(\.id) == [policy.id])

            let renamed = try await client.retentionPolicies.updateRetentionPolicyById(
                retentionPolicyId: policy.id, requestBody: UpdateRetentionPolicyByIdRequestBody(policyName: .value("Signed contracts")))
            #expect(renamed.policyName == "Signed contracts")

            try await client.retentionPolicies.deleteRetentionPolicyById(retentionPolicyId: policy.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.retentionPolicies.getRetentionPolicyById(retentionPolicyId: policy.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aFolderAssignmentRetainsTheFilesInItUntilItIsRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let policy = try await client.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
                policyName: "Invoices", policyType: .indefinite, dispositionAction: .removeRetention, retentionType: .modifiable))
            let folder = try await createFolder(client, name: "Invoices")
            let file = try await uploadText(client, name: "invoice-1.txt", text: "100 EUR", parentId: folder.id)

            let assignment = try await client.retentionPolicyAssignments.createRetentionPolicyAssignment(
                requestBody: CreateRetentionPolicyAssignmentRequestBody(
                    policyId: policy.id, assignTo: CreateRetentionPolicyAssignmentRequestBodyAssignToField(type: .folder, id: .value(folder.id))))
            #expect(assignment.retentionPolicy?.id == policy.id)
            #expect(assignment.assignedTo?.id == folder.id)

            let read = try await client.retentionPolicyAssignments.getRetentionPolicyAssignmentById(
                retentionPolicyAssignmentId: assignment.id)
            #expect(read.id == assignment.id)

            let assignments = try await client.retentionPolicyAssignments.getRetentionPolicyAssignments(retentionPolicyId: policy.id)
            #expect(assignments.entries?.count == 1)

            let filesUnderRetention = try await client.retentionPolicyAssignments.getFilesUnderRetentionPolicyAssignment(
                retentionPolicyAssignmentId: assignment.id)
            #expect(filesUnderRetention.entries?.map(\.id) == [file.id])

            try await client.retentionPolicyAssignments.deleteRetentionPolicyAssignmentById(retentionPolicyAssignmentId: assignment.id)
            let after = try await client.retentionPolicyAssignments.getRetentionPolicyAssignments(retentionPolicyId: policy.id)
            #expect(after.entries?.isEmpty == true)
        }
    }
}
