import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// ArchivesV2025R0 (Box API 2025.0): enterprise admins make, list, rename and delete them.
@Suite("ArchivesV2025R0 against the server")
struct EndToEndArchivesTests {
    @Test func anArchiveIsCreatedAndListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let created = try await admin.archives.createArchiveV2025R0(
                requestBody: CreateArchiveV2025R0RequestBody(name: "Closed projects", description: "Work finished before 2020"))
            let listed = try await admin.archives.getArchivesV2025R0()

            #expect(created.name == "Closed projects")
            #expect(created.description == "Work finished before 2020")
            #expect(created.ownedBy?.id == server.seed.adminUser.id)
            #expect(listed.entries?.map(\.id) == [created.id])
        }
    }

    @Test func anArchiveIsRenamedAndKeepsItsDescription() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let created = try await admin.archives.createArchiveV2025R0(
                requestBody: CreateArchiveV2025R0RequestBody(name: "Old", description: "kept"))

            let updated = try await admin.archives.updateArchiveByIdV2025R0(
                archiveId: created.id, requestBody: UpdateArchiveByIdV2025R0RequestBody(name: "Older"))

            #expect(updated.name == "Older")
            #expect(updated.description == "kept")
            #expect(try await admin.archives.getArchivesV2025R0().entries?.map(\.name) == ["Older"])
        }
    }

    @Test func deletingAnArchiveIsUnavailableAsBoxDocumentsAndTheArchiveStays() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let created = try await admin.archives.createArchiveV2025R0(requestBody: CreateArchiveV2025R0RequestBody(name: "Temporary"))

            let error = await #expect(throws: BoxAPIError.self) { try await admin.archives.deleteArchiveByIdV2025R0(archiveId: created.id) }

            #expect(error?.status == 403)
            let listed = try await admin.archives.getArchivesV2025R0().entries?.map(\.id)
            #expect(listed == [created.id])
        }
    }

    @Test func deletingAnArchiveNobodyMadeIsNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) { try await admin.archives.deleteArchiveByIdV2025R0(archiveId: "404404") }

            #expect(error?.status == 404)
        }
    }

    @Test func aSecondArchiveWithTheSameNameIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await admin.archives.createArchiveV2025R0(requestBody: CreateArchiveV2025R0RequestBody(name: "Legal"))

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.archives.createArchiveV2025R0(requestBody: CreateArchiveV2025R0RequestBody(name: "legal"))
            }

            #expect(error?.status == 409)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotMakeArchives() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.archives.createArchiveV2025R0(requestBody: CreateArchiveV2025R0RequestBody(name: "Mine"))
            }

            #expect(error?.status == 403)
        }
    }
}
