import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Metadata cascade policies: a folder's instance reaching every item inside, now and later.
@Suite("Metadata cascade policies against the server")
struct EndToEndMetadataCascadePoliciesTests {
    /// A folder holding a file and a sub folder with a file, the folder's `properties`
    /// instance set to `team: legal`.
    func tree(_ client: BoxClient) async throws -> (folder: FolderFull, file: FileFull, subfolder: FolderFull, nested: FileFull) {
        let folder = try await client.makeFolder("cases")
        let file = try await client.makeFile("brief.txt", text: "b", in: folder.id)
        let subfolder = try await client.makeFolder("archive", in: folder.id)
        let nested = try await client.makeFile("old.txt", text: "o", in: subfolder.id)
        _ = try await client.folderMetadata.createFolderMetadataById(
            folderId: folder.id, scope: .global, templateKey: "properties", requestBody: ["team": "legal"])
        return (folder, file, subfolder, nested)
    }

    func cascade(_ client: BoxClient, on folderId: String) async throws -> MetadataCascadePolicy {
        try await client.metadataCascadePolicies.createMetadataCascadePolicy(requestBody: CreateMetadataCascadePolicyRequestBody(
            folderId: folderId, scope: .global, templateKey: "properties"))
    }

    func team(_ client: BoxClient, file fileId: String) async throws -> JSONValue? {
        try await client.fileMetadata.getFileMetadataById(fileId: fileId, scope: .global, templateKey: "properties").additionalProperties["team"]
    }

