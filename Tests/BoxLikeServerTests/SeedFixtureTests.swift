import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// What Box's test enterprise has and no API makes, seeded in every fresh server.
@Suite("Seeded fixtures")
struct SeedFixtureTests {
    @Test func aHubsAppItemIsAssociatedWithTheAdminsFileAndFolder() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let onFile = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)/app_item_associations", token: admin)
            let onFolder = try await server.api(.GET, "/folders/\(server.seed.adminUser.folderId)/app_item_associations", token: admin)

            for answer in [onFile, onFolder] {
                let appItem = answer.json?["entries"]?[0]?["app_item"]
                #expect(appItem?["id"]?.stringValue == server.seed.appItemId)
                #expect(appItem?["application_type"] == "hubs")
            }
        }
    }

    @Test func theAppItemsSharedLinkResolvesToIt() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let shared = try await server.api(
                .GET, "/shared_items", token: admin, headers: [("BoxApi", "shared_link=\(server.seededAppItemSharedLink)")])

            #expect(shared.json?["id"]?.stringValue == server.seed.appItemId)
        }
    }

    @Test func aFileRequestIsOnTheAdminsFolder() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let request = try await server.api(.GET, "/file_requests/\(server.seed.fileRequestId)", token: admin)

            #expect(request.status == 200)
            #expect(request.json?["folder"]?["id"]?.stringValue == server.seed.adminUser.folderId)
        }
    }

    @Test func theRelayWorkflowDeletesTheFileItIsStartedOn() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let folder = server.seed.relayWorkflowFolderId
            let file = try await server.uploadFile(token: admin, name: "to-delete.txt", bytes: Array("bye".utf8), parent: folder)
            let workflows = try await server.api(.GET, "/workflows?folder_id=\(folder)", token: admin)
            let workflow = try #require(workflows.json?["entries"]?[0])
            #expect(workflow["id"]?.stringValue == server.seed.relayWorkflowId)
            #expect(workflow["flows"]?[0]?["trigger"]?["trigger_type"] == "WORKFLOW_MANUAL_START")
            #expect(workflow["flows"]?[0]?["outcomes"]?[0]?["action_type"] == "delete_file")

            let started = try await server.api(.POST, "/workflows/\(server.seed.relayWorkflowId)/start", token: admin, json: [
                "type": "workflow_parameters", "flow": ["type": "flow", "id": workflow["flows"]?[0]?["id"] ?? .null],
                "files": [["type": "file", "id": .string(file)]], "folder": ["type": "folder", "id": .string(folder)],
            ])

            #expect(started.status == 204)
            #expect(try await server.api(.GET, "/files/\(file)", token: admin).json?["item_status"] == "trashed")
        }
    }

    @Test func theExternalUserIsListedAsExternalAndNotAsAMember() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            func listed(_ query: String) async throws -> [String] {
                try await server.api(.GET, "/users?limit=100&\(query)", token: admin).json?["entries"]?.arrayValue?
                    .compactMap { $0["id"]?.stringValue } ?? []
            }

            let external = server.seed.externalUserId
            #expect(try await listed("user_type=external") == [external])
            #expect(try await !listed("user_type=all").contains(external))
            #expect(try await !listed("user_type=managed").contains(external))
            #expect(try await listed("filter_term=\(server.seed.externalUserLogin)") == [external])
            let collaborations = try await server.api(
                .GET, "/folders/\(server.seed.externalCollaborationFolderId)/collaborations", token: admin)
            #expect(collaborations.json?["entries"]?[0]?["accessible_by"]?["id"]?.stringValue == external)
        }
    }

    @Test func anAdminCannotChangeOrDeleteTheExternalUser() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let path = "/users/\(server.seed.externalUserId)"

            #expect(try await server.api(.PUT, path, token: admin, json: ["name": "Renamed"]).status == 404)
            #expect(try await server.api(.DELETE, path, token: admin).status == 404)
        }
    }

    @Test func aDeletionJobRemovesTheExternalUserFromTheEnterprisesContent() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let member = server.seed.appUsers[0].id

            let job = try await server.api(
                .POST, "/external_users/submit_delete_job", token: admin,
                json: ["external_users": [["type": "user", "id": .string(server.seed.externalUserId)], ["type": "user", "id": .string(member)]]],
                headers: [("box-version", "2025.0")])

            #expect(job.status == 207)
            #expect(job.json?["entries"]?[0]?["status"] == 202)
            #expect(job.json?["entries"]?[1]?["status"] == 400)
            let collaborations = try await server.api(
                .GET, "/folders/\(server.seed.externalCollaborationFolderId)/collaborations", token: admin)
            #expect(collaborations.json?["entries"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func aTeamsChannelMapsOnlyInTheTenantBoxForTeamsIsSetUpIn() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            func map(tenant: String, channel: String) async throws -> HTTPResult {
                try await server.api(.POST, "/integration_mappings/teams", token: admin, json: [
                    "partner_item": ["type": "channel", "id": .string(channel), "tenant_id": .string(tenant), "team_id": "team-1"],
                    "box_item": ["type": "folder", "id": .string(server.seed.adminSubfolderId)],
                ])
            }

            let mapped = try await map(tenant: server.seed.teamsTenantId, channel: "19:general")
            let refused = try await map(tenant: "another-tenant", channel: "19:other")

            #expect(mapped.status == 201)
            #expect(refused.status == 400)
            #expect(refused.json?["code"] == "BOX_ENTERPRISE_MISMATCH")
        }
    }

    @Test func fixturesReadFromCommandLineValuesAreMadeOnTheServer() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let folder = server.seed.adminSubfolderId
            let fixtures = try [
                BoxLikeFixture(option: "relay-workflow", value: "Review: then lock:\(folder):lock_file,watermark_file"),
                BoxLikeFixture(option: "app-item", value: "canvas:folder:\(folder)"),
                BoxLikeFixture(option: "external-user", value: "Pat Partner <pat@partner.example>"),
            ]

            var made: [String] = []
            for fixture in fixtures { made.append(try await fixture.make(on: server)) }

            let workflows = try await server.api(.GET, "/workflows?folder_id=\(folder)", token: admin)
            #expect(workflows.json?["entries"]?[0]?["name"] == "Review: then lock")
            #expect(workflows.json?["entries"]?[0]?["flows"]?[0]?["outcomes"]?.arrayValue?.compactMap { $0["action_type"]?.stringValue }
                == ["lock_file", "watermark_file"])
            let associations = try await server.api(.GET, "/folders/\(folder)/app_item_associations", token: admin)
            #expect(associations.json?["entries"]?[0]?["app_item"]?["application_type"] == "canvas")
            #expect(made[2].hasSuffix("Pat Partner  pat@partner.example"))
        }
    }

    @Test(arguments: [
        ("external-user", "pat@partner.example"), ("app-item", "hubs:team:1"), ("relay-workflow", "Name:1:send_email"),
        ("automate-workflow", "Name:1:"), ("teams-tenant", ""), ("sign-request", "x"),
    ])
    func aFixtureValueThatDoesNotReadIsRefusedNamingTheOption(option: String, value: String) {
        #expect {
            _ = try BoxLikeFixture(option: option, value: value)
        } throws: { error in
            (error as? BoxLikeFixture.ParseError)?.description.hasPrefix("--\(option) ") == true
        }
    }
}
