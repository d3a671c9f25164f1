import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.metadataTaxonomies`, as Box's documentation uses it.
@Suite("Drop-in: metadata taxonomies")
struct MetadataTaxonomiesTests {
    @Test func aTaxonomyIsCreatedReadListedRenamedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let namespace = "enterprise_\(box.seed.enterpriseId)"

            let taxonomy = try await client.metadataTaxonomies.createMetadataTaxonomy(
                requestBody: CreateMetadataTaxonomyRequestBody(displayName: "Geography", namespace: namespace, key: "geography"))
            #expect(taxonomy.key == "geography")

            let read = try await client.metadataTaxonomies.getMetadataTaxonomyByKey(namespace: namespace, taxonomyKey: "geography")
            #expect(read.id == taxonomy.id)
            let taxonomies = try await client.metadataTaxonomies.getMetadataTaxonomies(namespace: namespace)
            #expect(taxonomies.entries?.map(\.id) == [taxonomy.id])

            let renamed = try await client.metadataTaxonomies.updateMetadataTaxonomy(
                namespace: namespace, taxonomyKey: "geography", requestBody: UpdateMetadataTaxonomyRequestBody(displayName: "Places"))
            #expect(renamed.displayName == "Places")

            try await client.metadataTaxonomies.deleteMetadataTaxonomy(namespace: namespace, taxonomyKey: "geography")
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.metadataTaxonomies.getMetadataTaxonomyByKey(namespace: namespace, taxonomyKey: "geography")
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func levelsAreCreatedAppendedRenamedAndTrimmed() async throws {
        try await withLocalBox { box in
            let client = box.client
            let namespace = "enterprise_\(box.seed.enterpriseId)"
            _ = try await client.metadataTaxonomies.createMetadataTaxonomy(
                requestBody: CreateMetadataTaxonomyRequestBody(displayName: "Geography", namespace: namespace, key: "geography"))

            let levels = try await client.metadataTaxonomies.createMetadataTaxonomyLevel(
                namespace: namespace, taxonomyKey: "geography",
                requestBody: [MetadataTaxonomyLevel(displayName: "Country"), MetadataTaxonomyLevel(displayName: "City")])
            #expect(levels.entries?.map(\.displayName) == ["Country", "City"])

            let appended = try await client.metadataTaxonomies.addMetadataTaxonomyLevel(
                namespace: namespace, taxonomyKey: "geography",
                requestBody: AddMetadataTaxonomyLevelRequestBody(displayName: "District"))
            #expect(appended.entries?.map(\.displayName) == ["Country", "City", "District"])

            let renamed = try await client.metadataTaxonomies.updateMetadataTaxonomyLevelById(
                namespace: namespace, taxonomyKey: "geography", levelIndex: 3,
                requestBody: UpdateMetadataTaxonomyLevelByIdRequestBody(displayName: "Arrondissement", description: "Paris only"))
            #expect(renamed.displayName == "Arrondissement")
            #expect(renamed.description == "Paris only")

            let trimmed = try await client.metadataTaxonomies.deleteMetadataTaxonomyLevel(namespace: namespace, taxonomyKey: "geography")
            #expect(trimmed.entries?.map(\.displayName) == ["Country", "City"])
        }
    }

    @Test func nodesAreCreatedReadListedRenamedOfferedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let namespace = "enterprise_\(box.seed.enterpriseId)"
            let geography = try await client.metadataTaxonomies.createMetadataTaxonomy(
                requestBody: CreateMetadataTaxonomyRequestBody(displayName: "Geography", namespace: namespace, key: "geography"))
            _ = try await client.metadataTaxonomies.createMetadataTaxonomyLevel(
                namespace: namespace, taxonomyKey: "geography",
                requestBody: [MetadataTaxonomyLevel(displayName: "Country"), MetadataTaxonomyLevel(displayName: "City")])

            let france = try await client.metadataTaxonomies.createMetadataTaxonomyNode(
                namespace: namespace, taxonomyKey: "geography",
                requestBody: CreateMetadataTaxonomyNodeRequestBody(displayName: "France", level: 1))
            let paris = try await client.metadataTaxonomies.createMetadataTaxonomyNode(
                namespace: namespace, taxonomyKey: "geography",
                requestBody: CreateMetadataTaxonomyNodeRequestBody(displayName: "Paris", level: 2, parentId: france.id))
            let lyon = try await client.metadataTaxonomies.createMetadataTaxonomyNode(
                namespace: namespace, taxonomyKey: "geography",
                requestBody: CreateMetadataTaxonomyNodeRequestBody(displayName: "Lyon", level: 2, parentId: france.id))

            let read = try await client.metadataTaxonomies.getMetadataTaxonomyNodeById(
                namespace: namespace, taxonomyKey: "geography", nodeId: paris.id)
            #expect(read.parentId == france.id)
            #expect(read.nodePath == ["France", "Paris"])

            let cities = try await client.metadataTaxonomies.getMetadataTaxonomyNodes(
                namespace: namespace, taxonomyKey: "geography",
                queryParams: GetMetadataTaxonomyNodesQueryParams(level: [2], parent: [france.id]))
            #expect(cities.entries?.map(\.displayName) == ["Paris", "Lyon"])

            let renamed = try await client.metadataTaxonomies.updateMetadataTaxonomyNode(
                namespace: namespace, taxonomyKey: "geography", nodeId: lyon.id,
                requestBody: UpdateMetadataTaxonomyNodeRequestBody(displayName: "Lugdunum"))
            #expect(renamed.nodePath == ["France", "Lugdunum"])

            _ = try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: "Office", templateKey: "office",
                fields: [CreateMetadataTemplateRequestBodyFieldsField(
                    type: .taxonomy, key: "city", displayName: "City", taxonomyKey: "geography", taxonomyId: geography.id, namespace: namespace,
                    optionsRules: CreateMetadataTemplateRequestBodyFieldsOptionsRulesField(multiSelect: false, selectableLevels: [2]))]))
            let options = try await client.metadataTaxonomies.getMetadataTemplateFieldOptions(
                namespace: "enterprise", templateKey: "office", fieldKey: "city")
            #expect(options.entries?.map(\.displayName) == ["Paris", "Lugdunum"])

            try await client.metadataTaxonomies.deleteMetadataTaxonomyNode(namespace: namespace, taxonomyKey: "geography", nodeId: lyon.id)
            let left = try await client.metadataTaxonomies.getMetadataTaxonomyNodes(namespace: namespace, taxonomyKey: "geography")
            #expect(left.entries?.map(\.displayName) == ["France", "Paris"])
        }
    }
}
