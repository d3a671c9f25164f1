import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Classifications: the enterprise's `securityClassification-6VMVochwUWo` metadata template and
/// its instances on files and folders, which the metadata endpoints and queries see too.
@Suite("Classifications against the server")
struct EndToEndClassificationsTests {
    static let templateKey = "securityClassification-6VMVochwUWo"
    static let field = "Box__Security__Classification__Key"

    /// Sets the enterprise's classifications up with `Public` and `Sensitive`.
    static func makeClassifications(_ client: BoxClient) async throws -> ClassificationTemplate {
        try await client.classifications.createClassificationTemplate(requestBody: CreateClassificationTemplateRequestBody(
            fields: [CreateClassificationTemplateRequestBodyFieldsField(
                options: [
                    .init(key: "Public", staticConfig: .init(classification: .init(classificationDefinition: "Anyone may see it", colorId: 4))),
                    .init(key: "Sensitive", staticConfig: .init(classification: .init(classificationDefinition: "Staff only", colorId: 1))),
                ])]))
    }

    static func options(_ template: ClassificationTemplate) -> [String] {
        template.fields.first?.options.map(\.key) ?? []
    }

    @Test func theClassificationTemplateIsCreatedWithItsDefinitionsAndReadBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let created = try await Self.makeClassifications(admin)
            let read = try await admin.classifications.getClassificationTemplate()

