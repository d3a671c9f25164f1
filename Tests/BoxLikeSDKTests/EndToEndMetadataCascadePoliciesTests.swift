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
                fileId: elsewhere.id, requestBody: UpdateFileByIdRequestBody(parent: UpdateFileByIdRequestBodyParent(id: folder.id)))

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
            let laterInstances = try await admin.fileMetadata.getFileMetadata(fileId: later.id).entries
            #expect(laterInstances.isEmpty, "no policy reaches items added after its deletion")
            #expect(try await team(admin, file: file.id) == "legal", "instances already cascaded stay")
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
}
