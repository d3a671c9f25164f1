import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.metadataTemplates` and `client.folderMetadata`, as Box's documentation uses them.
@Suite("Drop-in: metadata templates and folder metadata")
struct MetadataTemplatesTests {
    private static func createContractTemplate(_ client: BoxClient, key: String) async throws -> MetadataTemplate {
        try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
            scope: "enterprise", displayName: "Contract", templateKey: key,
            fields: [
                CreateMetadataTemplateRequestBodyFieldsField(type: .string, key: "party", displayName: "Party"),
                CreateMetadataTemplateRequestBodyFieldsField(type: .float, key: "amount", displayName: "Amount"),
            ]))
    }

    @Test func aTemplateIsCreatedReadListedUpdatedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client

            let template = try await Self.createContractTemplate(client, key: "contract")
            #expect(template.templateKey == "contract")
            #expect(template.fields?.map(\.key) == ["party", "amount"])

            let byKey = try await client.metadataTemplates.getMetadataTemplate(scope: .enterprise, templateKey: "contract")
            #expect(byKey.id == template.id)
            let byId = try await client.metadataTemplates.getMetadataTemplateById(templateId: template.id)
            #expect(byId.displayName == "Contract")

            let enterprise = try await client.metadataTemplates.getEnterpriseMetadataTemplates()
            #expect(enterprise.entries?.map(\.id) == [template.id])
            let global = try await client.metadataTemplates.getGlobalMetadataTemplates(
                queryParams: GetGlobalMetadataTemplatesQueryParams(limit: 10))
            #expect(global.entries?.map(\.templateKey).contains("properties") == true)

            let updated = try await client.metadataTemplates.updateMetadataTemplate(
                scope: .enterprise, templateKey: "contract",
                requestBody: [
                    UpdateMetadataTemplateRequestBody(op: .editTemplate, data: ["displayName": "Agreement"]),
                    UpdateMetadataTemplateRequestBody(
                        op: .addField, data: ["type": "string", "displayName": "Signed by"], fieldKey: "signedBy"),
                ])
            #expect(updated.displayName == "Agreement")
            #expect(updated.fields?.map(\.key) == ["party", "amount", "signedBy"])

            try await client.metadataTemplates.deleteMetadataTemplate(scope: .enterprise, templateKey: "contract")
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.metadataTemplates.getMetadataTemplateById(templateId: template.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func anInstanceNamesItsTemplate() async throws {
        try await withLocalBox { box in
            let client = box.client
            let template = try await Self.createContractTemplate(client, key: "lease")
            let folder = try await createFolder(client, name: "Leases")

            let instance = try await client.folderMetadata.createFolderMetadataById(
                folderId: folder.id, scope: .enterprise, templateKey: "lease", requestBody: ["party": "Acme", "amount": 1200])

            let templates = try await client.metadataTemplates.getMetadataTemplatesByInstanceId(
                queryParams: GetMetadataTemplatesByInstanceIdQueryParams(metadataInstanceId: try #require(instance.id)))
            #expect(templates.entries?.map(\.id) == [template.id])
        }
    }

    @Test func folderMetadataIsAddedReadPatchedListedAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Tagged")

            let created = try await client.folderMetadata.createFolderMetadataById(
                folderId: folder.id, scope: .global, templateKey: "properties", requestBody: ["team": "storage"])
            #expect(created.template == "properties")

            let patched = try await client.folderMetadata.updateFolderMetadataById(
                folderId: folder.id, scope: .global, templateKey: "properties",
                requestBody: [UpdateFolderMetadataByIdRequestBody(op: .replace, path: "/team", value: .string("platform"))])
            #expect(patched.template == "properties")

            let read = try await client.folderMetadata.getFolderMetadataById(
                folderId: folder.id, scope: .global, templateKey: "properties")
            #expect(read.id == created.id)

            let all = try await client.folderMetadata.getFolderMetadata(folderId: folder.id)
            #expect(all.entries?.count == 1)

            try await client.folderMetadata.deleteFolderMetadataById(folderId: folder.id, scope: .global, templateKey: "properties")
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folderMetadata.getFolderMetadataById(folderId: folder.id, scope: .global, templateKey: "properties")
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func anEnumFieldGainsAnOptionAndAnInstanceHoldsItsValues() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: "Office", templateKey: "office",
                fields: [
                    CreateMetadataTemplateRequestBodyFieldsField(type: CreateMetadataTemplateRequestBodyFieldsTypeField.string, key: "name", displayName: "Name"),
                    CreateMetadataTemplateRequestBodyFieldsField(
                        type: CreateMetadataTemplateRequestBodyFieldsTypeField.enum_, key: "region", displayName: "Region",
                        options: [CreateMetadataTemplateRequestBodyFieldsOptionsField(key: "EMEA"),
                                  CreateMetadataTemplateRequestBodyFieldsOptionsField(key: "AMER")]),
                ]))

            let updated = try await client.metadataTemplates.updateMetadataTemplate(
                scope: UpdateMetadataTemplateScope.enterprise, templateKey: "office",
                requestBody: [UpdateMetadataTemplateRequestBody(
                    op: UpdateMetadataTemplateRequestBodyOpField.addEnumOption, data: ["key": "APAC"], fieldKey: "region")])
            #expect(updated.fields?.last?.options?.map(\.key) == ["EMEA", "AMER", "APAC"])

            let folder = try await createFolder(client, name: "Offices")
            let created = try await client.folderMetadata.createFolderMetadataById(
                folderId: folder.id, scope: CreateFolderMetadataByIdScope.enterprise, templateKey: "office",
                requestBody: ["name": "Singapore", "region": "APAC"])
            #expect(created.extraData?["name"] == "Singapore")
            #expect(created.extraData?["region"] == "APAC")
        }
    }

    @Test func aGlobalPropertyIsReplacedAndReadBack() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Tagged")
            _ = try await client.folderMetadata.createFolderMetadataById(
                folderId: folder.id, scope: CreateFolderMetadataByIdScope.global, templateKey: "properties", requestBody: ["team": "storage"])

            _ = try await client.folderMetadata.updateFolderMetadataById(
                folderId: folder.id, scope: UpdateFolderMetadataByIdScope.global, templateKey: "properties",
                requestBody: [UpdateFolderMetadataByIdRequestBody(
                    op: UpdateFolderMetadataByIdRequestBodyOpField.replace, path: "/team", value: .string("platform"))])

            let read = try await client.folderMetadata.getFolderMetadataById(
                folderId: folder.id, scope: GetFolderMetadataByIdScope.global, templateKey: "properties")
            #expect(read.extraData?["team"] == "platform")
        }
    }
}
