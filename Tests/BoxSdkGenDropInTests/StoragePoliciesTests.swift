import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.storagePolicies` and `client.storagePolicyAssignments`, as Box's documentation uses them.
@Suite("Drop-in: storage policies and their assignments")
struct StoragePoliciesTests {
    @Test func theEnterprisesStoragePoliciesAreListedAndRead() async throws {
        try await withLocalBox { box in
            let client = box.client

            let storagePolicies = try await client.storagePolicies.getStoragePolicies()
            let storagePolicy = try #require(storagePolicies.entries?.first)

            let read = try await client.storagePolicies.getStoragePolicyById(storagePolicyId: storagePolicy.id)
            #expect(read.id == storagePolicy.id)
            #expect(read.name == storagePolicy.name)

            let firstPage = try await client.storagePolicies.getStoragePolicies(queryParams: GetStoragePoliciesQueryParams(limit: 1))
            #expect(firstPage.entries?.count == 1)
        }
    }

    @Test func aUsersStoragePolicyAssignmentIsCreatedReadMovedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let userId = box.seed.appUsers[0].id
            let policyIds = try #require(try await client.storagePolicies.getStoragePolicies().entries?.map(\.id))
            try #require(policyIds.count >= 3)

            let enterpriseWide = try await client.storagePolicyAssignments.getStoragePolicyAssignments(
                queryParams: GetStoragePolicyAssignmentsQueryParams(resolvedForType: .user, resolvedForId: userId))
            #expect(enterpriseWide.entries?.first?.assignedTo?.id == box.seed.enterpriseId)

            let storagePolicyAssignment = try await client.storagePolicyAssignments.createStoragePolicyAssignment(
                requestBody: CreateStoragePolicyAssignmentRequestBody(
                    storagePolicy: CreateStoragePolicyAssignmentRequestBodyStoragePolicyField(id: policyIds[1]),
                    assignedTo: CreateStoragePolicyAssignmentRequestBodyAssignedToField(
                        type: CreateStoragePolicyAssignmentRequestBodyAssignedToTypeField.user, id: userId)))
            #expect(storagePolicyAssignment.storagePolicy?.id == policyIds[1])

            let read = try await client.storagePolicyAssignments.getStoragePolicyAssignmentById(
                storagePolicyAssignmentId: storagePolicyAssignment.id)
            #expect(read.assignedTo?.id == userId)
            let resolved = try await client.storagePolicyAssignments.getStoragePolicyAssignments(
                queryParams: GetStoragePolicyAssignmentsQueryParams(
                    resolvedForType: GetStoragePolicyAssignmentsQueryParamsResolvedForTypeField.user, resolvedForId: userId))
            #expect(resolved.entries?.first?.id == storagePolicyAssignment.id)

            let updated = try await client.storagePolicyAssignments.updateStoragePolicyAssignmentById(
                storagePolicyAssignmentId: storagePolicyAssignment.id,
                requestBody: UpdateStoragePolicyAssignmentByIdRequestBody(
                    storagePolicy: UpdateStoragePolicyAssignmentByIdRequestBodyStoragePolicyField(id: policyIds[2])))
            #expect(updated.storagePolicy?.id == policyIds[2])

            try await client.storagePolicyAssignments.deleteStoragePolicyAssignmentById(
                storagePolicyAssignmentId: storagePolicyAssignment.id)
            let afterDelete = try await client.storagePolicyAssignments.getStoragePolicyAssignments(
                queryParams: GetStoragePolicyAssignmentsQueryParams(resolvedForType: .user, resolvedForId: userId))
            #expect(afterDelete.entries?.first?.assignedTo?.id == box.seed.enterpriseId)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotListStoragePolicies() async throws {
        try await withLocalBox { box in
            let userClient = try await box.client(forUser: box.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) { try await userClient.storagePolicies.getStoragePolicies() }
            #expect(error?.responseInfo.statusCode == 403)
        }
    }
}
