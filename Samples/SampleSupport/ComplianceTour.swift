import BoxLikeSDK
import Foundation

/// What `sample-compliance` shows: a legal hold and a retention policy each stopping a file
/// from being deleted for good, and the deletion going through once the hold or retention is
/// removed. Everything it creates is removed at the end.
public enum ComplianceTour {
    /// Runs the tour as an enterprise admin; returns the HTTP statuses of the two refused
    /// purges (legal hold first, then retention).
    @discardableResult
    public static func run(admin: BoxClient) async throws -> [Int] {
        let suffix = String(UUID().uuidString.prefix(6))
        var refusals: [Int] = []
        let folder = try await admin.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "Compliance \(suffix)", parent: CreateFolderRequestBodyParent(id: "0")))

        // A legal hold on one file: it can go to the trash, but not be purged from it.
        let evidence = try await upload("evidence.txt", into: folder.id, admin: admin)
        let hold = try await admin.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
            policyName: "Acme v. Initech \(suffix)", description: "Kept for the lawsuit", isOngoing: true))
        let holdAssignment = try await admin.legalHoldPolicyAssignments.createLegalHoldPolicyAssignment(
            requestBody: CreateLegalHoldPolicyAssignmentRequestBody(
                policyId: hold.id, assignTo: CreateLegalHoldPolicyAssignmentRequestBodyAssignTo(type: .file, id: evidence.id)))
        print("Legal hold '\(hold.policyName ?? "?")' holds \(evidence.name ?? "?")")
        try await admin.files.deleteFileById(fileId: evidence.id)
        refusals.append(try await refusedPurge(of: evidence, admin: admin))
        try await admin.legalHoldPolicyAssignments.deleteLegalHoldPolicyAssignmentById(legalHoldPolicyAssignmentId: holdAssignment.id ?? "")
        try await admin.trashedFiles.deleteTrashedFileById(fileId: evidence.id)
        print("Hold released: \(evidence.name ?? "?") deleted for good")

        // A retention policy on the folder: its files cannot be purged before their disposition date.
        let policy = try await admin.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
            policyName: "Financial records \(suffix)", policyType: .finite, dispositionAction: .removeRetention,
            retentionLength: .value(.number(365)), retentionType: .modifiable))
        let retention = try await admin.retentionPolicyAssignments.createRetentionPolicyAssignment(
            requestBody: CreateRetentionPolicyAssignmentRequestBody(
                policyId: policy.id, assignTo: CreateRetentionPolicyAssignmentRequestBodyAssignTo(type: .folder, id: .value(folder.id))))
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
        return refusals
    }

    private static func upload(_ name: String, into folderId: String, admin: BoxClient) async throws -> FileFull {
        let uploaded = try await admin.uploads.uploadFile(.bytes(Array("\(name) contents".utf8)), name: name, parentFolderId: folderId)
        guard let file = uploaded.entries.first else { throw ComplianceTourError.uploadReturnedNothing(name) }
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

    /// What went wrong.
    public var description: String {
        switch self {
        case .uploadReturnedNothing(let name): "uploading \(name) returned no file"
        case .purgeWasNotRefused(let name): "\(name) was deleted for good although a hold or retention keeps it"
        }
    }
}
