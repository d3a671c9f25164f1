import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Storage policies and their assignments to the enterprise and to users.
@Suite("Storage policies against the server")
struct EndToEndStoragePoliciesTests {
    func assign(_ admin: BoxClient, _ policyId: String, toUser userId: String) async throws -> StoragePolicyAssignment {
        try await admin.storagePolicyAssignments.createStoragePolicyAssignment(requestBody: CreateStoragePolicyAssignmentRequestBody(
            storagePolicy: CreateStoragePolicyAssignmentRequestBodyStoragePolicyField(id: policyId),
            assignedTo: CreateStoragePolicyAssignmentRequestBodyAssignedToField(type: .user, id: userId)))
    }

    func policyIds(_ admin: BoxClient) async throws -> [String] {
        try await admin.storagePolicies.getStoragePolicies().entries?.map(\.id) ?? []
    }

    func resolved(_ admin: BoxClient, forUser userId: String) async throws -> StoragePolicyAssignment? {
        try await admin.storagePolicyAssignments.getStoragePolicyAssignments(
            queryParams: GetStoragePolicyAssignmentsQueryParams(resolvedForType: .user, resolvedForId: userId)).entries?.first
    }

    @Test func theEnterpriseHasStoragePoliciesToChooseFrom() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let policies = try await admin.storagePolicies.getStoragePolicies()

            #expect((policies.entries?.count ?? 0) > 1)
            #expect(policies.entries?.allSatisfy { $0.name?.isEmpty == false } == true)
        }
    }

    @Test func aStoragePolicyReadsBackById() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let first = try #require(try await admin.storagePolicies.getStoragePolicies().entries?.first)

            let read = try await admin.storagePolicies.getStoragePolicyById(storagePolicyId: first.id)

            #expect(read.name == first.name)
        }
    }

    @Test func aUserWithoutTheirOwnAssignmentResolvesToTheEnterprises() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let assignment = try #require(try await resolved(admin, forUser: server.seed.appUsers[0].id))

            #expect(assignment.assignedTo?.type == "enterprise")
            #expect(assignment.assignedTo?.id == server.seed.enterpriseId)
        }
    }

    @Test func aPolicyAssignedToAUserIsTheOneTheyResolveTo() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let policy = try await policyIds(admin)[1]

            let created = try await assign(admin, policy, toUser: aliceId)
            let read = try await admin.storagePolicyAssignments.getStoragePolicyAssignmentById(storagePolicyAssignmentId: created.id)

            #expect(read.storagePolicy?.id == policy)
            #expect(read.assignedTo?.id == aliceId)
            #expect(try await resolved(admin, forUser: aliceId)?.id == created.id)
        }
    }

    @Test func aUsersAssignmentMovesToAnotherPolicy() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policies = try await policyIds(admin)
            let created = try await assign(admin, policies[1], toUser: server.seed.appUsers[0].id)

            let updated = try await admin.storagePolicyAssignments.updateStoragePolicyAssignmentById(
                storagePolicyAssignmentId: created.id, requestBody: UpdateStoragePolicyAssignmentByIdRequestBody(
                    storagePolicy: UpdateStoragePolicyAssignmentByIdRequestBodyStoragePolicyField(id: policies[2])))

            #expect(updated.storagePolicy?.id == policies[2])
        }
    }

    @Test func deletingAUsersAssignmentFallsBackToTheEnterprises() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let created = try await assign(admin, try await policyIds(admin)[1], toUser: aliceId)

            try await admin.storagePolicyAssignments.deleteStoragePolicyAssignmentById(storagePolicyAssignmentId: created.id)

            #expect(try await resolved(admin, forUser: aliceId)?.assignedTo?.type == "enterprise")
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotSeeStoragePolicies() async throws {
        try await withServer { server in
            let (alice, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) { try await alice.storagePolicies.getStoragePolicies() }

            #expect(error?.status == 403)
        }
    }
}
