import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.classifications`, `client.fileClassifications` and `client.folderClassifications`,
/// as Box's documentation uses them.
@Suite("Drop-in: classifications")
struct ClassificationsTests {
    /// The enterprise's classification template, made with no classifications when there is none yet.
    private func classificationTemplateOfEnterprise(_ client: BoxClient) async throws -> ClassificationTemplate {
        do {
            return try await client.classifications.getClassificationTemplate()
        } catch {
            return try await client.classifications.createClassificationTemplate(
                requestBody: CreateClassificationTemplateRequestBody(fields: [CreateClassificationTemplateRequestBodyFieldsField(options: [])]))
        }
    }

    /// Adds a classification named `key` to the enterprise's template.
    private func addClassification(_ client: BoxClient, key: String, colorId: Int64) async throws -> ClassificationTemplate {
        try await client.classifications.addClassification(requestBody: [AddClassificationRequestBody(
            data: AddClassificationRequestBodyDataField(
                key: key,
                staticConfig: AddClassificationRequestBodyDataStaticConfigField(
                    classification: AddClassificationRequestBodyDataStaticConfigClassificationField(
                        classificationDefinition: "\(key) description", colorId: colorId))))])
    }

    @Test func theTemplateIsMadeAndAClassificationAddedAndRenamed() async throws {
        try await withLocalBox { box in
            let client = box.client
            await #expect(throws: BoxAPIError.self) { try await client.classifications.getClassificationTemplate() }

            let template = try await classificationTemplateOfEnterprise(client)
            #expect(template.fields[0].options.isEmpty)
            #expect(template.scope == "enterprise_\(box.seed.enterpriseId)")

            let withClassification = try await addClassification(client, key: "Internal", colorId: Int64(3))
            #expect(withClassification.fields[0].options.map(\.key) == ["Internal"])

            let updatedTemplate = try await client.classifications.updateClassification(requestBody: [UpdateClassificationRequestBody(
                enumOptionKey: "Internal",
                data: UpdateClassificationRequestBodyDataField(
                    key: "Internal only",
                    staticConfig: UpdateClassificationRequestBodyDataStaticConfigField(
                        classification: UpdateClassificationRequestBodyDataStaticConfigClassificationField(
                            classificationDefinition: "Staff only", colorId: Int64(2)))))])
            #expect(updatedTemplate.fields[0].options.map(\.key) == ["Internal only"])
            let read = try await client.classifications.getClassificationTemplate()
            #expect(read.fields[0].options[0].staticConfig?.classification?.classificationDefinition == "Staff only")
        }
    }

    @Test func aFileIsClassifiedReclassifiedAndDeclassified() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await classificationTemplateOfEnterprise(client)
            _ = try await addClassification(client, key: "Public", colorId: Int64(4))
            let classificationTemplate = try await addClassification(client, key: "Sensitive", colorId: Int64(1))
            let classification = classificationTemplate.fields[0].options[0]
            let secondClassification = classificationTemplate.fields[0].options[1]
            let file = try await uploadText(client, name: "plan.txt")
            await #expect(throws: BoxAPIError.self) { try await client.fileClassifications.getClassificationOnFile(fileId: file.id) }

            let createdFileClassification = try await client.fileClassifications.addClassificationToFile(
                fileId: file.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: classification.key))
            #expect(createdFileClassification.boxSecurityClassificationKey == classification.key)
            let fileClassification = try await client.fileClassifications.getClassificationOnFile(fileId: file.id)
            #expect(fileClassification.boxSecurityClassificationKey == classification.key)

            let updatedFileClassification = try await client.fileClassifications.updateClassificationOnFile(
                fileId: file.id, requestBody: [UpdateClassificationOnFileRequestBody(value: secondClassification.key)])
            #expect(updatedFileClassification.boxSecurityClassificationKey == secondClassification.key)

            try await client.fileClassifications.deleteClassificationFromFile(fileId: file.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.fileClassifications.getClassificationOnFile(fileId: file.id) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aFolderIsClassifiedReclassifiedAndDeclassified() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await classificationTemplateOfEnterprise(client)
            _ = try await addClassification(client, key: "Public", colorId: Int64(4))
            let classificationTemplate = try await addClassification(client, key: "Sensitive", colorId: Int64(1))
            let classification = classificationTemplate.fields[0].options[0]
            let secondClassification = classificationTemplate.fields[0].options[1]
            let folder = try await createFolder(client, name: "Plans")
            await #expect(throws: BoxAPIError.self) { try await client.folderClassifications.getClassificationOnFolder(folderId: folder.id) }

            let createdFolderClassification = try await client.folderClassifications.addClassificationToFolder(
                folderId: folder.id, requestBody: AddClassificationToFolderRequestBody(boxSecurityClassificationKey: classification.key))
            #expect(createdFolderClassification.boxSecurityClassificationKey == classification.key)
            let folderClassification = try await client.folderClassifications.getClassificationOnFolder(folderId: folder.id)
            #expect(folderClassification.boxSecurityClassificationKey == classification.key)

            let updatedFolderClassification = try await client.folderClassifications.updateClassificationOnFolder(
                folderId: folder.id, requestBody: [UpdateClassificationOnFolderRequestBody(value: secondClassification.key)])
            #expect(updatedFolderClassification.boxSecurityClassificationKey == secondClassification.key)

            try await client.folderClassifications.deleteClassificationFromFolder(folderId: folder.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folderClassifications.getClassificationOnFolder(folderId: folder.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
