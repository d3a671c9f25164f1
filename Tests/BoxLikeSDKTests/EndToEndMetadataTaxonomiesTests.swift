import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Metadata taxonomies: levels, nodes under parents of the level above, and `taxonomy` fields of
/// templates whose values must be nodes of their taxonomy.
@Suite("Metadata taxonomies against the server")
struct EndToEndMetadataTaxonomiesTests {
    /// A two-level geography (Country ► City) with France ► Paris and Lyon.
    struct Geography {
        var namespace: String
        var key: String
        var france: MetadataTaxonomyNode
        var paris: MetadataTaxonomyNode
        var lyon: MetadataTaxonomyNode
    }

    func makeGeography(_ client: BoxClient, server: BoxLikeServer, key: String = "geography") async throws -> Geography {
        let namespace = "enterprise_\(server.seed.enterpriseId)"
        let taxonomies = client.metadataTaxonomies
        _ = try await taxonomies.createMetadataTaxonomy(
            requestBody: CreateMetadataTaxonomyRequestBody(displayName: "Geography", namespace: namespace, key: key))
        _ = try await taxonomies.createMetadataTaxonomyLevel(
            namespace: namespace, taxonomyKey: key,
            requestBody: [MetadataTaxonomyLevel(displayName: "Country"), MetadataTaxonomyLevel(displayName: "City")])
        let france = try await taxonomies.createMetadataTaxonomyNode(
            namespace: namespace, taxonomyKey: key, requestBody: CreateMetadataTaxonomyNodeRequestBody(displayName: "France", level: 1))
        let paris = try await taxonomies.createMetadataTaxonomyNode(
            namespace: namespace, taxonomyKey: key,
            requestBody: CreateMetadataTaxonomyNodeRequestBody(displayName: "Paris", level: 2, parentId: france.id))
        let lyon = try await taxonomies.createMetadataTaxonomyNode(
            namespace: namespace, taxonomyKey: key,
            requestBody: CreateMetadataTaxonomyNodeRequestBody(displayName: "Lyon", level: 2, parentId: france.id))
        return Geography(namespace: namespace, key: key, france: france, paris: paris, lyon: lyon)
    }