    @Test func aPolicyCascadesTheFolderInstanceToEverythingInside() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, subfolder, nested) = try await tree(admin)

            let policy = try await cascade(admin, on: folder.id)

            #expect(policy.parent?.id == folder.id)
            #expect(policy.ownerEnterprise?.id == server.seed.enterpriseId)
            #expect(policy.scope == "global")
            #expect(policy.templateKey == "properties")
            #expect(try await team(admin, file: file.id) == "legal")
            #expect(try await team(admin, file: nested.id) == "legal")
            let onSubfolder = try await admin.folderMetadata.getFolderMetadataById(
                folderId: subfolder.id, scope: .global, templateKey: "properties")
            #expect(onSubfolder.additionalProperties["team"] == "legal")
        }
    }

    @Test func anItemAddedAfterThePolicyGetsTheInstance() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, _, subfolder, _) = try await tree(admin)
            _ = try await cascade(admin, on: folder.id)

            let uploaded = try await admin.makeFile("new.txt", text: "n", in: subfolder.id)
            let elsewhere = try await admin.makeFile("moved.txt", text: "m", in: try await admin.makeFolder("inbox").id)
            _ = try await admin.files.updateFileById(
                fileId: elsewhere.id, requestBody: UpdateFileByIdRequestBody(parent: UpdateFileByIdRequestBodyParentField(id: folder.id)))

            #expect(try await team(admin, file: uploaded.id) == "legal")
            #expect(try await team(admin, file: elsewhere.id) == "legal")
        }
    }

    @Test func applyWithNoneKeepsTheValuesItemsHoldAndOverwriteReplacesThem() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, _) = try await tree(admin)
            let policy = try await cascade(admin, on: folder.id)
            _ = try await admin.fileMetadata.updateFileMetadataById(
                fileId: file.id, scope: .global, templateKey: "properties",
                requestBody: [MetadataPatchOperation(op: .replace, path: "/team", value: .string("tax"))])

            try await admin.metadataCascadePolicies.applyMetadataCascadePolicy(
                metadataCascadePolicyId: policy.id, requestBody: ApplyMetadataCascadePolicyRequestBody(conflictResolution: .none))
            #expect(try await team(admin, file: file.id) == "tax")

            try await admin.metadataCascadePolicies.applyMetadataCascadePolicy(
                metadataCascadePolicyId: policy.id, requestBody: ApplyMetadataCascadePolicyRequestBody(conflictResolution: .overwrite))
            #expect(try await team(admin, file: file.id) == "legal")
        }
    }

    @Test func policiesAreListedAndReadAndDeletedLeavingTheInstances() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, _) = try await tree(admin)
            let policy = try await cascade(admin, on: folder.id)

            let listed = try await admin.metadataCascadePolicies.getMetadataCascadePolicies(
                queryParams: GetMetadataCascadePoliciesQueryParams(folderId: folder.id))
            let read = try await admin.metadataCascadePolicies.getMetadataCascadePolicyById(metadataCascadePolicyId: policy.id)
            #expect(listed.entries?.map(\.id) == [policy.id])
            #expect(read.parent?.id == folder.id)

            try await admin.metadataCascadePolicies.deleteMetadataCascadePolicyById(metadataCascadePolicyId: policy.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataCascadePolicies.getMetadataCascadePolicyById(metadataCascadePolicyId: policy.id)
            }
            #expect(error?.status == 404)
            let later = try await admin.makeFile("later.txt", text: "l", in: folder.id)
            let laterInstances = try await admin.fileMetadata.getFileMetadata(fileId: later.id).entries ?? []
            #expect(laterInstances.isEmpty, "no policy reaches items added after its deletion")
            #expect(try await team(admin, file: file.id) == "legal", "instances already cascaded stay")
        }
    }

    @Test func anEditToTheFolderInstanceReachesTheItemsInside() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, nested) = try await tree(admin)
            _ = try await cascade(admin, on: folder.id)

            _ = try await admin.folderMetadata.updateFolderMetadataById(
                folderId: folder.id, scope: .global, templateKey: "properties",
                requestBody: [MetadataPatchOperation(op: .replace, path: "/team", value: .string("finance"))])

            #expect(try await team(admin, file: file.id) == "finance")
            #expect(try await team(admin, file: nested.id) == "finance")
        }
    }

    @Test func anEditToTheFolderInstanceLeavesFieldsItDidNotTouch() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, _) = try await tree(admin)
            _ = try await cascade(admin, on: folder.id)
            _ = try await admin.fileMetadata.updateFileMetadataById(
                fileId: file.id, scope: .global, templateKey: "properties",
                requestBody: [MetadataPatchOperation(op: .add, path: "/reviewer", value: .string("ann"))])

            _ = try await admin.folderMetadata.updateFolderMetadataById(
                folderId: folder.id, scope: .global, templateKey: "properties",
                requestBody: [MetadataPatchOperation(op: .replace, path: "/team", value: .string("finance"))])

            let instance = try await admin.fileMetadata.getFileMetadataById(fileId: file.id, scope: .global, templateKey: "properties")
            #expect(instance.additionalProperties["team"] == "finance")
            #expect(instance.additionalProperties["reviewer"] == "ann")
        }
    }

    @Test func deletingTheFolderInstanceEndsThePolicyAndItemsKeepTheirValues() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, _) = try await tree(admin)
            let policy = try await cascade(admin, on: folder.id)

            try await admin.folderMetadata.deleteFolderMetadataById(folderId: folder.id, scope: .global, templateKey: "properties")

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataCascadePolicies.getMetadataCascadePolicyById(metadataCascadePolicyId: policy.id)
            }
            #expect(error?.status == 404)
            #expect(try await team(admin, file: file.id) == "legal")
            let later = try await admin.makeFile("later.txt", text: "l", in: folder.id)
            #expect(try await admin.fileMetadata.getFileMetadata(fileId: later.id).entries?.isEmpty == true)
        }
    }

    @Test func aSecondPolicyForTheSameTemplateIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, _, _, _) = try await tree(admin)
            _ = try await cascade(admin, on: folder.id)

            let error = await #expect(throws: BoxAPIError.self) { try await cascade(admin, on: folder.id) }

            #expect(error?.status == 409)
        }
    }

    @Test func theRootFolderTakesNoPolicy() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) { try await cascade(admin, on: "0") }

            #expect(error?.status == 400)
        }
    }

    @Test func aViewerCannotSetAPolicy() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let (folder, _, _, _) = try await tree(admin)
            try await admin.collaborate(userId: viewerId, on: folder.id, role: .viewer)

            let error = await #expect(throws: BoxAPIError.self) { try await cascade(viewer, on: folder.id) }

            #expect(error?.status == 403)
        }
    }

    @Test func creatingAndApplyingAPolicyIsInTheAdminLogs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, _, _, _) = try await tree(admin)
            let start = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamType: .adminLogs, streamPosition: "now")).nextStreamPosition?.streamPosition
            let policy = try await cascade(admin, on: folder.id)
            try await admin.metadataCascadePolicies.applyMetadataCascadePolicy(
                metadataCascadePolicyId: policy.id, requestBody: ApplyMetadataCascadePolicyRequestBody(conflictResolution: .overwrite))

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: start, eventType: ["METADATA_CASCADE_POLICY_CREATE", "METADATA_CASCADE_POLICY_APPLY"]))

            #expect(events.entries?.map { $0.eventType?.rawValue } == ["METADATA_CASCADE_POLICY_CREATE", "METADATA_CASCADE_POLICY_APPLY"])
        }
    }

    @Test func anEditReachingAnItemIsAnInstanceUpdateOnThatItem() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (folder, file, _, _) = try await tree(admin)
            _ = try await cascade(admin, on: folder.id)
            let start = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "now")).nextStreamPosition?.streamPosition

            _ = try await admin.folderMetadata.updateFolderMetadataById(
                folderId: folder.id, scope: .global, templateKey: "properties",
                requestBody: [MetadataPatchOperation(op: .replace, path: "/team", value: .string("finance"))])

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: start)).entries ?? []
            let updatedIds = events.filter { $0.eventType?.rawValue == "METADATA_INSTANCE_UPDATE" }.compactMap { event -> String? in
                guard case .file(let source)? = event.source else { return nil }
                return source.id
            }
            #expect(updatedIds.contains(file.id))
        }
    }
}
