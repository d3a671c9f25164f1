import BoxLikeSDK
import BoxLikeServer
import BoxLikeSoak
import Testing

/// The soak benchmark's workload, short: eight clients at once on four shared folders, each
/// making 60 mixed changes; afterwards the server holds exactly what they did.
@Suite("Concurrent mixed content work")
struct SoakConsistencyTests {
    static let clients = 8
    static let operationsPerClient = 60

    /// Runs the workload and hands the ledger, the client and the plan's folders to `body`.
    func afterWorkload(_ body: (BoxLikeServer, BoxClient, SoakLedger, [String], String) async throws -> Void) async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let start = try await SoakEventTap.now(client: client)
            let folders = try await SoakWorkload.prepare(client: client, folders: 4, tag: "t")
            let ledger = await SoakWorkload.run(SoakWorkload.Plan(
                clients: Self.clients, stop: .afterOperations(Self.operationsPerClient), folderIds: folders,
                collaboratorId: server.seed.appUsers[0].id, tag: "t"), clients: [client])
            #expect(ledger.failures.isEmpty, "\(ledger.failures.prefix(5))")
            #expect(ledger.operationCount == Self.clients * Self.operationsPerClient)
            // Each kind of change happened, so each is checked.
            for action in SoakWorkload.Action.allCases { #expect(ledger.operations[action, default: 0] > 0, "no \(action)") }
            try await body(server, client, ledger, folders, start)
        }
    }

    @Test func theTreeAndTheTrashHoldEveryFileOnceWhereItsLastChangeLeftIt() async throws {
        try await afterWorkload { _, client, ledger, folders, _ in
            let problems = try await SoakCheck.tree(ledger, folderIds: folders, tag: "t", client: client)
            #expect(problems.isEmpty, "\(problems.prefix(10))")
        }
    }

    @Test func everyFileHasItsLastContentVersionsCommentsCollaborationAndLink() async throws {
        try await afterWorkload { _, client, ledger, _, _ in
            let problems = await SoakCheck.files(ledger, client: client)
            #expect(problems.isEmpty, "\(problems.prefix(10))")
        }
    }

    @Test func everyChangeIsOneEventInTheUserStreamAndInTheAdminLogs() async throws {
        try await afterWorkload { _, client, ledger, _, start in
            let end = try await SoakEventTap.now(client: client)
            for stream in [SoakEventTap.Stream.user, .adminLogs] {
                let tap = SoakEventTap(client: client, stream: stream, from: start)
                try await tap.read(upTo: end)
                let problems = SoakCheck.events(ledger, seen: await tap.seen, stream: "\(stream)")
                #expect(problems.isEmpty, "\(problems.prefix(10))")
            }
        }
    }

    @Test func purgingEveryFileLeavesNoneOfItsCommentsReadable() async throws {
        try await afterWorkload { _, client, ledger, folders, _ in
            let commented = try #require(ledger.files.values.first { $0.comments > 0 && !$0.trashed })
            let comment = try #require(try await client.comments.getFileComments(fileId: commented.id).entries?.first)

            let problems = await SoakWorkload.cleanUp(ledger, folderIds: folders, client: client)

            #expect(problems.isEmpty, "\(problems.prefix(5))")
            await #expect(throws: BoxAPIError.self) { _ = try await client.comments.getCommentById(commentId: comment.id) }
        }
    }
}
