import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// Box's collaborator permission levels, from Box's "Understanding Collaborator Permission
/// Levels" page: for each action, whether each role may do it. Columns, in order: co-owner,
/// editor, viewer uploader, previewer uploader, viewer, previewer, uploader.
private let boxTable: [(action: String, allowed: String)] = [
    ("view", "YYYYYYY"),
    ("preview", "YYYYYYN"),
    ("download", "YYYNYNN"),
    ("comment", "YYYYYYN"),
    ("share", "YYYNYNN"),
    ("editSharedLink", "YYNNNNN"),
    ("editMetadata", "YYYYNNY"),
    ("tag", "YYNNNNN"),
    ("editContent", "YYYNNNN"),
    ("rename", "YYNNNNN"),
    ("copy", "YYYNYNN"),
    ("upload", "YYYYNNY"),
    ("createFolder", "YYYYNNY"),
    ("invite", "YYNNNNN"),
    ("viewCollaborators", "YYYYYYY"),
    ("lock", "YYYNNNN"),
    ("move", "YYNNNNN"),
    ("delete", "YYNNNNN"),
    ("restore", "YYNNNNN"),
    ("manageSettings", "YNNNNNN"),
    ("transferOwnership", "NNNNNNN"),
    ("folder.view", "YYYYYYY"),
    ("folder.download", "YYYNYNN"),
    ("folder.share", "YYYNYNN"),
    ("folder.rename", "YYNNNNN"),
    ("folder.delete", "YYNNNNN"),
]

private let roles = ["co-owner", "editor", "viewer uploader", "previewer uploader", "viewer", "previewer", "uploader"]

private func boxAllows(_ action: String, _ role: String) -> Bool {
    let action = action.hasPrefix("folder.") ? String(action.dropFirst("folder.".count)) : action
    guard let row = boxTable.first(where: { $0.action == action }), let column = roles.firstIndex(of: role) else { return false }
    return Array(row.allowed)[column] == "Y"
}

/// A server where the admin's seeded folder is shared with the first app user in `role`.
private struct SharedFolder {
    let server: BoxLikeServer
    let ownerToken: String
    let collaboratorToken: String
    let collaborationId: String
    /// A folder inside the shared one, for the actions on folders.
    let teamFolderId: String
    var folderId: String { server.seed.adminUser.folderId }
    var fileId: String { server.seed.adminUser.fileId }

    static func make(_ server: BoxLikeServer, role: String) async throws -> SharedFolder {
        let owner = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let collaborator = server.seed.appUsers[0]
        let created = try await server.api(.POST, "/collaborations", token: owner, json: [
            "item": ["type": "folder", "id": .string(server.seed.adminUser.folderId)],
            "accessible_by": ["type": "user", "id": .string(collaborator.id)], "role": .string(role),
        ])
        guard created.status == 201, let id = created.json?["id"]?.stringValue else { throw TestFailure("collaboration: \(created.text)") }
        let team = try await server.api(.POST, "/folders", token: owner, json: [
            "name": "Team", "parent": ["id": .string(server.seed.adminUser.folderId)],
        ])
        guard let teamId = team.json?["id"]?.stringValue else { throw TestFailure("folder: \(team.text)") }
        return SharedFolder(server: server, ownerToken: owner, collaboratorToken: try await server.mintDeveloperToken(userId: collaborator.id),
                            collaborationId: id, teamFolderId: teamId)
    }

    func upload(_ path: String, attributes: JSONValue) async throws -> HTTPResult {
        try await server.send(
            .POST, server.uploadBaseURL + path,
            headers: [("Authorization", "Bearer \(collaboratorToken)"), ("Content-Type", Multipart.contentType)],
            body: Multipart.upload(attributes: attributes, file: Array("new content".utf8)))
    }

    /// A zip download of the shared folder as the collaborator: `200` when it carries every
    /// file, `403` when the role left files out (what may not be downloaded is skipped and
    /// counted).
    func zipHoldsTheFile(token: String) async throws -> Int {
        let zip = try await server.api(.POST, "/zip_downloads", token: token, json: [
            "items": [["type": "folder", "id": .string(folderId)]], "download_file_name": "all",
        ])
        guard let status = zip.json?["status_url"]?.stringValue else { return zip.status }
        let path = status.components(separatedBy: "/2.0").last ?? status
        let report = try await server.api(.GET, path, token: token)
        return report.json?["skipped_file_count"] == 0 ? 200 : 403
    }

