import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.metadataCascadePolicies`, as Box's documentation uses it.
@Suite("Drop-in: metadata cascade policies")
struct MetadataCascadePoliciesTests {
    @Test func aFolderInstanceCascadesToTheFilesInsideUntilThePolicyIsDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: "Case", templateKey: "case",
                fields: [CreateMetadataTemplateRequestBodyFieldsField(type: .string, key: "matter", displayName: "Matter")]))
            let folder = try await createFolder(client, name: "Cases")
            let file = try await uploadText(client, name: "brief.txt", text: "the brief", parentId: folder.id)

            let policy = try await client.metadataCascadePolicies.createMetadataCascadePolicy(
                requestBody: CreateMetadataCascadePolicyRequestBody(folderId: folder.id, scope: .enterprise, templateKey: "case"))
            #expect(policy.parent?.id == folder.id)
            #expect(policy.ownerEnterprise?.id == box.seed.enterpriseId)
            #expect(policy.scope == "enterprise_\(box.seed.enterpriseId)")
            #expect(policy.templateKey == "case")

            let read = try await client.metadataCascadePolicies.getMetadataCascadePolicyById(metadataCascadePolicyId: policy.id)
            #expect(read.id == policy.id)
            let policies = try await client.metadataCascadePolicies.getMetadataCascadePolicies(
                queryParams: GetMetadataCascadePoliciesQueryParams(folderId: folder.id))
            #expect(policies.entries?.map(\.id) == [policy.id])

            let withoutInstance = await #expect(throws: BoxAPIError.self) {
                try await client.metadataCascadePolicies.applyMetadataCascadePolicy(
                    metadataCascadePolicyId: policy.id, requestBody: ApplyMetadataCascadePolicyRequestBody(conflictResolution: .overwrite))
            }
            #expect(withoutInstance?.responseInfo.statusCode == 404)

            _ = try await client.folderMetadata.createFolderMetadataById(
                folderId: folder.id, scope: .enterprise, templateKey: "case", requestBody: ["matter": "Acme"])
            try await client.metadataCascadePolicies.applyMetadataCascadePolicy(
                metadataCascadePolicyId: policy.id, requestBody: ApplyMetadataCascadePolicyRequestBody(conflictResolution: .overwrite))
            let onFile = try await client.fileMetadata.getFileMetadataById(fileId: file.id, scope: .enterprise, templateKey: "case")
            #expect(onFile.template == "case")

            try await client.metadataCascadePolicies.deleteMetadataCascadePolicyById(metadataCascadePolicyId: policy.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.metadataCascadePolicies.getMetadataCascadePolicyById(metadataCascadePolicyId: policy.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
