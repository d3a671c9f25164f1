import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// A file's owner extending its retention with `disposition_at` (`PUT /files/{id}`), as a
/// policy with `can_owner_extend_retention` allows: later only, never earlier.
extension EndToEndRetentionTests {
    /// Alice's file in a folder under a 30-day policy that lets owners extend (or not).
    func retainedFileOfAlice(_ server: BoxLikeServer, ownersMayExtend: Bool = true, maxExtensionDays: String? = nil)
        async throws -> (alice: BoxClient, file: FileFull) {
        let (admin, _) = try await server.developerTokenClient()
        let (alice, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
        let folder = try await alice.makeFolder("records")
        let policy = try await admin.retentionPolicies.createRetentionPolicy(requestBody: CreateRetentionPolicyRequestBody(
            policyName: "Extendable \(UUID().uuidString.prefix(8))", policyType: .finite, dispositionAction: .removeRetention,
            retentionLength: .value(.double(30)), retentionType: .modifiable, canOwnerExtendRetention: ownersMayExtend,
            maxExtensionLength: maxExtensionDays.map { .string($0) }))
        _ = try await assign(admin, policy, toFolder: folder.id)
        return (alice, try await alice.makeFile("contract.pdf", text: "signed", in: folder.id))
    }

    func extend(_ client: BoxClient, _ file: FileFull, to date: Date) async throws -> FileFull {
        try await client.files.updateFileById(
            fileId: file.id, requestBody: UpdateFileByIdRequestBody(dispositionAt: date),
            queryParams: UpdateFileByIdQueryParams(fields: ["disposition_at"]))
    }

    @Test func aRetainedFileShowsItsDispositionDate() async throws {
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(on: clock) { server in
            let (alice, file) = try await retainedFileOfAlice(server)

            let read = try await alice.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["disposition_at"]))

            #expect(read.dispositionAt == clock.now.addingTimeInterval(30 * 24 * 3600))
        }
    }

    @Test func theOwnerExtendsAFilesRetentionWhenThePolicyLetsThem() async throws {
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(on: clock) { server in
            let (alice, file) = try await retainedFileOfAlice(server)
            let later = clock.now.addingTimeInterval(90 * 24 * 3600)

            let extended = try await extend(alice, file, to: later)

            #expect(extended.dispositionAt == later)
            await clock.advance(by: Self.day * 31)
            try await alice.files.deleteFileById(fileId: file.id)
            let purge = await #expect(throws: BoxAPIError.self) { try await alice.trashedFiles.deleteTrashedFileById(fileId: file.id) }
            #expect(purge?.status == 403)
        }
    }

    @Test func aRetentionCannotBeShortened() async throws {
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(on: clock) { server in
            let (alice, file) = try await retainedFileOfAlice(server)

            let error = await #expect(throws: BoxAPIError.self) {
                try await extend(alice, file, to: clock.now.addingTimeInterval(10 * 24 * 3600))
            }

            #expect(error?.status == 400)
            let read = try await alice.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["disposition_at"]))
            #expect(read.dispositionAt == clock.now.addingTimeInterval(30 * 24 * 3600))
        }
    }

    @Test func aPolicyThatDoesNotLetOwnersExtendRefusesTheExtension() async throws {
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(on: clock) { server in
            let (alice, file) = try await retainedFileOfAlice(server, ownersMayExtend: false)

            let error = await #expect(throws: BoxAPIError.self) {
                try await extend(alice, file, to: clock.now.addingTimeInterval(90 * 24 * 3600))
            }

            #expect(error?.status == 403)
        }
    }

    @Test func anExtensionIsLimitedToThePolicysMaximum() async throws {
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(on: clock) { server in
            let (alice, file) = try await retainedFileOfAlice(server, maxExtensionDays: "10")

            let tooFar = await #expect(throws: BoxAPIError.self) {
                try await extend(alice, file, to: clock.now.addingTimeInterval(45 * 24 * 3600))
            }
            let withinReach = try await extend(alice, file, to: clock.now.addingTimeInterval(40 * 24 * 3600))

            #expect(tooFar?.status == 400)
            #expect(withinReach.dispositionAt == clock.now.addingTimeInterval(40 * 24 * 3600))
        }
    }
}