    /// Does `action` as the collaborator and answers the status the server gave.
    func attempt(_ action: String) async throws -> Int {
        let token = collaboratorToken
        let file = "/files/\(fileId)"
        switch action {
        case "view": return try await server.api(.GET, file, token: token).status
        case "preview": return try await server.api(.GET, file + "/thumbnail.png", token: token).status
        case "download": return try await server.api(.GET, file + "/content", token: token).status
        case "comment":
            return try await server.api(.POST, "/comments", token: token, json: ["message": "hi", "item": ["type": "file", "id": .string(fileId)]]).status
        case "share": return try await server.api(.PUT, file, token: token, json: ["shared_link": [:]]).status
        case "editSharedLink":
            return try await server.api(.PUT, file, token: token, json: ["shared_link": ["access": "open", "password": "Correct-Horse-9"]]).status
        case "editMetadata": return try await server.api(.POST, file + "/metadata/global/properties", token: token, json: ["k": "v"]).status
        case "tag": return try await server.api(.PUT, file, token: token, json: ["tags": ["reviewed"]]).status
        case "editContent": return try await upload(file + "/content", attributes: [:]).status
        case "rename": return try await server.api(.PUT, file, token: token, json: ["name": "renamed.txt"]).status
        case "copy": return try await server.api(.POST, file + "/copy", token: token, json: ["parent": ["id": "0"]]).status
        case "upload": return try await upload("/files/content", attributes: ["name": "new.txt", "parent": ["id": .string(folderId)]]).status
        case "createFolder":
            return try await server.api(.POST, "/folders", token: token, json: ["name": "Made", "parent": ["id": .string(folderId)]]).status
        case "invite":
            return try await server.api(.POST, "/collaborations", token: token, json: [
                "item": ["type": "folder", "id": .string(folderId)],
                "accessible_by": ["type": "user", "id": .string(server.seed.appUsers[1].id)], "role": "viewer",
            ]).status
        case "viewCollaborators": return try await server.api(.GET, "/folders/\(folderId)/collaborations", token: token).status
        case "lock": return try await server.api(.PUT, file, token: token, json: ["lock": ["access": "lock"]]).status
        case "move": return try await server.api(.PUT, file, token: token, json: ["parent": ["id": .string(server.seed.adminSubfolderId)]]).status
        case "delete": return try await server.api(.DELETE, "/files/\(server.seed.adminSubfolderFileId)", token: token).status
        case "restore":
            let bin = try await server.api(.POST, "/folders", token: ownerToken, json: ["name": "Bin", "parent": ["id": .string(folderId)]])
            guard let binId = bin.json?["id"]?.stringValue else { throw TestFailure("folder: \(bin.text)") }
            guard try await server.api(.DELETE, "/folders/\(binId)", token: ownerToken).status == 204 else { throw TestFailure("trash") }
            return try await server.api(.POST, "/folders/\(binId)", token: token, json: [:]).status
        case "manageSettings": return try await server.api(.PUT, "/folders/\(folderId)", token: token, json: ["can_non_owners_invite": false]).status
        case "transferOwnership": return try await server.api(.PUT, "/collaborations/\(collaborationId)", token: token, json: ["role": "owner"]).status
        case "folder.view": return try await server.api(.GET, "/folders/\(teamFolderId)", token: token).status
        case "folder.download": return try await zipHoldsTheFile(token: token)
        case "folder.share": return try await server.api(.PUT, "/folders/\(teamFolderId)", token: token, json: ["shared_link": [:]]).status
        case "folder.rename": return try await server.api(.PUT, "/folders/\(teamFolderId)", token: token, json: ["name": "Renamed"]).status
        case "folder.delete": return try await server.api(.DELETE, "/folders/\(teamFolderId)", token: token).status
        default: throw TestFailure("no request for \(action)")
        }
    }
}

@Suite("Box's collaboration roles")
struct CollaborationRoleTests {
    /// Every role against every action of Box's table: allowed actions succeed, the others are
    /// `403` (the collaborator can see the item, so Box does not hide it).
    @Test(arguments: roles)
    func eachRoleMayDoWhatBoxsTableAllowsAndNothingElse(role: String) async throws {
        try await withTestServer { server in
            let shared = try await SharedFolder.make(server, role: role)
            for (action, _) in boxTable {
                let status = try await shared.attempt(action)
                if boxAllows(action, role) {
                    #expect((200..<400).contains(status), "\(role) may \(action), got \(status)")
                } else {
                    #expect(status == 403, "\(role) may not \(action), got \(status)")
                }
            }
        }
    }

