import Foundation
import Testing
@testable import BoxLikeServer

/// The classification template is made at the metadata templates' path, as Box describes it.
@Suite("Classification template: how it is made")
struct ClassificationTemplateTests {
    private let key = "securityClassification-6VMVochwUWo"

    private func body(fields: JSONValue) -> JSONValue {
        ["scope": "enterprise", "templateKey": .string(key), "displayName": "Classification", "fields": fields]
    }

    @Test func theClassificationTemplateIsAnsweredWith200AsBoxDocumentsIt() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let created = try await server.api(.POST, "/metadata_templates/schema", token: token, json: body(fields: [[
                "type": "enum", "key": "Box__Security__Classification__Key", "displayName": "Classification",
                "options": [["key": "Public"]],
            ]]))
            let template = try await server.api(.POST, "/metadata_templates/schema", token: token, json: [
                "scope": "enterprise", "templateKey": "contracts", "displayName": "Contracts",
                "fields": [["type": "string", "key": "owner", "displayName": "Owner"]],
            ])

            #expect(created.status == 200)
            #expect(created.json?["templateKey"]?.stringValue == key)
            #expect(template.status == 201, "any other template is answered with 201")
        }
    }

    @Test func aClassificationTemplateWithoutItsOneFieldIsRefused() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let empty = try await server.api(.POST, "/metadata_templates/schema", token: token, json: body(fields: []))
            let read = try await server.api(.GET, "/metadata_templates/enterprise/\(key)/schema", token: token)

            #expect(empty.status == 400)
            #expect(read.status == 404)
        }
    }
}
