import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.legalHoldPolicies` and `client.legalHoldPolicyAssignments`, as Box's documentation uses them.
@Suite("Drop-in: legal hold policies and their assignments")
struct LegalHoldPoliciesTests {
    @Test func aPolicyIsCreatedReadListedRenamedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client

            let policy = try await client.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                policyName: "Acme v. Initech", description: "Kept for litigation", isOngoing: true))
            #expect(policy.policyName == "Acme v. Initech")
            #expect(policy.description == "Kept for litigation")

            let read = try await client.legalHoldPolicies.getLegalHoldPolicyById(legalHoldPolicyId: policy.id)
            #expect(read.id == policy.id)

            _ = try await client.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                policyName: "Globex audit", isOngoing: true))
            let all = try await client.legalHoldPolicies.getLegalHoldPolicies()
            #expect(all.entries?.count == 2)
            let acme = try await client.legalHoldPolicies.getLegalHoldPolicies(
                queryParams: GetLegalHoldPoliciesQueryParams(policyName: "Acme"))
            #expect(acme.entries?.map(\.id) == [policy.id])

            let renamed = try await client.legalHoldPolicies.updateLegalHoldPolicyById(
                legalHoldPolicyId: policy.id, requestBody: UpdateLegalHoldPolicyByIdRequestBody(policyName: "Acme settled"))
            #expect(renamed.policyName == "Acme settled")

            try await client.legalHoldPolicies.deleteLegalHoldPolicyById(legalHoldPolicyId: policy.id)
            let releasing = try await client.legalHoldPolicies.getLegalHoldPolicyById(legalHoldPolicyId: policy.id)
            #expect(releasing.status == .releasing)
        }
    }

    @Test func aPolicyWithADateRangeIsNotOngoing() async throws {
        try await withLocalBox { box in
            let start = Date(timeIntervalSince1970: 1_609_488_000)
            let end = Date(timeIntervalSince1970: 1_641_024_000)

            let policy = try await box.client.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                policyName: "2021 records", description: "A year of mail", filterStartedAt: start, filterEndedAt: end, isOngoing: false))

            #expect(policy.filterStartedAt == start)
            #expect(policy.filterEndedAt == end)
        }
    }

    @Test func aFileIsHeldByAnAssignmentUntilItIsRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let policy = try await client.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                policyName: "Matter 42", isOngoing: true))
            let file = try await uploadText(client, name: "evidence.txt", text: "exhibit A")

            let assignment = try await client.legalHoldPolicyAssignments.createLegalHoldPolicyAssignment(
                requestBody: CreateLegalHoldPolicyAssignmentRequestBody(
                    policyId: policy.id, assignTo: CreateLegalHoldPolicyAssignmentRequestBodyAssignToField(type: .file, id: file.id)))
            #expect(assignment.legalHoldPolicy?.id == policy.id)
            let assignmentId = try #require(assignment.id)

            let read = try await client.legalHoldPolicyAssignments.getLegalHoldPolicyAssignmentById(legalHoldPolicyAssignmentId: assignmentId)
            #expect(read.id == assignmentId)

            let assignments = try await client.legalHoldPolicyAssignments.getLegalHoldPolicyAssignments(
                queryParams: GetLegalHoldPolicyAssignmentsQueryParams(policyId: policy.id))
            #expect(assignments.entries?.count == 1)

            let filesOnHold = try await client.legalHoldPolicyAssignments.getLegalHoldPolicyAssignmentFileOnHold(
                legalHoldPolicyAssignmentId: assignmentId)
            #expect(filesOnHold.entries?.map(\.id) == [file.id])

            try await client.legalHoldPolicyAssignments.deleteLegalHoldPolicyAssignmentById(legalHoldPolicyAssignmentId: assignmentId)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.legalHoldPolicyAssignments.getLegalHoldPolicyAssignmentById(legalHoldPolicyAssignmentId: assignmentId)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
