import BoxLikeJSON
import BoxLikeSDK
import BoxLikeServer
import Foundation
import HTTPTypes
import Testing

/// Members the spec requires are refused, when missing, by the spec-driven validation
/// middleware with Box's error body (`400 bad_request`, the member named); the handlers no longer
/// check them with messages of their own.
@Suite("Required members are refused by the validation middleware")
struct EndToEndRequiredMembersTests {
    /// A request lacking one required member, and the problem the middleware names.
    struct Case: Sendable, CustomTestStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var server: BoxServer = .api
        var query: [String: String] = [:]
        var headers: [String: String] = [:]
        var body: JSONValue?
        var problem: String

        var testDescription: String { "\(method) \(path): \(problem)" }
    }

    static let cases: [Case] = [
        Case(method: .post, path: "/folders", body: ["parent": ["id": "0"]],
             problem: "request body is missing required property 'name'"),
        Case(method: .post, path: "/folders", body: ["name": "x", "parent": [:]],
             problem: "request body.parent is missing required property 'id'"),
        Case(method: .post, path: "/files/1/copy", body: ["parent": [:]],
             problem: "request body.parent is missing required property 'id'"),
        Case(method: .post, path: "/groups", body: [:],
             problem: "request body is missing required property 'name'"),
        Case(method: .post, path: "/web_links", body: ["parent": ["id": "0"]],
             problem: "request body is missing required property 'url'"),
        Case(method: .post, path: "/comments", body: ["item": ["type": "file", "id": "1"]],
             problem: "request body is missing required property 'message'"),
        Case(method: .post, path: "/tasks", body: ["item": ["type": "file"]],
             problem: "request body.item is missing required property 'id'"),
        Case(method: .post, path: "/task_assignments", body: ["task": ["type": "task"], "assign_to": ["id": "1"]],
             problem: "request body.task is missing required property 'id'"),
        Case(method: .post, path: "/collaborations",
             body: ["item": ["type": "folder", "id": "1"], "accessible_by": ["type": "user", "id": "1"]],
             problem: "request body is missing required property 'role'"),
        Case(method: .post, path: "/collaborations",
             body: ["item": ["type": "folder", "id": "1"], "accessible_by": ["id": "1"], "role": "editor"],
             problem: "request body.accessible_by is missing required property 'type'"),
        Case(method: .post, path: "/files/1/versions/current", body: ["type": "file_version"],
             problem: "request body is missing required property 'id'"),
        Case(method: .post, path: "/zip_downloads", body: [:],
             problem: "request body is missing required property 'items'"),
        Case(method: .post, path: "/users/1/email_aliases", body: [:],
             problem: "request body is missing required property 'email'"),
        Case(method: .put, path: "/users/1/folders/0", body: ["owned_by": [:]],
             problem: "request body.owned_by is missing required property 'id'"),
        Case(method: .put, path: "/storage_policy_assignments/1", body: ["storage_policy": ["type": "storage_policy"]],
             problem: "request body.storage_policy is missing required property 'id'"),
        Case(method: .post, path: "/collaboration_whitelist_exempt_targets", body: ["user": [:]],
             problem: "request body.user is missing required property 'id'"),
        Case(method: .post, path: "/folder_locks", body: ["folder": ["type": "folder"]],
             problem: "request body.folder is missing required property 'id'"),
        Case(method: .get, path: "/folder_locks", problem: "query parameter 'folder_id' is required"),
        Case(method: .post, path: "/files/1/metadata/global/boxSkillsCards", body: [:],
             problem: "request body is missing required property 'cards'"),
        Case(method: .post, path: "/metadata_queries/execute_read", body: ["ancestor_folder_id": "0"],
             problem: "request body is missing required property 'from'"),
        Case(method: .post, path: "/metadata_queries/execute_read", body: ["from": "enterprise_1.t"],
             problem: "request body is missing required property 'ancestor_folder_id'"),
        Case(method: .get, path: "/hub_items", problem: "query parameter 'hub_id' is required"),
        Case(method: .get, path: "/hub_collaborations", problem: "query parameter 'hub_id' is required"),
        Case(method: .get, path: "/hub_document_pages", problem: "query parameter 'hub_id' is required"),
        Case(method: .post, path: "/hub_collaborations",
             body: ["hub": ["type": "hubs"], "accessible_by": ["type": "user", "id": "1"], "role": "viewer"],
             problem: "request body.hub is missing required property 'id'"),
        Case(method: .get, path: "/shared_items", problem: "header 'boxapi' is required"),
        Case(method: .post, path: "/files/upload_sessions", server: .upload, body: ["folder_id": "0", "file_name": "a.bin"],
             problem: "request body is missing required property 'file_size'"),
        Case(method: .post, path: "/files/1/upload_sessions", server: .upload, body: [:],
             problem: "request body is missing required property 'file_size'"),
        Case(method: .post, path: "/files/upload_sessions/1/commit", server: .upload,
             headers: ["Digest": "sha=fpRyg5eVQletdZqEKaFlqwBXJzM="], body: [:],
             problem: "request body is missing required property 'parts'"),
        Case(method: .post, path: "/integration_mappings/slack",
             body: ["partner_item": ["type": "channel", "slack_workspace_id": "T1"], "box_item": ["type": "folder", "id": "1"]],
             problem: "request body.partner_item is missing required property 'id'"),
        Case(method: .post, path: "/collaboration_whitelist_entries", body: ["domain": "example.com"],
             problem: "request body is missing required property 'direction'"),
        Case(method: .get, path: "/hub_document_blocks", query: ["hub_id": "1"],
             problem: "query parameter 'page_id' is required"),
        Case(method: .post, path: "/group_memberships", body: ["user": ["id": "1"], "group": [:]],
             problem: "request body.group is missing required property 'id'"),
        Case(method: .get, path: "/storage_policy_assignments", query: ["resolved_for_type": "user"],
             problem: "query parameter 'resolved_for_id' is required"),
        Case(method: .post, path: "/storage_policy_assignments",
             body: ["storage_policy": ["type": "storage_policy", "id": "1"], "assigned_to": ["id": "1"]],
             problem: "request body.assigned_to is missing required property 'type'"),
        Case(method: .post, path: "/comments", body: ["message": "x", "item": ["id": "1"]],
             problem: "request body.item is missing required property 'type'"),
        Case(method: .post, path: "/invites", body: ["enterprise": [:], "actionable_by": ["login": "new@example.com"]],
             problem: "request body.enterprise is missing required property 'id'"),
        Case(method: .post, path: "/webhooks", body: ["target": ["type": "folder", "id": "0"], "triggers": ["FILE.UPLOADED"]],
             problem: "request body is missing required property 'address'"),
        Case(method: .put, path: "/skill_invocations/1", body: ["file": ["type": "file", "id": "1"], "metadata": ["cards": []]],
             problem: "request body is missing required property 'status'"),
        Case(method: .get, path: "/workflows", problem: "query parameter 'folder_id' is required"),
        Case(method: .get, path: "/metadata_cascade_policies", problem: "query parameter 'folder_id' is required"),
        Case(method: .get, path: "/terms_of_service_user_statuses", problem: "query parameter 'tos_id' is required"),
        Case(method: .get, path: "/legal_hold_policy_assignments", problem: "query parameter 'policy_id' is required"),
        Case(method: .get, path: "/file_version_legal_holds", problem: "query parameter 'policy_id' is required"),
        Case(method: .get, path: "/shield_information_barrier_segments",
             problem: "query parameter 'shield_information_barrier_id' is required"),
        Case(method: .get, path: "/shield_information_barrier_segment_members",
             problem: "query parameter 'shield_information_barrier_segment_id' is required"),
        Case(method: .put, path: "/terms_of_service_user_statuses/1", body: [:],
             problem: "request body is missing required property 'is_accepted'"),
        Case(method: .post, path: "/shield_information_barrier_segments",
             body: ["shield_information_barrier": ["type": "shield_information_barrier", "id": "1"]],
             problem: "request body is missing required property 'name'"),
    ]

    @Test(arguments: cases)
    func aMissingRequiredMemberIsRefusedWithBoxsBadRequestNamingIt(_ request: Case) async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.makeRequest(method: request.method, path: request.path, server: request.server, query: request.query,
                                             headers: request.headers,
                                             body: request.body.map(RawRequestBody.json))
            }
            #expect(error?.status == 400)
            #expect(error?.code == "bad_request")
            #expect(error?.message == request.problem)
        }
    }
}