            #expect(created.scope == "enterprise_\(server.seed.enterpriseId)")
            #expect(read.id == created.id)
            #expect(Self.options(read) == ["Public", "Sensitive"])
            #expect(read.fields.first?.options.last?.staticConfig?.classification?.classificationDefinition == "Staff only")
            #expect(read.fields.first?.options.last?.staticConfig?.classification?.colorId == 1)
        }
    }

    @Test func aClassificationIsAddedToTheTemplate() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)

            let updated = try await admin.classifications.addClassification(requestBody: [AddClassificationRequestBody(
                data: .init(key: "Secret", staticConfig: .init(classification: .init(classificationDefinition: "Board only", colorId: 0))))])

            #expect(Self.options(updated) == ["Public", "Sensitive", "Secret"])
            let stored = try await admin.classifications.getClassificationTemplate()
            #expect(stored.fields.first?.options.last?.staticConfig?.classification?.classificationDefinition == "Board only")
        }
    }

    @Test func renamingAClassificationRenamesItOnTheClassifiedFiles() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)
            let file = try await admin.makeFile("plan.txt", text: "plan", in: try await admin.makeFolder().id)
            _ = try await admin.fileClassifications.addClassificationToFile(
                fileId: file.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Sensitive"))

            let updated = try await admin.classifications.updateClassification(requestBody: [UpdateClassificationRequestBody(
                enumOptionKey: "Sensitive",
                data: .init(key: "Confidential", staticConfig: .init(classification: .init(classificationDefinition: "Need to know", colorId: 2))))])

            #expect(Self.options(updated) == ["Public", "Confidential"])
            #expect(updated.fields.first?.options.last?.staticConfig?.classification?.classificationDefinition == "Need to know")
            let onFile = try await admin.fileClassifications.getClassificationOnFile(fileId: file.id)
            #expect(onFile.boxSecurityClassificationKey == "Confidential")
        }
    }

    @Test func onlyAnAdminSetsClassificationsUp() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) { try await Self.makeClassifications(user) }

            #expect(error?.status == 403)
        }
    }

    @Test func aFileIsClassifiedReclassifiedAndDeclassified() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)
            let file = try await admin.makeFile("plan.txt", text: "plan", in: try await admin.makeFolder().id)

            let added = try await admin.fileClassifications.addClassificationToFile(
                fileId: file.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Sensitive"))
            let changed = try await admin.fileClassifications.updateClassificationOnFile(fileId: file.id, requestBody: [
                UpdateClassificationOnFileRequestBody(value: "Public"),
            ])
            let read = try await admin.fileClassifications.getClassificationOnFile(fileId: file.id)

            #expect(added.boxSecurityClassificationKey == "Sensitive")
            #expect(added.template?.rawValue == Self.templateKey)
            #expect(changed.boxSecurityClassificationKey == "Public")
            #expect(read.boxSecurityClassificationKey == "Public")
            #expect(read.version == 1)

            try await admin.fileClassifications.deleteClassificationFromFile(fileId: file.id)

            let error = await #expect(throws: BoxAPIError.self) { try await admin.fileClassifications.getClassificationOnFile(fileId: file.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func aFileAndAFolderShowTheirClassificationWhenAskedFor() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)
            let folder = try await admin.makeFolder("classified")
            let file = try await admin.makeFile("plan.txt", text: "plan", in: folder.id)
            _ = try await admin.fileClassifications.addClassificationToFile(
                fileId: file.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Sensitive"))

            let classifiedFile = try await admin.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["classification"]))
            let unclassifiedFolder = try await admin.folders.getFolderById(
                folderId: folder.id, queryParams: GetFolderByIdQueryParams(fields: ["classification"]))
            let standard = try await admin.files.getFileById(fileId: file.id)

            #expect(classifiedFile.classification?.name == "Sensitive")
            #expect(classifiedFile.classification?.definition == "Staff only")
            #expect(classifiedFile.classification?.color?.hasPrefix("#") == true)
            #expect(unclassifiedFolder.classification == nil)
            #expect(standard.classification == nil)
        }
    }

    @Test func aFileGivesAnExpiringEmbedLinkWhenAskedFor() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let file = try await admin.files.getFileById(
                fileId: server.seed.adminUser.fileId, queryParams: GetFileByIdQueryParams(fields: ["expiring_embed_link"]))

            let link = try #require(file.expiringEmbedLink)
            #expect(link.url?.contains("/preview/expiring_embed/") == true)
            #expect(link.restrictedTo?.first?.scope?.rawValue == "item_preview")
            #expect(link.expiresIn == 60)
        }
    }

    @Test func aFolderIsClassifiedReclassifiedAndDeclassified() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)
            let folder = try await admin.makeFolder("board")

            _ = try await admin.folderClassifications.addClassificationToFolder(
                folderId: folder.id, requestBody: AddClassificationToFolderRequestBody(boxSecurityClassificationKey: "Public"))
            let changed = try await admin.folderClassifications.updateClassificationOnFolder(folderId: folder.id, requestBody: [
                UpdateClassificationOnFolderRequestBody(value: "Sensitive"),
            ])
            let read = try await admin.folderClassifications.getClassificationOnFolder(folderId: folder.id)

            #expect(changed.boxSecurityClassificationKey == "Sensitive")
            #expect(read.boxSecurityClassificationKey == "Sensitive")

            try await admin.folderClassifications.deleteClassificationFromFolder(folderId: folder.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.folderClassifications.getClassificationOnFolder(folderId: folder.id)
            }
            #expect(error?.status == 404)
        }
    }

    @Test func aClassificationThatIsNotDefinedIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)
            let file = try await admin.makeFile("plan.txt", text: "plan", in: try await admin.makeFolder().id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.fileClassifications.addClassificationToFile(
                    fileId: file.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Top Secret"))
            }

            #expect(error?.status == 400)
            #expect(error?.code == "schema_validation_failed")
        }
    }

    @Test func aFileIsClassifiedOnlyOnce() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)
            let file = try await admin.makeFile("plan.txt", text: "plan", in: try await admin.makeFolder().id)
            let body = AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Public")
            _ = try await admin.fileClassifications.addClassificationToFile(fileId: file.id, requestBody: body)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.fileClassifications.addClassificationToFile(fileId: file.id, requestBody: body)
            }

            #expect(error?.status == 409)
        }
    }

    @Test func aClassificationIsAMetadataInstanceTheMetadataEndpointsAndQueriesSee() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)
            let folder = try await admin.makeFolder("classified")
            let secret = try await admin.makeFile("secret.txt", text: "s", in: folder.id)
            let open = try await admin.makeFile("open.txt", text: "o", in: folder.id)
            _ = try await admin.fileClassifications.addClassificationToFile(
                fileId: secret.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Sensitive"))
            _ = try await admin.fileClassifications.addClassificationToFile(
                fileId: open.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Public"))

            let instance = try await admin.fileMetadata.getFileMetadataById(fileId: secret.id, scope: .enterprise, templateKey: Self.templateKey)
            let results = try await admin.search.searchByMetadataQuery(requestBody: MetadataQuery(
                from: "enterprise_\(server.seed.enterpriseId).\(Self.templateKey)", ancestorFolderId: folder.id,
                query: "\(Self.field) = :level", queryParams: ["level": "Sensitive"]))

            #expect(instance.additionalProperties[Self.field] == "Sensitive")
            #expect(results.entries?.map(\.name) == ["secret.txt"])
        }
    }

    @Test func theTemplateOfAnInstanceIsFoundByTheInstanceId() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await Self.makeClassifications(admin)
            let file = try await admin.makeFile("plan.txt", text: "plan", in: try await admin.makeFolder().id)
            _ = try await admin.fileClassifications.addClassificationToFile(
                fileId: file.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Public"))
            let instance = try await admin.fileMetadata.getFileMetadataById(fileId: file.id, scope: .enterprise, templateKey: Self.templateKey)

            let templates = try await admin.metadataTemplates.getMetadataTemplatesByInstanceId(
                queryParams: GetMetadataTemplatesByInstanceIdQueryParams(metadataInstanceId: try #require(instance.id)))

            #expect(templates.entries?.map(\.id) == [template.id])
        }
    }

    @Test func anInstanceOnAnItemTheCallerCannotSeeFindsNoTemplate() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (outsider, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            _ = try await Self.makeClassifications(admin)
            let file = try await admin.makeFile("plan.txt", text: "plan", in: try await admin.makeFolder().id)
            _ = try await admin.fileClassifications.addClassificationToFile(
                fileId: file.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Public"))
            let instance = try await admin.fileMetadata.getFileMetadataById(fileId: file.id, scope: .enterprise, templateKey: Self.templateKey)

            let templates = try await outsider.metadataTemplates.getMetadataTemplatesByInstanceId(
                queryParams: GetMetadataTemplatesByInstanceIdQueryParams(metadataInstanceId: try #require(instance.id)))

            #expect(templates.entries?.isEmpty == true)
        }
    }

    @Test func definingAndChangingClassificationsIsInTheAdminLogs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let start = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamType: .adminLogs, streamPosition: "now")).nextStreamPosition?.streamPosition
            _ = try await Self.makeClassifications(admin)
            _ = try await admin.classifications.addClassification(requestBody: [AddClassificationRequestBody(
                data: .init(key: "Secret", staticConfig: .init(classification: .init(classificationDefinition: "Board only", colorId: 0))))])

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: .adminLogs, streamPosition: start, eventType: ["METADATA_TEMPLATE_CREATE", "METADATA_TEMPLATE_UPDATE"]))

            #expect(events.entries?.map { $0.eventType?.rawValue } == ["METADATA_TEMPLATE_CREATE", "METADATA_TEMPLATE_UPDATE"])
        }
    }

    @Test func classifyingAFileIsAnInstanceEventOnTheFile() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await Self.makeClassifications(admin)
            let file = try await admin.makeFile("plan.txt", text: "plan", in: try await admin.makeFolder().id)
            let start = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "now")).nextStreamPosition?.streamPosition

            _ = try await admin.fileClassifications.addClassificationToFile(
                fileId: file.id, requestBody: AddClassificationToFileRequestBody(boxSecurityClassificationKey: "Sensitive"))
            try await admin.fileClassifications.deleteClassificationFromFile(fileId: file.id)

            let events = try await admin.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: start)).entries ?? []
            #expect(events.map { $0.eventType?.rawValue } == ["METADATA_INSTANCE_CREATE", "METADATA_INSTANCE_DELETE"])
        }
    }
}