    /// `fields=permissions` says what the same table says, for the file and for its folder.
    @Test(arguments: roles)
    func permissionsFieldTellsEachRoleWhatItMayDo(role: String) async throws {
        try await withTestServer { server in
            let shared = try await SharedFolder.make(server, role: role)
            let file = try await server.api(.GET, "/files/\(shared.fileId)?fields=permissions", token: shared.collaboratorToken)
            let filePermissions = try #require(file.json?["permissions"])
            let fileExpectations = [
                ("can_preview", "preview"), ("can_download", "download"), ("can_comment", "comment"), ("can_share", "share"),
                ("can_set_share_access", "editSharedLink"), ("can_upload", "editContent"), ("can_rename", "rename"),
                ("can_delete", "delete"), ("can_invite_collaborator", "invite"),
            ]
            for (member, action) in fileExpectations {
                #expect(filePermissions[member]?.boolValue == boxAllows(action, role), "\(role): file \(member)")
            }
            let folder = try await server.api(.GET, "/folders/\(shared.folderId)?fields=permissions", token: shared.collaboratorToken)
            let folderPermissions = try #require(folder.json?["permissions"])
            for (member, action) in [("can_upload", "upload"), ("can_download", "download"), ("can_rename", "rename"),
                                     ("can_delete", "delete"), ("can_invite_collaborator", "invite")] {
                #expect(folderPermissions[member]?.boolValue == boxAllows(action, role), "\(role): folder \(member)")
            }
        }
    }

    /// Owners and co-owners invite at every role but `owner`, editors at every role below
    /// co-owner, and no other role invites at all.
    @Test(arguments: roles)
    func eachRoleInvitesAtTheRolesBoxAllows(role: String) async throws {
        try await withTestServer { server in
            let shared = try await SharedFolder.make(server, role: role)
            let invitable: [String] = switch role {
            case "co-owner": roles
            case "editor": roles.filter { $0 != "co-owner" }
            default: []
            }
            for (index, invited) in roles.enumerated() {
                let invite = try await server.api(.POST, "/collaborations", token: shared.collaboratorToken, json: [
                    "item": ["type": "folder", "id": .string(shared.folderId)],
                    "accessible_by": ["type": "user", "login": .string("invitee\(index)@example.com")], "role": .string(invited),
                ])
                #expect(invite.status == (invitable.contains(invited) ? 201 : 403), "\(role) inviting a \(invited): \(invite.status)")
            }
        }
    }

