import BoxLikeSDK
import Foundation

/// What `sample-compliance` shows: a legal hold and a retention policy each stopping a file
/// from being deleted for good, and the deletion going through once the hold or retention is
/// removed; then an information barrier refusing a collaboration between two teams it keeps
/// apart. Everything it creates is removed (the barrier is switched off) at the end.
public enum ComplianceTour {
    /// Runs the tour as an enterprise admin; returns the HTTP statuses of the three refusals
    /// (the legal hold's purge, the retention's purge, then the barrier's collaboration).
    @discardableResult
    public static func run(admin: BoxClient) async throws -> [Int] {
        let suffix = String(UUID().uuidString.prefix(6))
        var refusals: [Int] = []
        let folder = try await admin.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "Compliance \(suffix)", parent: CreateFolderRequestBodyParentField(id: "0")))

        // A legal hold on one file: it can go to the trash, but not be purged from it.
        let evidence = try await upload("evidence.txt", into: folder.id, admin: admin)
        let hold = try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
            policyName: "Acme v. Initech \(suffix)", description: "Kept for the lawsuit", isOngoing: true))
        let holdAssignment = try await admin.legalHoldPolicyAssignments.createLegalHoldPolicyAssignment(
            requestBody: CreateLegalHoldPolicyAssignmentRequestBody(
                policyId: hold.id, assignTo: CreateLegalHoldPolicyAssignmentRequestBodyAssignToField(type: .file, id: evidence.id)))
        print("Legal hold '\(hold.policyName ?? "?")' holds \(evidence.name ?? "?")")
        try await admin.files.deleteFileById(fileId: evidence.id)
        refusals.append(try await refusedPurge(of: evidence, admin: admin))
        try await admin.legalHoldPolicyAssignments.deleteLegalHoldPolicyAssignmentById(legalHoldPolicyAssignmentId: holdAssignment.id ?? "")
        try await admin.trashedFiles.deleteTrashedFileById(fileId: evidence.id)
        print("Hold released: \(evidence.name ?? "?") deleted for good")

        // A retention policy on the folder: its files cannot be purged before their disposition date.
        let policy = try await admin.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
            policyName: "Financial records \(suffix)", policyType: .finite, dispositionAction: .removeRetention,
            retentionLength: .value(.double(365)), retentionType: .modifiable))
        let retention = try await admin.retentionPolicyAssignments.createRetentionPolicyAssignment(
            requestBody: CreateRetentionPolicyAssignmentRequestBody(
                policyId: policy.id, assignTo: CreateRetentionPolicyAssignmentRequestBodyAssignToField(type: .folder, id: .value(folder.id))))
        let ledger = try await upload("ledger.csv", into: folder.id, admin: admin)
        let kept = try await admin.fileVersionRetentions.getFileVersionRetentions(
            queryParams: GetFileVersionRetentionsQueryParams(fileId: ledger.id))
        let until = kept.entries?.first?.dispositionAt.map { $0.formatted(.iso8601) } ?? "?"
        print("Retention policy '\(policy.policyName ?? "?")' keeps \(ledger.name ?? "?") until \(until)")
        try await admin.files.deleteFileById(fileId: ledger.id)
        refusals.append(try await refusedPurge(of: ledger, admin: admin))

        // Cleaning up: a modifiable policy's assignment can be removed, which releases the file.
        try await admin.retentionPolicyAssignments.deleteRetentionPolicyAssignmentById(retentionPolicyAssignmentId: retention.id)
        try await admin.trashedFiles.deleteTrashedFileById(fileId: ledger.id)
        try await admin.retentionPolicies.deleteRetentionPolicyById(retentionPolicyId: policy.id)
        try await admin.legalHoldPolicies.deleteLegalHoldPolicyById(legalHoldPolicyId: hold.id)
        try await admin.folders.deleteFolderById(folderId: folder.id, queryParams: DeleteFolderByIdQueryParams(recursive: true))
        print("Retention removed: \(ledger.name ?? "?") deleted for good")

        refusals.append(try await barrierRefusal(admin: admin, suffix: suffix))
        return refusals
    }

    /// An information barrier keeping a deals team from a research team: a deal maker may not
    /// invite a researcher to a folder while the barrier is enabled. Returns the refusal's status.
    private static func barrierRefusal(admin: BoxClient, suffix: String) async throws -> Int {
        let enterpriseId = try await admin.users.getUserMe(queryParams: GetUserMeQueryParams(fields: ["enterprise"])).enterprise?.id
        let dealMaker = try await admin.users.createUser(requestBody: CreateUserRequestBody(
            name: "Dana Deals", login: "dana-\(suffix.lowercased())@example.com"))
        let researcher = try await admin.users.createUser(requestBody: CreateUserRequestBody(
            name: "Rex Research", login: "rex-\(suffix.lowercased())@example.com"))
        let barrier = try await admin.shieldInformationBarriers.createShieldInformationBarrier(
            requestBody: CreateShieldInformationBarrierRequestBody(enterprise: EnterpriseBase(id: enterpriseId, type: .enterprise)))
        let barrierId = barrier.id ?? ""
        var segments: [ShieldInformationBarrierSegment] = []
        for (name, member) in [("Deals \(suffix)", dealMaker.id), ("Research \(suffix)", researcher.id)] {
            let segment = try await admin.shieldInformationBarrierSegments.createShieldInformationBarrierSegment(
                requestBody: CreateShieldInformationBarrierSegmentRequestBody(
                    shieldInformationBarrier: ShieldInformationBarrierBase(id: barrierId, type: .shieldInformationBarrier), name: name))
            _ = try await admin.shieldInformationBarrierSegmentMembers.createShieldInformationBarrierSegmentMember(
                requestBody: CreateShieldInformationBarrierSegmentMemberRequestBody(
                    shieldInformationBarrierSegment: .init(id: segment.id, type: .shieldInformationBarrierSegment),
                    user: UserBase(id: member, type: .user)))
            segments.append(segment)
        }
        _ = try await admin.shieldInformationBarrierSegmentRestrictions.createShieldInformationBarrierSegmentRestriction(
            requestBody: CreateShieldInformationBarrierSegmentRestrictionRequestBody(
                shieldInformationBarrierSegment: .init(id: segments[0].id, type: .shieldInformationBarrierSegment),
                restrictedSegment: .init(id: segments[1].id, type: .shieldInformationBarrierSegment)))
        _ = try await admin.shieldInformationBarriers.updateShieldInformationBarrierStatus(
            requestBody: UpdateShieldInformationBarrierStatusRequestBody(id: barrierId, status: .pending))
        print("Information barrier enabled: \(segments.map { $0.name ?? "?" }.joined(separator: " and ")) are kept apart")

        // The deal maker shares a folder of theirs with the researcher: the barrier refuses it.
        let asDealMaker = admin.withAsUserHeader(userId: dealMaker.id)
        let dealRoom = try await asDealMaker.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "Deal room \(suffix)", parent: CreateFolderRequestBodyParentField(id: "0")))
        var status: Int?
        do {
            _ = try await asDealMaker.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: dealRoom.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: researcher.id), role: .editor))
        } catch let error as BoxAPIError {
            print("Inviting \(researcher.name ?? "?") to \(dealRoom.name ?? "?") is refused by the barrier: "
                + "\(error.status) \(error.code ?? "") - \(error.message ?? "")")
            status = error.status
        }

        // Cleaning up: the barrier is switched off (Box keeps barriers; they are never deleted),
        // and the deal room deleted for good so the users own nothing when they are deleted.
        _ = try await admin.shieldInformationBarriers.updateShieldInformationBarrierStatus(
            requestBody: UpdateShieldInformationBarrierStatusRequestBody(id: barrierId, status: .disabled))
        for segment in segments {
            try await admin.shieldInformationBarrierSegments.deleteShieldInformationBarrierSegmentById(
                shieldInformationBarrierSegmentId: segment.id ?? "")
        }
        try await asDealMaker.folders.deleteFolderById(folderId: dealRoom.id)
        try await asDealMaker.trashedFolders.deleteTrashedFolderById(folderId: dealRoom.id)
        for user in [dealMaker, researcher] {
            try await admin.users.deleteUserById(userId: user.id)
        }
        guard let status else { throw ComplianceTourError.collaborationWasNotRefused(researcher.name ?? researcher.id) }
        print("Barrier disabled and its segments removed")
        return status
    }

    private static func upload(_ name: String, into folderId: String, admin: BoxClient) async throws -> FileFull {
        let uploaded = try await admin.uploads.uploadFile(.bytes(Array("\(name) contents".utf8)), name: name, parentFolderId: folderId)
        guard let file = uploaded.entries?.first else { throw ComplianceTourError.uploadReturnedNothing(name) }
        return file
    }

    /// Tries to purge a trashed file and reports the refusal; a purge that succeeds is an error.
    private static func refusedPurge(of file: FileFull, admin: BoxClient) async throws -> Int {
        do {
            try await admin.trashedFiles.deleteTrashedFileById(fileId: file.id)
        } catch let error as BoxAPIError {
            print("Purging \(file.name ?? "?") is refused: \(error.status) \(error.code ?? "") - \(error.message ?? "")")
            return error.status
        }
        throw ComplianceTourError.purgeWasNotRefused(file.name ?? file.id)
    }
}

/// A step of ``ComplianceTour`` that did not go as Box would answer.
public enum ComplianceTourError: Error, CustomStringConvertible {
    /// An upload answered without the file.
    case uploadReturnedNothing(String)
    /// A held or retained file was purged.
    case purgeWasNotRefused(String)
    /// A collaboration across an enabled information barrier went through.
    case collaborationWasNotRefused(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .uploadReturnedNothing(let name): "uploading \(name) returned no file"
        case .purgeWasNotRefused(let name): "\(name) was deleted for good although a hold or retention keeps it"
        case .collaborationWasNotRefused(let name): "\(name) was invited although an information barrier keeps them apart"
        }
    }
}
