import BoxLikeSDK
import Foundation

/// What `sample-admin` and the demo's administration step show: a group with a new member,
/// a metadata template, files tagged with it, and a metadata query over them. Everything it
/// creates is removed at the end.
public enum AdminTour {
    /// Runs the tour as an enterprise admin; returns the names the metadata query found, in
    /// the order it returned them.
    @discardableResult
    public static func run(admin: BoxClient) async throws -> [String] {
        let suffix = String(UUID().uuidString.prefix(6))

        let group = try await admin.groups.createGroup(requestBody: CreateGroupRequestBody(
            name: "Contract reviewers \(suffix)", description: "Reviews the contracts"))
        let reviewer = try await admin.users.createUser(requestBody: CreateUserRequestBody(
            name: "Rita Reviewer", login: "rita-\(suffix.lowercased())@example.com"))
        _ = try await admin.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
            user: CreateGroupMembershipRequestBodyUserField(id: reviewer.id), group: CreateGroupMembershipRequestBodyGroupField(id: group.id),
            role: .admin))
        let members = try await admin.memberships.getGroupMemberships(groupId: group.id).entries ?? []
        print("Group '\(group.name ?? "?")' has \(members.count) member(s): "
            + members.map { "\($0.user?.name ?? "?") (\($0.role?.rawValue ?? "?"))" }.joined(separator: ", "))

        let templateKey = "contract\(suffix)"
        let template = try await admin.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
            scope: "enterprise", displayName: "Contract \(suffix)", templateKey: templateKey,
            fields: [
                MetadataTemplateFieldRequest(type: .float, key: "amount", displayName: "Amount"),
                MetadataTemplateFieldRequest(type: .enum, key: "region", displayName: "Region",
                                             options: [.init(key: "EMEA"), .init(key: "AMER")]),
            ]))
        print("Metadata template \(template.scope ?? "?").\(template.templateKey ?? "?") with fields "
            + (template.fields ?? []).map(\.key).joined(separator: ", "))

        let folder = try await admin.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "Contracts \(suffix)", parent: CreateFolderRequestBodyParentField(id: "0")))
        for (name, amount, region) in [("acme.pdf", 120_000.0, "EMEA"), ("globex.pdf", 45_000.0, "EMEA"), ("initech.pdf", 300_000.0, "AMER")] {
            let uploaded = try await admin.uploads.uploadFile(.bytes(Array("contract \(name)".utf8)), name: name, parentFolderId: folder.id)
            guard let file = uploaded.entries?.first else { continue }
            _ = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .enterprise, templateKey: templateKey,
                requestBody: ["amount": .number(amount), "region": .string(region)])
        }

        var found: [String] = []
        let query = MetadataQuery(
            from: "\(template.scope ?? "enterprise").\(templateKey)", ancestorFolderId: folder.id,
            query: "amount >= :minimum AND region = :region",
            queryParams: ["minimum": .integer(100_000), "region": .string("EMEA")],
            orderBy: [MetadataQueryOrderByField(fieldKey: "amount", direction: .desc)], limit: 10)
        for try await item in admin.search.searchByMetadataQuerySequence(requestBody: query) {
            if case .fileFull(let file) = item { found.append(file.name ?? "?") }
        }
        print("EMEA contracts of at least 100,000: " + found.joined(separator: ", "))

        try await admin.folders.deleteFolderById(folderId: folder.id, queryParams: DeleteFolderByIdQueryParams(recursive: true))
        try await admin.metadataTemplates.deleteMetadataTemplate(scope: .enterprise, templateKey: templateKey)
        try await admin.groups.deleteGroupById(groupId: group.id)
        try await admin.users.deleteUserById(userId: reviewer.id, queryParams: DeleteUserByIdQueryParams(force: true))
        print("Cleaned up the group, the user, the template and the folder.")
        return found
    }
}
