import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.search`, as Box's documentation uses it.
@Suite("Drop-in: search")
struct SearchTests {
    /// The ids of the items of a search result page, read from its JSON (the page is a union of
    /// two result types; both carry `entries`).
    private static func searchResultIds(_ results: SearchResultsResponse) throws -> [String] {
        struct Page: Decodable { struct Entry: Decodable { let id: String }; let entries: [Entry]? }
        return try JSONDecoder().decode(Page.self, from: JSONEncoder().encode(results)).entries?.map(\.id) ?? []
    }

    @Test func aMetadataQueryFindsTheFilesWhoseValuesMatch() async throws {
        try await withLocalBox { box in
            let client = box.client
            let template = try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: "Invoice", templateKey: "invoice",
                fields: [
                    CreateMetadataTemplateRequestBodyFieldsField(type: .string, key: "customer", displayName: "Customer"),
                    CreateMetadataTemplateRequestBodyFieldsField(type: .float, key: "amount", displayName: "Amount"),
                ]))
            let folder = try await createFolder(client, name: "Invoices")
            let small = try await uploadText(client, name: "a.txt", text: "a", parentId: folder.id)
            let large = try await uploadText(client, name: "b.txt", text: "b", parentId: folder.id)
            let other = try await uploadText(client, name: "c.txt", text: "c", parentId: folder.id)
            _ = try await client.fileMetadata.createFileMetadataById(
                fileId: small.id, scope: .enterprise, templateKey: "invoice", requestBody: ["customer": "Acme", "amount": 50])
            _ = try await client.fileMetadata.createFileMetadataById(
                fileId: large.id, scope: .enterprise, templateKey: "invoice", requestBody: ["customer": "Acme", "amount": 5_000])
            _ = try await client.fileMetadata.createFileMetadataById(
                fileId: other.id, scope: .enterprise, templateKey: "invoice", requestBody: ["customer": "Globex", "amount": 9_000])
            let from = "\(try #require(template.scope)).\(try #require(template.templateKey))"

            let results = try await client.search.searchByMetadataQuery(requestBody: MetadataQuery(
                from: from, ancestorFolderId: folder.id,
                query: "customer = :customer AND amount >= :minimum", queryParams: ["customer": "Acme", "minimum": 1_000],
                orderBy: [MetadataQueryOrderByField(fieldKey: "amount", direction: .asc)]))
            #expect(results.entries?.count == 1)

            let everything = try await client.search.searchByMetadataQuery(requestBody: MetadataQuery(
                from: from, ancestorFolderId: "0", query: "amount > :zero", queryParams: ["zero": 0]))
            #expect(everything.entries?.count == 3)
        }
    }

    @Test func aSearchFindsFilesByNameUnderAFolder() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Reports")
            let report = try await uploadText(client, name: "quarterly-report.txt", text: "numbers", parentId: folder.id)
            _ = try await uploadText(client, name: "quarterly-elsewhere.txt", text: "numbers")
            _ = try await uploadText(client, name: "minutes.txt", text: "words", parentId: folder.id)

            let results = try await client.search.searchForContent(queryParams: SearchForContentQueryParams(
                query: "quarterly", ancestorFolderIds: [folder.id], type: .file))
            #expect(try Self.searchResultIds(results) == [report.id])
        }
    }

    @Test func aSearchFiltersByMetadataValues() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: "Invoice", templateKey: "invoice",
                fields: [CreateMetadataTemplateRequestBodyFieldsField(
                    type: CreateMetadataTemplateRequestBodyFieldsTypeField.string, key: "customer", displayName: "Customer")]))
            let acme = try await uploadText(client, name: "acme.txt", text: "a")
            let globex = try await uploadText(client, name: "globex.txt", text: "g")
            _ = try await client.fileMetadata.createFileMetadataById(
                fileId: acme.id, scope: CreateFileMetadataByIdScope.enterprise, templateKey: "invoice", requestBody: ["customer": "Acme"])
            _ = try await client.fileMetadata.createFileMetadataById(
                fileId: globex.id, scope: CreateFileMetadataByIdScope.enterprise, templateKey: "invoice", requestBody: ["customer": "Globex"])

            let results = try await client.search.searchForContent(queryParams: SearchForContentQueryParams(
                ancestorFolderIds: ["0"],
                mdfilters: [MetadataFilter(scope: MetadataFilterScopeField.enterprise, templateKey: "invoice", filters: ["customer": .string("Acme")])]))
            #expect(try Self.searchResultIds(results) == [acme.id])
        }
    }
}
