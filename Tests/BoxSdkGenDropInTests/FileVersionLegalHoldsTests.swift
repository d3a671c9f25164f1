import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.fileVersionLegalHolds`, as Box's documentation uses it.
@Suite("Drop-in: file version legal holds")
struct FileVersionLegalHoldsTests {
    @Test func aHeldFilesVersionIsListedAndRead() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "evidence.txt")
            let legalHoldPolicy = try await client.legalHoldPolicies.createLegalHoldPolicy(
                requestBody: CreateLegalHoldPolicyRequestBody(policyName: UUID().uuidString, description: "Matter", isOngoing: true))
            _ = try await client.legalHoldPolicyAssignments.createLegalHoldPolicyAssignment(
                requestBody: CreateLegalHoldPolicyAssignmentRequestBody(
                    policyId: legalHoldPolicy.id,
                    assignTo: CreateLegalHoldPolicyAssignmentRequestBodyAssignToField(
                        type: CreateLegalHoldPolicyAssignmentRequestBodyAssignToTypeField.file, id: file.id)))

            let fileVersionLegalHolds = try await client.fileVersionLegalHolds.getFileVersionLegalHolds(
                queryParams: GetFileVersionLegalHoldsQueryParams(policyId: legalHoldPolicy.id))
            #expect(fileVersionLegalHolds.entries?.count == 1)
            let hold = try #require(fileVersionLegalHolds.entries?.first)

            let fileVersionLegalHold = try await client.fileVersionLegalHolds.getFileVersionLegalHoldById(
                fileVersionLegalHoldId: try #require(hold.id))
            #expect(fileVersionLegalHold.file?.id == file.id)
            #expect(fileVersionLegalHold.fileVersion?.id == file.fileVersion?.id)
        }
    }

    @Test func aHoldThatDoesNotExistIsNotFound() async throws {
        try await withLocalBox { box in
            let client = box.client
            let fileVersionLegalHoldId = "987654321"

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.fileVersionLegalHolds.getFileVersionLegalHoldById(fileVersionLegalHoldId: fileVersionLegalHoldId)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
