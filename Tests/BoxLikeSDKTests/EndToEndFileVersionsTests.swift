import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// A file's version history through `fileVersions` and `uploads.uploadFileVersion`.
@Suite("File versions against the server")
struct EndToEndFileVersionsTests {
    /// A file with three versions whose contents are `v1`, `v2`, `v3`.
    private func fileWithThreeVersions(_ client: BoxClient) async throws -> FileFull {
        let folder = try await client.makeFolder("versions")
        let file = try await client.makeFile("doc.txt", text: "v1", in: folder.id)
        _ = try await client.uploadVersion(of: file.id, text: "v2")
        return try await client.uploadVersion(of: file.id, text: "v3")
    }

    @Test func earlierVersionsAreListedNewestFirstWithoutTheCurrentOne() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)

            let versions = try await client.fileVersions.getFileVersions(fileId: file.id)

            #expect(versions.totalCount == 2)
            #expect(versions.entries?.map(\.versionNumber) == ["2", "1"])
            #expect(versions.entries?.map(\.size) == [2, 2])
            #expect(versions.entries?.map(\.id).contains(file.fileVersion?.id ?? "") == false)
            for version in versions.entries ?? [] {
                #expect(try await client.text(ofFile: file.id, version: version.id) == "v\(version.versionNumber ?? "")")
            }
        }
    }

    @Test func theVersionSequencePagesByOffset() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)
            _ = try await client.uploadVersion(of: file.id, text: "v4")

            let all = try await client.fileVersions.getFileVersionsSequence(
                fileId: file.id, queryParams: GetFileVersionsQueryParams(limit: 2)).collect()

            #expect(all.map(\.versionNumber) == ["3", "2", "1"])
        }
    }

    @Test func theCurrentVersionCanBeReadById() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)
            let currentId = try #require(file.fileVersion?.id)

            let version = try await client.fileVersions.getFileVersionById(fileId: file.id, fileVersionId: currentId)

            #expect(version.versionNumber == "3")
            #expect(version.sha1 == file.sha1)
            #expect(version.trashedAt == nil)
            #expect(version.modifiedBy?.id == server.seed.adminUser.id)
        }
    }

    @Test func aVersionOfAnotherFileIsNotFound() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)
            let other = try await client.makeFile("other-\(UUID().uuidString).txt", text: "o", in: "0")

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.fileVersions.getFileVersionById(fileId: file.id, fileVersionId: other.fileVersion?.id ?? "")
            }

            #expect(error?.status == 404)
        }
    }

    @Test func promotingCopiesAnEarlierVersionToTheTop() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)
            let first = try #require(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.last)

            let promoted = try await client.fileVersions.promoteFileVersion(
                fileId: file.id, requestBody: PromoteFileVersionRequestBody(id: first.id, type: .fileVersion))

            #expect(promoted.id != first.id)
            #expect(promoted.versionNumber == "4")
            #expect(promoted.sha1 == first.sha1)
            #expect(try await client.text(ofFile: file.id) == "v1")
            #expect(try await client.files.getFileById(fileId: file.id).fileVersion?.id == promoted.id)
            #expect(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.map(\.versionNumber) == ["3", "2", "1"])
        }
    }

    @Test func promotingWithAStaleEtagIsA412AndChangesNothing() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)
            let first = try #require(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.last)
            _ = try await client.uploadVersion(of: file.id, text: "v4")

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.fileVersions.promoteFileVersion(
                    fileId: file.id, requestBody: PromoteFileVersionRequestBody(id: first.id),
                    headers: PromoteFileVersionHeaders(ifMatch: file.etag))
            }

            #expect(error?.status == 412)
            #expect(error?.code == "precondition_failed")
            #expect(try await client.text(ofFile: file.id) == "v4")
        }
    }

    @Test func deletingAVersionMovesItToTheTrash() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)
            let first = try #require(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.last)

            try await client.fileVersions.deleteFileVersionById(fileId: file.id, fileVersionId: first.id)

            let listed = try #require(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.last)
            #expect(listed.id == first.id)
            #expect(listed.trashedAt != nil)
            #expect(listed.trashedBy?.id == server.seed.adminUser.id)
            let download = await #expect(throws: BoxAPIError.self) { try await client.text(ofFile: file.id, version: first.id) }
            #expect(download?.status == 404)
        }
    }

    @Test func theCurrentVersionCannotBeDeleted() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.fileVersions.deleteFileVersionById(fileId: file.id, fileVersionId: file.fileVersion?.id ?? "")
            }

            #expect(error?.status == 400)
            #expect(try await client.text(ofFile: file.id) == "v3")
        }
    }

    @Test func deletingAVersionWithAStaleEtagIsA412() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)
            let first = try #require(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.last)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.fileVersions.deleteFileVersionById(
                    fileId: file.id, fileVersionId: first.id, headers: DeleteFileVersionByIdHeaders(ifMatch: "0"))
            }

            #expect(error?.status == 412)
            #expect(try await client.fileVersions.getFileVersionById(fileId: file.id, fileVersionId: first.id).trashedAt == nil)
        }
    }

    @Test func restoringAVersionTakesItOutOfTheTrash() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await fileWithThreeVersions(client)
            let first = try #require(try await client.fileVersions.getFileVersions(fileId: file.id).entries?.last)
            try await client.fileVersions.deleteFileVersionById(fileId: file.id, fileVersionId: first.id)

            let restored = try await client.fileVersions.updateFileVersionById(
                fileId: file.id, fileVersionId: first.id, requestBody: UpdateFileVersionByIdRequestBody(trashedAt: .null))

            #expect(restored.trashedAt == nil)
            #expect(restored.restoredAt != nil)
            #expect(restored.restoredBy?.id == server.seed.adminUser.id)
            #expect(try await client.text(ofFile: file.id, version: first.id) == "v1")
        }
    }

    @Test func aVersionUploadWithAStaleEtagIsA412AndKeepsTheContent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("etag-\(UUID().uuidString).txt", text: "one", in: "0")
            let second = try await client.uploadVersion(of: file.id, text: "two", ifMatch: file.etag)
            #expect(second.etag != file.etag)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.uploadVersion(of: file.id, text: "three", ifMatch: file.etag)
            }

            #expect(error?.status == 412)
            #expect(try await client.text(ofFile: file.id) == "two")
            #expect(try await client.fileVersions.getFileVersions(fileId: file.id).totalCount == 1)
        }
    }

    @Test func someoneWithoutAccessCannotSeeTheVersions() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (stranger, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await fileWithThreeVersions(admin)

            let error = await #expect(throws: BoxAPIError.self) { try await stranger.fileVersions.getFileVersions(fileId: file.id) }

            #expect(error?.status == 404)
        }
    }
}