    @Test func theOwnerMayDoEverythingOnTheirOwnItems() async throws {
        try await withTestServer { server in
            let owner = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let file = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)?fields=permissions", token: owner)
            let permissions = try #require(file.json?["permissions"]?.objectValue)
            #expect(permissions.values.allSatisfy { $0 == true })
        }
    }

    @Test func theMostPermissiveOfSeveralCollaborationsWins() async throws {
        try await withTestServer { server in
            // A previewer on the folder who is a viewer of the sub folder may download inside it.
            let shared = try await SharedFolder.make(server, role: "previewer")
            let subfolderCollaboration = try await server.api(.POST, "/collaborations", token: shared.ownerToken, json: [
                "item": ["type": "folder", "id": .string(server.seed.adminSubfolderId)],
                "accessible_by": ["type": "user", "id": .string(server.seed.appUsers[0].id)], "role": "viewer",
            ])
            #expect(subfolderCollaboration.status == 201)
            let inside = "/files/\(server.seed.adminSubfolderFileId)/content"
            #expect(try await server.api(.GET, inside, token: shared.collaboratorToken).status == 302)
            #expect(try await server.api(.GET, "/files/\(shared.fileId)/content", token: shared.collaboratorToken).status == 403)
        }
    }

    @Test func anEditorMayNotMakeAnyoneCoOwnerNorChangeACoOwner() async throws {
        try await withTestServer { server in
            let shared = try await SharedFolder.make(server, role: "editor")
            let invite = try await server.api(.POST, "/collaborations", token: shared.collaboratorToken, json: [
                "item": ["type": "folder", "id": .string(shared.folderId)],
                "accessible_by": ["type": "user", "id": .string(server.seed.appUsers[1].id)], "role": "co-owner",
            ])
            #expect(invite.status == 403)
            let coOwner = try await server.api(.POST, "/collaborations", token: shared.ownerToken, json: [
                "item": ["type": "folder", "id": .string(shared.folderId)],
                "accessible_by": ["type": "user", "id": .string(server.seed.appUsers[1].id)], "role": "co-owner",
            ])
            let coOwnerId = try #require(coOwner.json?["id"]?.stringValue)
            let demote = try await server.api(.PUT, "/collaborations/\(coOwnerId)", token: shared.collaboratorToken, json: ["role": "viewer"])
            #expect(demote.status == 403)
            #expect(try await server.api(.DELETE, "/collaborations/\(coOwnerId)", token: shared.collaboratorToken).status == 403)
        }
    }

    @Test func aFolderThatRestrictsInvitationsLetsOnlyOwnersAndCoOwnersInvite() async throws {
        try await withTestServer { server in
            let shared = try await SharedFolder.make(server, role: "editor")
            let restricted = try await server.api(
                .PUT, "/folders/\(shared.folderId)?fields=can_non_owners_invite", token: shared.ownerToken, json: ["can_non_owners_invite": false])
            #expect(restricted.json?["can_non_owners_invite"] == false)
            let invite: JSONValue = [
                "item": ["type": "folder", "id": .string(shared.folderId)],
                "accessible_by": ["type": "user", "id": .string(server.seed.appUsers[1].id)], "role": "viewer",
            ]
            #expect(try await server.api(.POST, "/collaborations", token: shared.collaboratorToken, json: invite).status == 403)
            let permissions = try await server.api(.GET, "/folders/\(shared.folderId)?fields=permissions", token: shared.collaboratorToken)
            #expect(permissions.json?["permissions"]?["can_invite_collaborator"] == false)
            #expect(try await server.api(.POST, "/collaborations", token: shared.ownerToken, json: invite).status == 201)
        }
    }

    @Test func hidingCollaboratorsFromNonOwnersNeedsInvitationsOffToo() async throws {
        try await withTestServer { server in
            let shared = try await SharedFolder.make(server, role: "editor")
            let folder = "/folders/\(shared.folderId)"
            #expect(try await server.api(.PUT, folder, token: shared.ownerToken, json: ["can_non_owners_view_collaborators": false]).status == 400)
            let both = try await server.api(.PUT, folder, token: shared.ownerToken, json: [
                "can_non_owners_view_collaborators": false, "can_non_owners_invite": false,
            ])
            #expect(both.status == 200)
            #expect(try await server.api(.GET, folder + "/collaborations", token: shared.collaboratorToken).status == 403)
            #expect(try await server.api(.GET, folder + "/collaborations", token: shared.ownerToken).status == 200)
        }
    }

    @Test func aCollaborationEndsWhenItExpiresOnTheServerClock() async throws {
        let clock = ManualServerClock()
        var configuration = BoxLikeServerConfiguration()
        configuration.clock = .manual(clock)
        try await withTestServer(configuration) { server in
            let shared = try await SharedFolder.make(server, role: "viewer")
            let now = await server.state.currentTime
            let expiry = Timestamp.string(now.addingTimeInterval(60))
            let set = try await server.api(.PUT, "/collaborations/\(shared.collaborationId)", token: shared.ownerToken, json: ["expires_at": .string(expiry)])
            #expect(set.status == 200)
            #expect(try await server.api(.GET, "/files/\(shared.fileId)", token: shared.collaboratorToken).status == 200)
            await clock.advance(by: .seconds(61))
            #expect(try await server.api(.GET, "/files/\(shared.fileId)", token: shared.collaboratorToken).status == 404)
        }
    }

    @Test func aFolderRestrictedToTheEnterpriseRefusesInvitingAnOutsideAddress() async throws {
        try await withTestServer { server in
            let owner = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let folder = "/folders/\(server.seed.adminUser.folderId)"
            #expect(try await server.api(.PUT, folder, token: owner, json: ["is_collaboration_restricted_to_enterprise": true]).status == 200)
            let invite = try await server.api(.POST, "/collaborations", token: owner, json: [
                "item": ["type": "folder", "id": .string(server.seed.adminUser.folderId)],
                "accessible_by": ["type": "user", "login": "partner@elsewhere.example"], "role": "viewer",
            ])
            #expect(invite.status == 403)
        }
    }
}
