import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.archives`, as Box's documentation uses it.
@Suite("Drop-in: archives")
struct ArchivesTests {
    @Test func anArchiveIsCreatedListedAndRenamed() async throws {
        try await withLocalBox { box in
            let client = box.client
            let archiveName = UUID().uuidString

            let archive = try await client.archives.createArchiveV2025R0(
                requestBody: CreateArchiveV2025R0RequestBody(name: archiveName, description: "Finished work"))
            #expect(archive.type.rawValue == "archive")
            #expect(archive.name == archiveName)

            let archives = try await client.archives.getArchivesV2025R0(queryParams: GetArchivesV2025R0QueryParams(limit: Int64(100)))
            #expect(archives.entries?.count == 1)

            let newArchiveName = UUID().uuidString
            let updatedArchive = try await client.archives.updateArchiveByIdV2025R0(
                archiveId: archive.id, requestBody: UpdateArchiveByIdV2025R0RequestBody(name: newArchiveName, description: "Finished in 2025"))
            #expect(updatedArchive.name == newArchiveName)
            #expect(updatedArchive.description == "Finished in 2025")
        }
    }

    @Test func deletingAnArchiveThatDoesNotExistFails() async throws {
        try await withLocalBox { box in
            let client = box.client

            let error = await #expect(throws: BoxAPIError.self) { try await client.archives.deleteArchiveByIdV2025R0(archiveId: "404404") }

            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
