import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Legal hold policies, their assignments and the file versions they hold, against the
/// server: held content cannot be deleted for good until every assignment holding it goes.
@Suite("Legal holds against the server")
struct EndToEndLegalHoldsTests {
    /// An ongoing policy with a unique name.
    func makePolicy(_ client: BoxClient, _ prefix: String = "Matter") async throws -> LegalHoldPolicy {
        try await client.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
            policyName: "\(prefix) \(UUID().uuidString.prefix(8))", description: "Kept for litigation", isOngoing: true))
    }

    func assign(_ client: BoxClient, _ policy: LegalHoldPolicy, to type: CreateLegalHoldPolicyAssignmentRequestBodyAssignToTypeField,
                id: String) async throws -> LegalHoldPolicyAssignment {
        try await client.legalHoldPolicyAssignments.createLegalHoldPolicyAssignment(requestBody: CreateLegalHoldPolicyAssignmentRequestBody(
            policyId: policy.id, assignTo: CreateLegalHoldPolicyAssignmentRequestBodyAssignToField(type: type, id: id)))
    }

    @Test func anOngoingPolicyIsCreatedActiveAndReadBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let policy = try await makePolicy(admin)
            let read = try await admin.legalHoldPolicies.getLegalHoldPolicyById(legalHoldPolicyId: policy.id)

            #expect(policy.status == .active)
            #expect(read.policyName == policy.policyName)
            #expect(read.description == "Kept for litigation")
            #expect(read.createdBy?.id == server.seed.adminUser.id)
            #expect(read.assignmentCounts?.file == 0)
        }
    }

    @Test func aPolicyWithoutDatesMustBeOngoing() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let start = Date(timeIntervalSince1970: 1_700_000_000)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(policyName: "Undated"))
            }
            let dated = try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                policyName: "Dated", filterStartedAt: start, filterEndedAt: start.addingTimeInterval(86_400)))

            #expect(error?.status == 400)
            #expect(dated.filterStartedAt == start)
            #expect(dated.filterEndedAt == start.addingTimeInterval(86_400))
        }
    }

    @Test func policiesAreListedByNamePrefix() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let first = try await makePolicy(admin, "Acme v. Initech")
            _ = try await makePolicy(admin, "Globex audit")

            let all = try await admin.legalHoldPolicies.getLegalHoldPolicies()
            let acme = try await admin.legalHoldPolicies.getLegalHoldPolicies(queryParams: GetLegalHoldPoliciesQueryParams(policyName: "acme"))

            #expect(all.entries?.count == 2)
            #expect(acme.entries?.map(\.id) == [first.id])
        }
    }

    @Test func aPolicyIsRenamedAndGetsReleaseNotes() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policy = try await makePolicy(admin)

            let updated = try await admin.legalHoldPolicies.updateLegalHoldPolicyById(
                legalHoldPolicyId: policy.id,
                requestBody: UpdateLegalHoldPolicyByIdRequestBody(policyName: "Settled matter", releaseNotes: "Case closed"))

            #expect(updated.policyName == "Settled matter")
            #expect(try await admin.legalHoldPolicies.getLegalHoldPolicyById(legalHoldPolicyId: policy.id).releaseNotes == "Case closed")
        }
    }

    @Test func aPolicyNameIsTakenOnlyOnce() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policy = try await makePolicy(admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                    policyName: policy.policyName ?? "", isOngoing: true))
            }

            #expect(error?.status == 409)
        }
    }

    @Test func anAssignmentToAFileHoldsEveryVersionOfIt() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("contract.txt", text: "v1", in: try await admin.makeFolder().id)
            _ = try await admin.uploadVersion(of: file.id, text: "v2")
            let policy = try await makePolicy(admin)

            let assignment = try await assign(admin, policy, to: .file, id: file.id)
            let read = try await admin.legalHoldPolicyAssignments.getLegalHoldPolicyAssignmentById(legalHoldPolicyAssignmentId: assignment.id ?? "")
            let files = try await admin.legalHoldPolicyAssignments.getLegalHoldPolicyAssignmentFileOnHold(legalHoldPolicyAssignmentId: assignment.id ?? "")
            let versions = try await admin.legalHoldPolicyAssignments.getLegalHoldPolicyAssignmentFileVersionOnHold(
                legalHoldPolicyAssignmentId: assignment.id ?? "")

            #expect(read.assignedTo?.type == .file)
            #expect(read.assignedTo?.id == file.id)
            #expect(read.legalHoldPolicy?.id == policy.id)
            #expect(files.entries?.map(\.id) == [file.id])
            #expect(versions.entries?.count == 2)
        }
    }

    @Test func assignmentsAreListedByPolicyAndTarget() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let policy = try await makePolicy(admin)
            let toFolder = try await assign(admin, policy, to: .folder, id: folder.id)
            let toUser = try await assign(admin, policy, to: .user, id: server.seed.appUsers[0].id)

            let all = try await admin.legalHoldPolicyAssignments.getLegalHoldPolicyAssignments(
                queryParams: GetLegalHoldPolicyAssignmentsQueryParams(policyId: policy.id))
            let users = try await admin.legalHoldPolicyAssignments.getLegalHoldPolicyAssignments(
                queryParams: GetLegalHoldPolicyAssignmentsQueryParams(policyId: policy.id, assignToType: .user))

            #expect(Set(all.entries?.compactMap(\.id) ?? []) == Set([toFolder.id, toUser.id].compactMap { $0 }))
            #expect(users.entries?.compactMap(\.id) == [toUser.id].compactMap { $0 })
            #expect(try await admin.legalHoldPolicies.getLegalHoldPolicyById(legalHoldPolicyId: policy.id).assignmentCounts?.folder == 1)
        }
    }

    @Test func aHeldFileCannotBePurgedFromTheTrashUntilItsAssignmentIsDeleted() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("evidence.txt", text: "x", in: try await admin.makeFolder().id)
            let assignment = try await assign(admin, try await makePolicy(admin), to: .file, id: file.id)
            try await admin.files.deleteFileById(fileId: file.id)

            let refused = await #expect(throws: BoxAPIError.self) { try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id) }
            #expect(refused?.status == 403)
            #expect(refused?.code == "forbidden")
            #expect(try await admin.trashedFiles.getTrashedFileById(fileId: file.id).id == file.id)

            try await admin.legalHoldPolicyAssignments.deleteLegalHoldPolicyAssignmentById(legalHoldPolicyAssignmentId: assignment.id ?? "")
            try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id)

            let gone = await #expect(throws: BoxAPIError.self) { try await admin.trashedFiles.getTrashedFileById(fileId: file.id) }
            #expect(gone?.status == 404)
            #expect(await server.requestLog.entries(method: "DELETE", path: .glob("/2.0/legal_hold_policy_assignments/*")).first?.status == 202)
        }
    }

    @Test func aHeldFileVersionGoesToTheTrashAndIsKeptThere() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("draft.txt", text: "v1", in: try await admin.makeFolder().id)
            let firstVersion = try #require(file.fileVersion?.id)
            _ = try await admin.uploadVersion(of: file.id, text: "v2")
            let policy = try await makePolicy(admin)
            _ = try await assign(admin, policy, to: .fileVersion, id: firstVersion)

            try await admin.fileVersions.deleteFileVersionById(fileId: file.id, fileVersionId: firstVersion)

            let version = try await admin.fileVersions.getFileVersionById(fileId: file.id, fileVersionId: firstVersion)
            #expect(version.trashedAt != nil)
            let holds = try await admin.fileVersionLegalHolds.getFileVersionLegalHolds(
                queryParams: GetFileVersionLegalHoldsQueryParams(policyId: policy.id))
            #expect(holds.entries?.contains { $0.fileVersion?.id == firstVersion } == true)
        }
    }

    @Test func anOngoingFolderHoldCoversFilesAddedLater() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("custodian")
            let assignment = try await assign(admin, try await makePolicy(admin), to: .folder, id: folder.id)

            let later = try await admin.makeFile("later.txt", text: "x", in: try await admin.makeFolder("inner", in: folder.id).id)
            try await admin.folders.deleteFolderById(folderId: folder.id, queryParams: DeleteFolderByIdQueryParams(recursive: true))

            let files = try await admin.legalHoldPolicyAssignments.getLegalHoldPolicyAssignmentFileOnHold(legalHoldPolicyAssignmentId: assignment.id ?? "")
            #expect(files.entries?.map(\.id) == [later.id])
            let refused = await #expect(throws: BoxAPIError.self) { try await admin.trashedFolders.deleteTrashedFolderById(folderId: folder.id) }
            #expect(refused?.status == 403)
        }
    }

    @Test func aCustodianHoldWithADateRangeHoldsOnlyVersionsCreatedInIt() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("old.txt", text: "x", in: try await admin.makeFolder().id)
            let past = Date(timeIntervalSince1970: 1_500_000_000)
            let policy = try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                policyName: "Last decade", filterStartedAt: past, filterEndedAt: past.addingTimeInterval(86_400)))

            let assignment = try await assign(admin, policy, to: .user, id: server.seed.adminUser.id)
            try await admin.files.deleteFileById(fileId: file.id)

            let files = try await admin.legalHoldPolicyAssignments.getLegalHoldPolicyAssignmentFileOnHold(legalHoldPolicyAssignmentId: assignment.id ?? "")
            #expect(files.entries?.isEmpty == true)
            try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id)
        }
    }

    @Test func fileVersionLegalHoldsNameTheAssignmentsHoldingAVersion() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let file = try await admin.makeFile("memo.txt", text: "x", in: folder.id)
            let policy = try await makePolicy(admin)
            let byFile = try await assign(admin, policy, to: .file, id: file.id)
            let byFolder = try await assign(admin, policy, to: .folder, id: folder.id)

            let holds = try await admin.fileVersionLegalHolds.getFileVersionLegalHolds(
                queryParams: GetFileVersionLegalHoldsQueryParams(policyId: policy.id))
            let hold = try #require(holds.entries?.first)
            let read = try await admin.fileVersionLegalHolds.getFileVersionLegalHoldById(fileVersionLegalHoldId: hold.id ?? "")

            #expect(holds.entries?.count == 1)
            #expect(read.file?.id == file.id)
            #expect(read.fileVersion?.id == file.fileVersion?.id)
            #expect(Set(read.legalHoldPolicyAssignments?.compactMap(\.id) ?? []) == Set([byFile.id, byFolder.id].compactMap { $0 }))
        }
    }

    @Test func deletingAPolicyAnswers202AndReleasesItsHoldsWhenTheReleaseCompletes() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("released.txt", text: "x", in: try await admin.makeFolder().id)
            let policy = try await makePolicy(admin)
            _ = try await assign(admin, policy, to: .file, id: file.id)
            try await admin.files.deleteFileById(fileId: file.id)

            try await admin.legalHoldPolicies.deleteLegalHoldPolicyById(legalHoldPolicyId: policy.id)

            #expect(await server.requestLog.entries(method: "DELETE", path: .exact("/2.0/legal_hold_policies/\(policy.id)")).first?.status == 202)
            let releasing = try await admin.legalHoldPolicies.getLegalHoldPolicyById(legalHoldPolicyId: policy.id)
            #expect(releasing.status == .releasing)
            #expect(releasing.deletedAt != nil)
            let stillHeld = await #expect(throws: BoxAPIError.self) { try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id) }
            #expect(stillHeld?.status == 403)

            await clock.advance(by: .seconds(61))

            let gone = await #expect(throws: BoxAPIError.self) { try await admin.legalHoldPolicies.getLegalHoldPolicyById(legalHoldPolicyId: policy.id) }
            #expect(gone?.status == 404)
            try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id)
        }
    }

    @Test func onlyAdminsUseTheLegalHoldEndpoints() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let policy = try await makePolicy(admin)

            let listing = await #expect(throws: BoxAPIError.self) { try await user.legalHoldPolicies.getLegalHoldPolicies() }
            let deleting = await #expect(throws: BoxAPIError.self) {
                try await user.legalHoldPolicies.deleteLegalHoldPolicyById(legalHoldPolicyId: policy.id)
            }

            #expect(listing?.status == 403)
            #expect(deleting?.status == 403)
            #expect(try await admin.legalHoldPolicies.getLegalHoldPolicyById(legalHoldPolicyId: policy.id).status == .active)
        }
    }
}
