import BoxLikeJSON
import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Metadata templates, instances on files and folders, and metadata queries.
@Suite("Metadata against the server")
struct EndToEndMetadataTests {
    /// An enterprise template `contract<suffix>` with a float `amount`, an enum `region`
    /// and a date `signed`.
    func makeTemplate(_ client: BoxClient) async throws -> MetadataTemplate {
        let suffix = String(UUID().uuidString.prefix(6))
        return try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
            scope: "enterprise", displayName: "Contract \(suffix)", templateKey: "contract\(suffix)",
            fields: [
                MetadataTemplateFieldRequest(type: .float, key: "amount", displayName: "Amount"),
                MetadataTemplateFieldRequest(type: .enum, key: "region", displayName: "Region", options: [.init(key: "EMEA"), .init(key: "AMER")]),
                MetadataTemplateFieldRequest(type: .date, key: "signed", displayName: "Signed"),
            ]))
    }

    func key(_ template: MetadataTemplate) -> String { template.templateKey ?? "" }

    /// The query's `from`: `<scope>.<templateKey>`.
    func from(_ template: MetadataTemplate) -> String { "\(template.scope ?? "").\(key(template))" }

    @Test func aTemplateIsCreatedAndReadByKeyAndById() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let template = try await makeTemplate(admin)

            #expect(template.scope == "enterprise_\(server.seed.enterpriseId)")
            #expect(template.fields?.map(\.key) == ["amount", "region", "signed"])
            #expect(template.fields?[1].options?.map(\.key) == ["EMEA", "AMER"])
            let byKey = try await admin.metadataTemplates.getMetadataTemplate(scope: .enterprise, templateKey: key(template))
            let byId = try await admin.metadataTemplates.getMetadataTemplateById(templateId: template.id)
            #expect(byKey.id == template.id)
            #expect(byId.templateKey == template.templateKey)
        }
    }

    @Test func enterpriseAndGlobalTemplatesAreListedApart() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)

            let enterprise = try await admin.metadataTemplates.getEnterpriseMetadataTemplatesSequence().collect()
            let global = try await admin.metadataTemplates.getGlobalMetadataTemplates().entries ?? []

            #expect(enterprise.map(\.id) == [template.id])
            #expect(global.map(\.templateKey) == ["properties"])
        }
    }

    @Test func onlyAnAdminCreatesTemplates() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) { try await self.makeTemplate(user) }

            #expect(error?.status == 403)
        }
    }

    @Test func operationsEditTheTemplateAndARemovedFieldLeavesTheInstances() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)
            let folder = try await admin.makeFolder()
            _ = try await admin.folderMetadata.createFolderMetadataById(
                folderId: folder.id, scope: .enterprise, templateKey: key(template), requestBody: ["amount": 5, "region": "EMEA"])

            let updated = try await admin.metadataTemplates.updateMetadataTemplate(
                scope: .enterprise, templateKey: key(template), requestBody: [
                    MetadataTemplateOperation(op: .editTemplate, data: ["displayName": "Agreements"]),
                    MetadataTemplateOperation(op: .addEnumOption, data: ["key": "APAC"], fieldKey: "region"),
                    MetadataTemplateOperation(op: .removeField, fieldKey: "amount"),
                ])

            #expect(updated.displayName == "Agreements")
            #expect(updated.fields?.map(\.key) == ["region", "signed"])
            #expect(updated.fields?.first?.options?.map(\.key) == ["EMEA", "AMER", "APAC"])
            let instance = try await admin.folderMetadata.getFolderMetadataById(folderId: folder.id, scope: .enterprise, templateKey: key(template))
            #expect(instance.additionalProperties["amount"] == nil)
            #expect(instance.additionalProperties["region"] == "EMEA")
        }
    }

    @Test func enumOptionsAreReordered() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)

            let updated = try await admin.metadataTemplates.updateMetadataTemplate(
                scope: .enterprise, templateKey: key(template), requestBody: [
                    MetadataTemplateOperation(op: .reorderEnumOptions, fieldKey: "region", enumOptionKeys: ["AMER", "EMEA"]),
                ])

            #expect(updated.fields?.first { $0.key == "region" }?.options?.map(\.key) == ["AMER", "EMEA"])
        }
    }

    @Test func multiSelectOptionsAreAddedRenamedReorderedAndRemoved() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (template, folder) = try await taggedFiles(admin)
            let templateKey = template.templateKey ?? ""

            let updated = try await admin.metadataTemplates.updateMetadataTemplate(
                scope: .enterprise, templateKey: templateKey, requestBody: [
                    MetadataTemplateOperation(op: .addMultiSelectOption, data: ["key": "final"], fieldKey: "labels"),
                    MetadataTemplateOperation(op: .editMultiSelectOption, data: ["key": "law"], fieldKey: "labels", multiSelectOptionKey: "legal"),
                    MetadataTemplateOperation(op: .removeMultiSelectOption, fieldKey: "labels", multiSelectOptionKey: "draft"),
                    MetadataTemplateOperation(op: .reorderMultiSelectOptions, fieldKey: "labels", multiSelectOptionKeys: ["final", "law", "urgent"]),
                ])

            #expect(updated.fields?.first?.options?.map(\.key) == ["final", "law", "urgent"])
            // Instances holding the renamed option hold its new name.
            let renamed = try await admin.search.searchByMetadataQuery(requestBody: MetadataQuery(
                from: from(template), ancestorFolderId: folder.id, query: "labels HASANY (:law)", queryParams: ["law": "law"]))
            #expect(Set(names(renamed.entries ?? [])) == ["both.txt", "legal.txt"])
        }
    }

    @Test func aMultiSelectOperationOnAnEnumFieldIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTemplates.updateMetadataTemplate(scope: .enterprise, templateKey: key(template), requestBody: [
                    MetadataTemplateOperation(op: .addMultiSelectOption, data: ["key": "APAC"], fieldKey: "region"),
                ])
            }
            #expect(error?.status == 400)
        }
    }

    @Test func aFailingOperationChangesNothing() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTemplates.updateMetadataTemplate(scope: .enterprise, templateKey: self.key(template), requestBody: [
                    MetadataTemplateOperation(op: .editTemplate, data: ["displayName": "Renamed"]),
                    MetadataTemplateOperation(op: .removeField, fieldKey: "no-such-field"),
                ])
            }

            #expect(error?.status == 400)
            #expect(try await admin.metadataTemplates.getMetadataTemplateById(templateId: template.id).displayName == template.displayName)
        }
    }

    @Test func deletingATemplateRemovesItsInstances() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)
            let file = try await admin.makeFile("a.txt", text: "a", in: try await admin.makeFolder().id)
            _ = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .enterprise, templateKey: key(template), requestBody: ["amount": 1])

            try await admin.metadataTemplates.deleteMetadataTemplate(scope: .enterprise, templateKey: key(template))

            let error = await #expect(throws: BoxAPIError.self) { try await admin.metadataTemplates.getMetadataTemplateById(templateId: template.id) }
            #expect(error?.status == 404)
            #expect(try await admin.fileMetadata.getFileMetadata(fileId: file.id).entries?.isEmpty == true)
        }
    }

    @Test func anInstanceHoldsOnlyTheTemplatesFieldsWithTheirTypes() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)
            let file = try await admin.makeFile("a.txt", text: "a", in: try await admin.makeFolder().id)

            let unknownField = await #expect(throws: BoxAPIError.self) {
                try await admin.fileMetadata.createFileMetadataById(
                    fileId: file.id, scope: .enterprise, templateKey: self.key(template), requestBody: ["colour": "red"])
            }
            let wrongOption = await #expect(throws: BoxAPIError.self) {
                try await admin.fileMetadata.createFileMetadataById(
                    fileId: file.id, scope: .enterprise, templateKey: self.key(template), requestBody: ["region": "Mars"])
            }
            let created = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .enterprise, templateKey: key(template),
                requestBody: ["amount": 12.5, "region": "AMER", "signed": "2026-01-02T03:04:05Z"])

            #expect(unknownField?.status == 400)
            #expect(wrongOption?.status == 400)
            #expect(created.additionalProperties["amount"] == .number(12.5))
        }
    }

    @Test func folderInstancesArePatchedListedAndRemoved() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()
            _ = try await admin.folderMetadata.createFolderMetadataById(
                folderId: folder.id, scope: .global, templateKey: "properties", requestBody: ["team": "storage"])

            let patched = try await admin.folderMetadata.updateFolderMetadataById(
                folderId: folder.id, scope: .global, templateKey: "properties",
                requestBody: [MetadataPatchOperation(op: .replace, path: "/team", value: .string("platform"))])
            #expect(patched.additionalProperties["team"] == "platform")
            #expect(try await admin.folderMetadata.getFolderMetadata(folderId: folder.id).entries?.count == 1)

            try await admin.folderMetadata.deleteFolderMetadataById(folderId: folder.id, scope: .global, templateKey: "properties")

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.folderMetadata.getFolderMetadataById(folderId: folder.id, scope: .global, templateKey: "properties")
            }
            #expect(error?.status == 404)
        }
    }

    @Test func fileInstancesArePatchedAndRemoved() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("a.txt", text: "a", in: try await admin.makeFolder().id)
            _ = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .global, templateKey: "properties", requestBody: ["stage": "draft"])

            _ = try await admin.fileMetadata.updateFileMetadataById(
                fileId: file.id, scope: .global, templateKey: "properties",
                requestBody: [MetadataPatchOperation(op: .add, path: "/reviewed", value: .string("yes"))])
            let read = try await admin.fileMetadata.getFileMetadataById(fileId: file.id, scope: .global, templateKey: "properties")
            try await admin.fileMetadata.deleteFileMetadataById(fileId: file.id, scope: .global, templateKey: "properties")

            #expect(read.additionalProperties["reviewed"] == "yes")
            #expect(read.additionalProperties["stage"] == "draft")
            #expect(try await admin.fileMetadata.getFileMetadata(fileId: file.id).entries?.isEmpty == true)
        }
    }

    /// Four contracts under one folder, one outside it.
    func contracts(_ admin: BoxClient, template: MetadataTemplate) async throws -> (folder: FolderFull, ids: [String: String]) {
        let folder = try await admin.makeFolder("contracts")
        let outside = try await admin.makeFolder("elsewhere")
        var ids: [String: String] = [:]
        let rows: [(String, Double, String, String)] = [
            ("acme", 120_000, "EMEA", folder.id), ("globex", 45_000, "EMEA", folder.id), ("initech", 300_000, "AMER", folder.id),
            ("umbrella", 150_000, "emea-north", folder.id), ("outside", 999_999, "EMEA", outside.id),
        ]
        for (name, amount, region, parent) in rows {
            let file = try await admin.makeFile("\(name).pdf", text: name, in: parent)
            var values: [String: JSONValue] = ["amount": .number(amount)]
            if region != "emea-north" { values["region"] = .string(region) }
            _ = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .enterprise, templateKey: key(template), requestBody: values)
            ids[name] = file.id
        }
        return (folder, ids)
    }

    func names(_ items: [MetadataQueryResultItem]) -> [String] { items.map(\.name) }

    /// The names of the contracts (``contracts(_:template:)``) a query finds in their folder,
    /// ordered by amount.
    func contractsFound(by query: String, _ parameters: [String: JSONValue], amounts direction: MetadataQueryOrderByDirectionField = .asc,
                        in server: BoxLikeServer) async throws -> [String] {
        let (admin, _) = try await server.developerTokenClient()
        let template = try await makeTemplate(admin)
        let (folder, _) = try await contracts(admin, template: template)
        let results = try await admin.search.searchByMetadataQuery(requestBody: MetadataQuery(
            from: from(template), ancestorFolderId: folder.id, query: query, queryParams: parameters,
            orderBy: [MetadataQueryOrderByField(fieldKey: "amount", direction: direction)]))
        return names(results.entries ?? [])
    }

    @Test func aQueryFiltersUnderTheFolderAndOrdersByAField() async throws {
        try await withServer { server in
            let found = try await contractsFound(by: "amount >= :minimum AND region = :region", ["minimum": 40_000, "region": "EMEA"], amounts: .desc, in: server)
            #expect(found == ["acme.pdf", "globex.pdf"])
        }
    }

    @Test func orAndParenthesesAndNotCombine() async throws {
        try await withServer { server in
            let found = try await contractsFound(by: "(region = 'AMER' OR amount < :small) AND NOT amount > :huge", ["small": 50_000, "huge": 200_000], in: server)
            #expect(found == ["globex.pdf"])
        }
    }

    @Test func iLikeMatchesCaseInsensitivelyWithWildcards() async throws {
        try await withServer { server in
            let found = try await contractsFound(by: "region ILIKE :pattern", ["pattern": "e%a"], in: server)
            #expect(found == ["globex.pdf", "acme.pdf"])
        }
    }

    @Test func inMatchesAValueFromTheList() async throws {
        try await withServer { server in
            let found = try await contractsFound(by: "amount IN (:small, :large)", ["small": 45_000, "large": 300_000], in: server)
            #expect(found == ["globex.pdf", "initech.pdf"])
        }
    }

    /// Files tagged with a multi-select field: `urgent legal`, `legal`, `urgent`.
    func taggedFiles(_ admin: BoxClient) async throws -> (template: MetadataTemplate, folder: FolderFull) {
        let suffix = String(UUID().uuidString.prefix(6))
        let template = try await admin.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
            scope: "enterprise", displayName: "Tags \(suffix)", templateKey: "tags\(suffix)",
            fields: [MetadataTemplateFieldRequest(
                type: .multiSelect, key: "labels", displayName: "Labels", options: [.init(key: "urgent"), .init(key: "legal"), .init(key: "draft")])]))
        let folder = try await admin.makeFolder("tagged")
        for (name, labels) in [("both", ["urgent", "legal"]), ("legal", ["legal"]), ("urgent", ["urgent"])] {
            let file = try await admin.makeFile("\(name).txt", text: name, in: folder.id)
            _ = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .enterprise, templateKey: template.templateKey ?? "",
                requestBody: ["labels": .array(labels.map(JSONValue.string))])
        }
        return (template, folder)
    }

    @Test func hasAnyMatchesAMultiSelectFieldHoldingOneOfTheValues() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (template, folder) = try await taggedFiles(admin)

            let results = try await admin.search.searchByMetadataQuery(requestBody: MetadataQuery(
                from: from(template), ancestorFolderId: folder.id,
                query: "labels HASANY (:legal, :draft)", queryParams: ["legal": "legal", "draft": "draft"]))

            #expect(Set(names(results.entries ?? [])) == ["both.txt", "legal.txt"])
        }
    }

    @Test func hasAllMatchesAMultiSelectFieldHoldingEveryValue() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (template, folder) = try await taggedFiles(admin)

            let results = try await admin.search.searchByMetadataQuery(requestBody: MetadataQuery(
                from: from(template), ancestorFolderId: folder.id,
                query: "labels HASALL (:urgent, :legal)", queryParams: ["urgent": "urgent", "legal": "legal"]))

            #expect(names(results.entries ?? []) == ["both.txt"])
        }
    }

    @Test func theQuerySequencePagesByMarker() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)
            let (folder, _) = try await contracts(admin, template: template)

            let all = try await admin.search.searchByMetadataQuerySequence(requestBody: MetadataQuery(
                from: "\(template.scope ?? "").\(key(template))", ancestorFolderId: folder.id,
                orderBy: [MetadataQueryOrderByField(fieldKey: "amount", direction: .asc)], limit: 1)).collect()

            #expect(names(all) == ["globex.pdf", "acme.pdf", "umbrella.pdf", "initech.pdf"])
        }
    }

    @Test func requestedFieldsReturnTheTemplateValues() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)
            let (folder, ids) = try await contracts(admin, template: template)
            let scope = template.scope ?? ""

            let results = try await admin.search.searchByMetadataQuery(requestBody: MetadataQuery(
                from: "\(scope).\(key(template))", ancestorFolderId: folder.id, query: "amount > 250000",
                fields: ["name", "metadata.\(scope).\(key(template)).amount"]))

            guard case .fileFull(let file)? = results.entries?.first else { Issue.record("no file found"); return }
            #expect(file.id == ids["initech"])
            #expect(file.metadata?[scope]?[key(template)]?.additionalProperties["amount"]?.intValue == 300_000)
        }
    }

    @Test func aQueryWithAMissingParameterIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let template = try await makeTemplate(admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.search.searchByMetadataQuery(requestBody: MetadataQuery(
                    from: "\(template.scope ?? "").\(self.key(template))", ancestorFolderId: "0", query: "amount > :missing"))
            }

            #expect(error?.status == 400)
            #expect(error?.message?.contains("missing") == true)
        }
    }

    @Test func aQueryOnlySeesWhatTheUserCanSee() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let template = try await makeTemplate(admin)
            _ = try await contracts(admin, template: template)

            let results = try await user.search.searchByMetadataQuery(requestBody: MetadataQuery(
                from: "\(template.scope ?? "").\(key(template))", ancestorFolderId: "0"))

            #expect(results.entries?.isEmpty == true)
        }
    }
}
