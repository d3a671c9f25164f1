import BoxLikeJSON
import Foundation
import NIOHTTP1
import Testing
@testable import BoxLikeServer

@Suite("Requests are validated against the spec")
struct SpecValidationTests {
    @Test func bundledSpecIsFoundAndParsed() throws {
        let path = try SpecCatalog.defaultSpecPath()
        #expect(FileManager.default.fileExists(atPath: path))
        let catalog = try SpecCatalog.shared()
        #expect(catalog.operations.count >= 40)
        #expect(catalog.match(method: "GET", path: "/2.0/files/123")?.0.id == "getFileById")
        #expect(catalog.match(method: "POST", path: "/api/2.0/files/content")?.0.id == "uploadFile")
        #expect(catalog.match(method: "POST", path: "/api/2.0/files/upload_sessions")?.0.id == "createFileUploadSession")
        #expect(catalog.match(method: "OPTIONS", path: "/2.0/files/content")?.0.id == "preflightFileUploadCheck")
        #expect(catalog.match(method: "POST", path: "/oauth2/token")?.0.id == "requestAccessToken")
        // Uploads live on the upload base only; on the API base the path names a file to restore.
        #expect(catalog.match(method: "POST", path: "/2.0/files/content")?.0.id == "restoreFileFromTrash")
        #expect(catalog.match(method: "GET", path: "/2.0/folders/trash/items")?.0.id == "getTrashedItems")
        #expect(catalog.match(method: "GET", path: "/2.0/folders/7/items")?.0.id == "getFolderItems")
        #expect(catalog.match(method: "POST", path: "/2.0/files/7/versions/current")?.0.id == "promoteFileVersion")
        #expect(catalog.match(method: "GET", path: "/2.0/files/7/versions/current")?.0.id == "getFileVersionById")
    }

    @Test func wrongParameterTypesAndEnumsAreBadRequests() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let limit = try await server.api(.GET, "/folders/0/items?limit=ten", token: token)
            #expect(limit.status == 400)
            #expect(limit.json?["code"] == "bad_request")
            #expect(limit.json?["message"] == "query parameter 'limit' must be an integer")
            let direction = try await server.api(.GET, "/folders/0/items?direction=sideways", token: token)
            #expect(direction.status == 400)
            #expect(direction.json?["message"]?.stringValue?.contains("direction") == true)
            let scope = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)/metadata/galaxy/properties", token: token)
            #expect(scope.status == 400)
        }
    }

    @Test func bodiesAreCheckedForRequiredPropertiesTypesAndEnums() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let missing = try await server.api(.POST, "/folders", token: token, json: ["name": "x"])
            #expect(missing.json?["message"] == "request body is missing required property 'parent'")
            let nested = try await server.api(.POST, "/folders", token: token, json: ["name": "x", "parent": ["id": 5]])
            #expect(nested.json?["message"] == "request body.parent.id must be a string")
            let role = try await server.api(.POST, "/collaborations", token: token, json: [
                "item": ["type": "folder", "id": "1"], "accessible_by": ["type": "user", "id": "2"], "role": "overlord",
            ])
            #expect(role.status == 400)
            #expect(role.json?["message"]?.stringValue?.contains("role") == true)
            let notJSON = try await server.send(
                .POST, server.apiBaseURL + "/folders", headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
                body: Array("{nope".utf8))
            #expect(notJSON.status == 400)
            #expect(notJSON.json?["message"] == "request body is not valid JSON")
            // Box describes a file's `lock` as nullable and its `description` as not.
            let nullable = try await server.api(.PUT, "/files/\(server.seed.adminUser.fileId)", token: token, json: ["lock": nil])
            #expect(nullable.status == 200)
            let notNullable = try await server.api(.PUT, "/files/\(server.seed.adminUser.fileId)", token: token, json: ["description": nil])
            #expect(notNullable.status == 400)
            #expect(notNullable.json?["message"]?.stringValue?.contains("description") == true)
        }
    }

    /// One malformed request per API area added for breadth, each answered 400 naming the field.
    static let malformedRequests: [(method: HTTPMethod, path: String, body: JSONValue, message: String)] = [
        (.POST, "/groups", ["description": "no name"], "request body is missing required property 'name'"),
        (.POST, "/comments", ["message": "hi"], "request body is missing required property 'item'"),
        (.POST, "/tasks", ["message": "review"], "request body is missing required property 'item'"),
        (.POST, "/task_assignments", ["task": ["type": "task", "id": "1"]], "request body is missing required property 'assign_to'"),
        (.POST, "/metadata_queries/execute_read", ["from": "enterprise.contract"],
         "request body is missing required property 'ancestor_folder_id'"),
        (.POST, "/zip_downloads", ["download_file_name": "all"], "request body is missing required property 'items'"),
        (.POST, "/web_links", ["url": "https://example.com"], "request body is missing required property 'parent'"),
        (.POST, "/metadata_templates/schema", ["scope": "enterprise"], "request body is missing required property 'displayName'"),
        (.POST, "/users", ["name": 5], "request body.name must be a string"),
        (.PUT, "/files/FILE?fields=shared_link", ["shared_link": ["access": "everyone"]], "shared_link.access"),
    ]

    @Test(arguments: malformedRequests.indices)
    func aMalformedRequestInEachNewAreaIsABadRequestNamingTheField(_ index: Int) async throws {
        let request = Self.malformedRequests[index]
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let path = request.path.replacingOccurrences(of: "FILE", with: server.seed.adminUser.fileId)

            let response = try await server.api(request.method, path, token: token, json: request.body)

            #expect(response.status == 400)
            #expect(response.json?["code"] == "bad_request")
            #expect(response.json?["message"]?.stringValue?.contains(request.message) == true,
                    "\(request.method) \(request.path): \(String(describing: response.json?["message"]))")
        }
    }

    @Test func requiredHeadersAreChecked() async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.minimumChunkedUploadSize = 1
        try await withTestServer(configuration) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let result = try await server.api(.PUT, "/files/upload_sessions/abc", token: token, base: server.uploadBaseURL, rawBody: [1])
            #expect(result.status == 400)
            #expect(result.json?["message"]?.stringValue?.hasPrefix("header '") == true)
        }
    }

    @Test func theSchemaCheckerHandlesOneOfDiscriminatorsAndNullables() throws {
        let catalog = try SpecCatalog.shared()
        let checker = SchemaChecker(components: catalog.components)
        let item = try #require(catalog.components.schemas["Item"])
        #expect(checker.problems(["type": "folder", "id": "1"], against: item, at: "x").isEmpty)
        #expect(!checker.problems(["type": "folder", "id": 1], against: item, at: "x").isEmpty)
        #expect(!checker.problems(["type": "planet", "id": "1"], against: item, at: "x").isEmpty)
        let file = try #require(catalog.components.schemas["File"])
        #expect(checker.problems(["type": "file", "id": "1", "shared_link": nil], against: file, at: "x").isEmpty)
        #expect(!checker.problems(["type": "file", "id": "1", "size": "big"], against: file, at: "x").isEmpty)
    }
}