    /// A template with a `city` field taking nodes of the City level of the geography.
    func makeTemplate(_ client: BoxClient, geography: Geography) async throws -> MetadataTemplate {
        try await client.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
            scope: "enterprise", displayName: "Office", templateKey: "office",
            fields: [MetadataTemplateFieldRequest(
                type: .taxonomy, key: "city", displayName: "City", taxonomyKey: geography.key, namespace: geography.namespace,
                optionsRules: MetadataTemplateFieldRequestOptionsRulesField(multiSelect: false, selectableLevels: [2]))]))
    }

    @Test func aTaxonomyIsCreatedReadAndListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let namespace = "enterprise_\(server.seed.enterpriseId)"

            let created = try await admin.metadataTaxonomies.createMetadataTaxonomy(
                requestBody: CreateMetadataTaxonomyRequestBody(displayName: "Product Lines", namespace: namespace))
            let read = try await admin.metadataTaxonomies.getMetadataTaxonomyByKey(namespace: namespace, taxonomyKey: created.key ?? "")
            let listed = try await admin.metadataTaxonomies.getMetadataTaxonomies(namespace: namespace)

            #expect(created.key == "productLines")
            #expect(read.id == created.id)
            #expect(listed.entries?.map(\.id) == [created.id])
        }
    }

    @Test func aTaxonomyIsRenamed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)

            _ = try await admin.metadataTaxonomies.updateMetadataTaxonomy(
                namespace: geography.namespace, taxonomyKey: geography.key,
                requestBody: UpdateMetadataTaxonomyRequestBody(displayName: "Places"))

            let read = try await admin.metadataTaxonomies.getMetadataTaxonomyByKey(namespace: geography.namespace, taxonomyKey: geography.key)
            #expect(read.displayName == "Places")
        }
    }

    @Test func aTaxonomyNoTemplateUsesIsDeleted() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)

            try await admin.metadataTaxonomies.deleteMetadataTaxonomy(namespace: geography.namespace, taxonomyKey: geography.key)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTaxonomies.getMetadataTaxonomyByKey(namespace: geography.namespace, taxonomyKey: geography.key)
            }
            #expect(error?.status == 404)
        }
    }

    @Test func aTaxonomyATemplateUsesIsNotDeleted() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            _ = try await makeTemplate(admin, geography: geography)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTaxonomies.deleteMetadataTaxonomy(namespace: geography.namespace, taxonomyKey: geography.key)
            }
            #expect(error?.status == 400)
        }
    }

    @Test func onlyAdminsChangeTaxonomies() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await user.metadataTaxonomies.createMetadataTaxonomy(requestBody: CreateMetadataTaxonomyRequestBody(
                    displayName: "Mine", namespace: "enterprise_\(server.seed.enterpriseId)"))
            }
            #expect(error?.status == 403)
        }
    }

    @Test func levelsAreAppendedRenamedAndTrimmed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            let taxonomies = admin.metadataTaxonomies

            let appended = try await taxonomies.addMetadataTaxonomyLevel(
                namespace: geography.namespace, taxonomyKey: geography.key,
                requestBody: AddMetadataTaxonomyLevelRequestBody(displayName: "District"))
            let renamed = try await taxonomies.updateMetadataTaxonomyLevelById(
                namespace: geography.namespace, taxonomyKey: geography.key, levelIndex: 3,
                requestBody: UpdateMetadataTaxonomyLevelByIdRequestBody(displayName: "Arrondissement", description: "Paris only"))
            let trimmed = try await taxonomies.deleteMetadataTaxonomyLevel(namespace: geography.namespace, taxonomyKey: geography.key)

            #expect(appended.entries?.map(\.displayName) == ["Country", "City", "District"])
            #expect(renamed.level == 3 && renamed.displayName == "Arrondissement" && renamed.description == "Paris only")
            #expect(trimmed.entries?.map(\.displayName) == ["Country", "City"])
        }
    }

    @Test func aLevelWithNodesIsNotTrimmed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTaxonomies.deleteMetadataTaxonomyLevel(namespace: geography.namespace, taxonomyKey: geography.key)
            }
            #expect(error?.status == 400)
        }
    }

    @Test func aNodeKnowsItsPathAndAncestors() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)

            let paris = try await admin.metadataTaxonomies.getMetadataTaxonomyNodeById(
                namespace: geography.namespace, taxonomyKey: geography.key, nodeId: geography.paris.id)

            #expect(paris.parentId == geography.france.id)
            #expect(paris.nodePath == ["France", "Paris"])
            #expect(paris.ancestors?.map(\.id) == [geography.france.id])
        }
    }

    @Test func aNodeOfALowerLevelNeedsAParentOfTheLevelAbove() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTaxonomies.createMetadataTaxonomyNode(
                    namespace: geography.namespace, taxonomyKey: geography.key,
                    requestBody: CreateMetadataTaxonomyNodeRequestBody(displayName: "Nice", level: 2))
            }
            #expect(error?.status == 400)
        }
    }

    @Test func nodesAreListedByLevelParentAndQuery() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            let taxonomies = admin.metadataTaxonomies

            let cities = try await taxonomies.getMetadataTaxonomyNodes(
                namespace: geography.namespace, taxonomyKey: geography.key,
                queryParams: GetMetadataTaxonomyNodesQueryParams(level: [2], parent: [geography.france.id], includeTotalResultCount: true))
            let matching = try await taxonomies.getMetadataTaxonomyNodes(
                namespace: geography.namespace, taxonomyKey: geography.key, queryParams: GetMetadataTaxonomyNodesQueryParams(query: "ly"))
            let paged = try await taxonomies.getMetadataTaxonomyNodesSequence(
                namespace: geography.namespace, taxonomyKey: geography.key, queryParams: GetMetadataTaxonomyNodesQueryParams(limit: 1))
                .reduce(into: [String]()) { $0.append($1.displayName) }

            #expect(cities.entries?.map(\.displayName) == ["Paris", "Lyon"])
            #expect(matching.entries?.map(\.id) == [geography.lyon.id])
            #expect(paged == ["France", "Paris", "Lyon"])
        }
    }

    @Test func aNodeIsRenamed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)

            let renamed = try await admin.metadataTaxonomies.updateMetadataTaxonomyNode(
                namespace: geography.namespace, taxonomyKey: geography.key, nodeId: geography.lyon.id,
                requestBody: UpdateMetadataTaxonomyNodeRequestBody(displayName: "Lugdunum"))

            #expect(renamed.displayName == "Lugdunum")
            #expect(renamed.nodePath == ["France", "Lugdunum"])
        }
    }

    @Test func aLeafNodeIsDeletedButNotANodeWithChildren() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            let taxonomies = admin.metadataTaxonomies

            let parent = await #expect(throws: BoxAPIError.self) {
                try await taxonomies.deleteMetadataTaxonomyNode(namespace: geography.namespace, taxonomyKey: geography.key, nodeId: geography.france.id)
            }
            try await taxonomies.deleteMetadataTaxonomyNode(namespace: geography.namespace, taxonomyKey: geography.key, nodeId: geography.lyon.id)

            #expect(parent?.status == 400)
            let left = try await taxonomies.getMetadataTaxonomyNodes(namespace: geography.namespace, taxonomyKey: geography.key)
            #expect(left.entries?.map(\.displayName) == ["France", "Paris"])
        }
    }

    @Test func aTaxonomyFieldOffersTheNodesOfItsSelectableLevels() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            let template = try await makeTemplate(admin, geography: geography)

            let options = try await admin.metadataTaxonomies.getMetadataTemplateFieldOptions(
                namespace: "enterprise", templateKey: template.templateKey ?? "", fieldKey: "city")

            #expect(options.entries?.map(\.displayName) == ["Paris", "Lyon"])
            #expect(template.fields?.first?.taxonomyKey == geography.key)
        }
    }

    @Test func metadataNamesANodeOfTheTaxonomyOrIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            let template = try await makeTemplate(admin, geography: geography)
            let file = try await admin.makeFile("lease.pdf", text: "x", in: try await admin.makeFolder().id)
            let templateKey = template.templateKey ?? ""

            let unknown = await #expect(throws: BoxAPIError.self) {
                try await admin.fileMetadata.createFileMetadataById(
                    fileId: file.id, scope: .enterprise, templateKey: templateKey, requestBody: ["city": ["no-such-node"]])
            }
            let wrongLevel = await #expect(throws: BoxAPIError.self) {
                try await admin.fileMetadata.createFileMetadataById(
                    fileId: file.id, scope: .enterprise, templateKey: templateKey, requestBody: ["city": [.string(geography.france.id)]])
            }
            let created = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .enterprise, templateKey: templateKey, requestBody: ["city": [.string(geography.paris.id)]])

            #expect(unknown?.status == 400)
            #expect(wrongLevel?.status == 400)
            #expect(created.additionalProperties["city"] == [.string(geography.paris.id)])
        }
    }

    @Test func aNodeThatIsTheValueOfMetadataIsNotDeleted() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            let template = try await makeTemplate(admin, geography: geography)
            let file = try await admin.makeFile("lease.pdf", text: "x", in: try await admin.makeFolder().id)
            _ = try await admin.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .enterprise, templateKey: template.templateKey ?? "", requestBody: ["city": [.string(geography.lyon.id)]])

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTaxonomies.deleteMetadataTaxonomyNode(
                    namespace: geography.namespace, taxonomyKey: geography.key, nodeId: geography.lyon.id)
            }
            #expect(error?.status == 400)
        }
    }
    @Test func aTaxonomyFieldNamesItsTaxonomyByID() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            let taxonomy = try await admin.metadataTaxonomies.getMetadataTaxonomyByKey(namespace: geography.namespace, taxonomyKey: geography.key)

            let template = try await admin.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                scope: "enterprise", displayName: "Site", templateKey: "site",
                fields: [MetadataTemplateFieldRequest(type: .taxonomy, key: "city", displayName: "City", taxonomyId: taxonomy.id)]))

            #expect(template.fields?.first?.taxonomyKey == geography.key)
            #expect(template.fields?.first?.taxonomyId == taxonomy.id)
        }
    }

    @Test func aTaxonomyIDThatNamesNoTaxonomyIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                    scope: "enterprise", displayName: "Site", templateKey: "site",
                    fields: [MetadataTemplateFieldRequest(type: .taxonomy, key: "city", displayName: "City", taxonomyId: "no-such-taxonomy")]))
            }

            #expect(error?.status == 400)
        }
    }

    @Test func aTaxonomyIDAndAKeyOfAnotherTaxonomyAreRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let geography = try await makeGeography(admin, server: server)
            let other = try await admin.metadataTaxonomies.createMetadataTaxonomy(requestBody: CreateMetadataTaxonomyRequestBody(
                displayName: "Products", namespace: geography.namespace, key: "products"))

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.metadataTemplates.createMetadataTemplate(requestBody: CreateMetadataTemplateRequestBody(
                    scope: "enterprise", displayName: "Site", templateKey: "site",
                    fields: [MetadataTemplateFieldRequest(
                        type: .taxonomy, key: "city", displayName: "City", taxonomyKey: geography.key, taxonomyId: other.id)]))
            }

            #expect(error?.status == 400)
        }
    }
}
