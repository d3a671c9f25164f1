import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Retention policies, their assignments and the retentions they put on file versions,
/// against the server. Time moves with a manual server clock, never by waiting.
@Suite("Retention against the server")
struct EndToEndRetentionTests {
    static let day: Duration = .seconds(24 * 3600)

    /// A finite policy of `days` with a unique name.
    func makePolicy(
        _ client: BoxClient, days: Int = 30, action: CreateRetentionPolicyRequestBodyDispositionActionField = .removeRetention,
        type: CreateRetentionPolicyRequestBodyRetentionTypeField = .modifiable
    ) async throws -> RetentionPolicy {
        try await client.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
            policyName: "Records \(UUID().uuidString.prefix(8))", policyType: .finite, dispositionAction: action,
            description: "Keep records", retentionLength: .value(.double(Double(days))), retentionType: type,
            canOwnerExtendRetention: false, areOwnersNotified: true))
    }

    func assign(_ client: BoxClient, _ policy: RetentionPolicy, toFolder folderId: String) async throws -> RetentionPolicyAssignment {
        try await client.retentionPolicyAssignments.createRetentionPolicyAssignment(requestBody: CreateRetentionPolicyAssignmentRequestBody(
            policyId: policy.id, assignTo: CreateRetentionPolicyAssignmentRequestBodyAssignToField(type: .folder, id: .value(folderId))))
    }

    @Test func aFinitePolicyIsCreatedActiveAndReadBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let policy = try await makePolicy(admin, days: 365)
            let read = try await admin.retentionPolicies.getRetentionPolicyById(retentionPolicyId: policy.id)

            #expect(read.status == .active)
            #expect(read.retentionLength == "365")
            #expect(read.dispositionAction == .removeRetention)
            #expect(read.retentionType == .modifiable)
            #expect(read.areOwnersNotified == true)
            #expect(read.createdBy?.id == server.seed.adminUser.id)
        }
    }

    @Test func aFinitePolicyNeedsARetentionLength() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
                    policyName: "No length", policyType: .finite, dispositionAction: .removeRetention))
            }

            #expect(error?.status == 400)
            #expect(try await admin.retentionPolicies.getRetentionPolicies().entries?.isEmpty == true)
        }
    }

    @Test func policiesAreListedByType() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let finite = try await makePolicy(admin)
            let indefinite = try await admin.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
                policyName: "Forever", policyType: .indefinite, dispositionAction: .removeRetention))

            let all = try await admin.retentionPolicies.getRetentionPolicies()
            let onlyIndefinite = try await admin.retentionPolicies.getRetentionPolicies(
                queryParams: GetRetentionPoliciesQueryParams(policyType: .indefinite))

            #expect(Set(all.entries?.map(\.id) ?? []) == [finite.id, indefinite.id])
            #expect(onlyIndefinite.entries?.map(\.id) == [indefinite.id])
        }
    }

    @Test func aModifiablePolicyIsShortenedAndRenamed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policy = try await makePolicy(admin, days: 30)

            let updated = try await admin.retentionPolicies.updateRetentionPolicyById(
                retentionPolicyId: policy.id,
                requestBody: UpdateRetentionPolicyByIdRequestBody(policyName: .value("Short records"), retentionLength: .value(.double(7))))

            #expect(updated.policyName == "Short records")
            #expect(updated.retentionLength == "7")
        }
    }

    @Test func aNonModifiablePolicyCannotBeShortenedRetiredOrDeletedButCanBeExtended() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policy = try await makePolicy(admin, days: 30, type: .nonModifiable)

            let shortened = await #expect(throws: BoxAPIError.self) {
                try await admin.retentionPolicies.updateRetentionPolicyById(
                    retentionPolicyId: policy.id, requestBody: UpdateRetentionPolicyByIdRequestBody(retentionLength: .value(.double(10))))
            }
            let retired = await #expect(throws: BoxAPIError.self) {
                try await admin.retentionPolicies.updateRetentionPolicyById(
                    retentionPolicyId: policy.id, requestBody: UpdateRetentionPolicyByIdRequestBody(status: .value("retired")))
            }
            let deleted = await #expect(throws: BoxAPIError.self) {
                try await admin.retentionPolicies.deleteRetentionPolicyById(retentionPolicyId: policy.id)
            }
            let extended = try await admin.retentionPolicies.updateRetentionPolicyById(
                retentionPolicyId: policy.id, requestBody: UpdateRetentionPolicyByIdRequestBody(retentionLength: .value(.string("60"))))

            #expect(shortened?.status == 403)
            #expect(retired?.status == 403)
            #expect(deleted?.status == 403)
            #expect(extended.retentionLength == "60")
            #expect(extended.status == .active)
        }
    }

    @Test func aModifiablePolicyIsDeleted() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policy = try await makePolicy(admin)

            try await admin.retentionPolicies.deleteRetentionPolicyById(retentionPolicyId: policy.id)

            let error = await #expect(throws: BoxAPIError.self) { try await admin.retentionPolicies.getRetentionPolicyById(retentionPolicyId: policy.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func aFolderAssignmentRetainsTheFilesInItAndIsListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("records")
            let file = try await admin.makeFile("ledger.csv", text: "v1", in: folder.id)
            _ = try await admin.uploadVersion(of: file.id, text: "v2")
            let policy = try await makePolicy(admin)

            let assignment = try await assign(admin, policy, toFolder: folder.id)
            let read = try await admin.retentionPolicyAssignments.getRetentionPolicyAssignmentById(retentionPolicyAssignmentId: assignment.id)
            let listed = try await admin.retentionPolicyAssignments.getRetentionPolicyAssignments(
                retentionPolicyId: policy.id, queryParams: GetRetentionPolicyAssignmentsQueryParams(type: .folder))
            let files = try await admin.retentionPolicyAssignments.getFilesUnderRetentionPolicyAssignment(retentionPolicyAssignmentId: assignment.id)
            let versions = try await admin.retentionPolicyAssignments.getFileVersionsUnderRetentionPolicyAssignment(
                retentionPolicyAssignmentId: assignment.id)

            #expect(read.assignedTo?.type == .folder)
            #expect(read.assignedTo?.id == folder.id)
            #expect(read.retentionPolicy?.id == policy.id)
            #expect(listed.entries?.map(\.id) == [assignment.id])
            #expect(files.entries?.map(\.id) == [file.id])
            #expect(versions.entries?.count == 2)
            #expect(try await admin.retentionPolicies.getRetentionPolicyById(retentionPolicyId: policy.id).assignmentCounts?.folder == 1)
        }
    }

    @Test func removingAnAssignmentReleasesItsFiles() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let file = try await admin.makeFile("a.txt", text: "x", in: folder.id)
            let assignment = try await assign(admin, try await makePolicy(admin), toFolder: folder.id)
            try await admin.files.deleteFileById(fileId: file.id)

            try await admin.retentionPolicyAssignments.deleteRetentionPolicyAssignmentById(retentionPolicyAssignmentId: assignment.id)
            try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id)

            let gone = await #expect(throws: BoxAPIError.self) {
                try await admin.retentionPolicyAssignments.getRetentionPolicyAssignmentById(retentionPolicyAssignmentId: assignment.id)
            }
            #expect(gone?.status == 404)
        }
    }

    @Test func anAssignmentOfANonModifiablePolicyCannotBeRemoved() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policy = try await makePolicy(admin, type: .nonModifiable)
            let assignment = try await assign(admin, policy, toFolder: try await admin.makeFolder().id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.retentionPolicyAssignments.deleteRetentionPolicyAssignmentById(retentionPolicyAssignmentId: assignment.id)
            }

            #expect(error?.status == 403)
        }
    }

    @Test func fileVersionRetentionsShowWhenEachRetentionEnds() async throws {
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(on: clock) { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let file = try await admin.makeFile("kept.txt", text: "x", in: folder.id)
            let policy = try await makePolicy(admin, days: 10)
            _ = try await assign(admin, policy, toFolder: folder.id)

            let retentions = try await admin.fileVersionRetentions.getFileVersionRetentions(
                queryParams: GetFileVersionRetentionsQueryParams(fileId: file.id))
            let retention = try #require(retentions.entries?.first)
            let read = try await admin.fileVersionRetentions.getFileVersionRetentionById(fileVersionRetentionId: retention.id ?? "")

            #expect(retentions.entries?.count == 1)
            #expect(read.fileVersion?.id == file.fileVersion?.id)
            #expect(read.appliedAt == clock.now)
            #expect(read.dispositionAt == clock.now.addingTimeInterval(10 * 24 * 3600))
            #expect(read.winningRetentionPolicy?.id == policy.id)
        }
    }

    @Test func aRetainedFileCannotBePurgedBeforeItsDispositionDate() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            // Ten days, so the retention ends well before the trash's own 30 days would purge it.
            _ = try await assign(admin, try await makePolicy(admin, days: 10), toFolder: folder.id)
            let file = try await admin.makeFile("invoice.pdf", text: "x", in: folder.id)
            try await admin.files.deleteFileById(fileId: file.id)

            let early = await #expect(throws: BoxAPIError.self) { try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id) }
            await clock.advance(by: Self.day * 9)
            let stillEarly = await #expect(throws: BoxAPIError.self) { try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id) }
            await clock.advance(by: Self.day * 2)
            try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id)

            #expect(early?.status == 403)
            #expect(early?.code == "forbidden")
            #expect(stillEarly?.status == 403)
        }
    }

    @Test func atDispositionAPermanentlyDeletePolicyDeletesTheFile() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let file = try await admin.makeFile("expiring.txt", text: "x", in: folder.id)
            _ = try await assign(admin, try await makePolicy(admin, days: 1, action: .permanentlyDelete), toFolder: folder.id)

            #expect(try await admin.files.getFileById(fileId: file.id).id == file.id)
            await clock.advance(by: Self.day * 2)

            let gone = await #expect(throws: BoxAPIError.self) { try await admin.files.getFileById(fileId: file.id) }
            #expect(gone?.status == 404)
        }
    }

    @Test func aLegalHoldKeepsAFileItsRetentionWouldDelete() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let file = try await admin.makeFile("disputed.txt", text: "x", in: folder.id)
            _ = try await assign(admin, try await makePolicy(admin, days: 1, action: .permanentlyDelete), toFolder: folder.id)
            let hold = try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                policyName: "Dispute", isOngoing: true))
            _ = try await admin.legalHoldPolicyAssignments.createLegalHoldPolicyAssignment(requestBody: CreateLegalHoldPolicyAssignmentRequestBody(
                policyId: hold.id, assignTo: CreateLegalHoldPolicyAssignmentRequestBodyAssignToField(type: .file, id: file.id)))

            await clock.advance(by: Self.day * 2)

            #expect(try await admin.files.getFileById(fileId: file.id).id == file.id)
        }
    }

    @Test func retiringAPolicyReleasesWhatItRetained() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            let file = try await admin.makeFile("old.txt", text: "x", in: folder.id)
            let policy = try await makePolicy(admin)
            _ = try await assign(admin, policy, toFolder: folder.id)
            try await admin.files.deleteFileById(fileId: file.id)

            let retired = try await admin.retentionPolicies.updateRetentionPolicyById(
                retentionPolicyId: policy.id, requestBody: UpdateRetentionPolicyByIdRequestBody(status: .value("retired")))
            try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id)

            #expect(retired.status == .retired)
        }
    }

    @Test func anEnterpriseAssignmentRetainsEveryUsersFiles() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policy = try await makePolicy(admin)

            let assignment = try await admin.retentionPolicyAssignments.createRetentionPolicyAssignment(
                requestBody: CreateRetentionPolicyAssignmentRequestBody(
                    policyId: policy.id, assignTo: CreateRetentionPolicyAssignmentRequestBodyAssignToField(type: .enterprise)))
            let files = try await admin.retentionPolicyAssignments.getFilesUnderRetentionPolicyAssignment(retentionPolicyAssignmentId: assignment.id)

            #expect(assignment.assignedTo?.type == .enterprise)
            let retained = Set(files.entries?.map(\.id) ?? [])
            #expect(retained.isSuperset(of: [server.seed.adminUser.fileId, server.seed.appUsers[0].fileId]))
        }
    }

    @Test func aMetadataTemplateAssignmentRetainsOnlyFilesWhoseFieldsMatchItsFilter() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await admin.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: "Record", templateKey: "record",
                fields: [MetadataTemplateFieldRequest(type: .enum, key: "kind", displayName: "Kind", options: [.init(key: "tax"), .init(key: "memo")])]))
            let folder = try await admin.makeFolder()
            let tax = try await admin.makeFile("tax.pdf", text: "x", in: folder.id)
            let memo = try await admin.makeFile("memo.pdf", text: "x", in: folder.id)
            _ = try await admin.fileMetadata.createFileMetadataById(fileId: tax.id, scope: .enterprise, templateKey: "record", requestBody: ["kind": "tax"])
            _ = try await admin.fileMetadata.createFileMetadataById(fileId: memo.id, scope: .enterprise, templateKey: "record", requestBody: ["kind": "memo"])
            let policy = try await makePolicy(admin)

            let assignment = try await admin.retentionPolicyAssignments.createRetentionPolicyAssignment(
                requestBody: CreateRetentionPolicyAssignmentRequestBody(
                    policyId: policy.id, assignTo: CreateRetentionPolicyAssignmentRequestBodyAssignToField(type: .metadataTemplate, id: .value(template.id)),
                    filterFields: [CreateRetentionPolicyAssignmentRequestBodyFilterFieldsField(field: "kind", value: "tax")]))
            let files = try await admin.retentionPolicyAssignments.getFilesUnderRetentionPolicyAssignment(retentionPolicyAssignmentId: assignment.id)

            #expect(assignment.filterFields?.first?.value == "tax")
            #expect(files.entries?.map(\.id) == [tax.id])
        }
    }

    @Test func aUserOwningContentIsNotDeletedWithItWhileAnyPolicyExists() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let userId = server.seed.appUsers[0].id
            let policy = try await makePolicy(admin)

            let refused = await #expect(throws: BoxAPIError.self) {
                try await admin.users.deleteUserById(userId: userId, queryParams: DeleteUserByIdQueryParams(force: true))
            }
            try await admin.retentionPolicies.deleteRetentionPolicyById(retentionPolicyId: policy.id)
            try await admin.users.deleteUserById(userId: userId, queryParams: DeleteUserByIdQueryParams(force: true))

            #expect(refused?.status == 403)
            #expect(refused?.message == "User cannot be deleted due to retention policies. Please transfer user content first")
        }
    }

    @Test func onlyAdminsUseTheRetentionEndpoints() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let listing = await #expect(throws: BoxAPIError.self) { try await user.retentionPolicies.getRetentionPolicies() }
            let reading = await #expect(throws: BoxAPIError.self) {
                try await user.fileVersionRetentions.getFileVersionRetentions()
            }

            #expect(listing?.status == 403)
            #expect(reading?.status == 403)
        }
    }
}
