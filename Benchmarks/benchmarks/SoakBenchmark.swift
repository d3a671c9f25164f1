import BoxLikeSDK
import BoxLikeServer
import BoxLikeSoak
import Foundation

/// The soak: 32 clients for two minutes of mixed content work (upload, version, rename,
/// move, copy, share, collaborate, comment, delete, restore, list) on four shared folders,
/// against a server on loopback in this process. Two taps read the user's stream and the
/// admin logs while it runs; afterwards the tree, the trash, every file's content, versions,
/// comments, collaborations and link, and one event per change in both streams are checked
/// against the clients' ledgers (`soak_problems`, goal 0).
///
/// Memory (`soak_memory_ratio`, goal ≤ 1.10) compares the process after the soak's files are
/// purged with the process after a warm-up of the same work, also purged: the warm-up fills
/// the server's event history to its bound and takes the allocator to the high-water mark
/// the soak reaches, so what the ratio shows is what a second round of the same work leaves
/// behind, i.e. a leak. `soak_cold_rss_mib` is the process before any work, for reference.
/// `BOXLIKE_SOAK_SECONDS` shortens both rounds.
enum SoakBenchmark {
    static let clients = 32
    static let folders = 4
    /// The event history the server keeps (``BoxLikeServerConfiguration/eventRetention``): a
    /// bound the warm-up fills, so the memory it holds is in both measurements.
    static let eventRetention = 20_000

    static var seconds: Int {
        ProcessInfo.processInfo.environment["BOXLIKE_SOAK_SECONDS"].flatMap(Int.init) ?? 120
    }

    static func run(report: (String, Double) -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        configuration.eventRetention = eventRetention
        configuration.requestLogCapacity = 2_000
        try await BoxLikeServer.withRunning(configuration) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let session = NetworkSession(baseUrls: .singleOrigin(URL(string: server.origin) ?? URL(fileURLWithPath: "/")))
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            let collaborator = server.seed.appUsers[0].id

            // Warm-up: the same work for as long, cleaned up, repeated (shorter runs) until
            // the server's event history is full.
            let coldBytes = ProcessMemory.residentBytes() ?? 0
            let origin = Int64(try await SoakEventTap.now(client: client)) ?? 0
            var round = 0
            repeat {
                round += 1
                let tag = "warm\(round)"
                let folderIds = try await SoakWorkload.prepare(client: client, folders: folders, tag: tag)
                let ledger = await SoakWorkload.run(SoakWorkload.Plan(
                    clients: clients, stop: .at(.now + .seconds(seconds)), folderIds: folderIds,
                    collaboratorId: collaborator, tag: tag), clients: [client])
                let problems = await SoakWorkload.cleanUp(ledger, folderIds: folderIds, client: client)
                guard ledger.failures.isEmpty, problems.isEmpty else {
                    throw BenchmarkError.childFailed("soak warm-up: \((ledger.failures + problems).prefix(5))")
                }
            } while (Int64(try await SoakEventTap.now(client: client)) ?? 0) - origin < Int64(eventRetention * 17 / 16) && round < 20
            let startBytes = ProcessMemory.residentBytes() ?? 0

            // The soak, in a function of its own so nothing of its bookkeeping is alive when
            // the memory is measured again.
            let soak = try await soak(client: client, collaborator: collaborator)
            let endBytes = ProcessMemory.residentBytes() ?? 0
            for problem in soak.problems.prefix(20) { FileHandle.standardError.write(Data("soak: \(problem)\n".utf8)) }

            report("soak_clients", Double(clients))
            report("soak_seconds", soak.seconds.rounded())
            report("soak_operations", Double(soak.operations))
            report("soak_operations_per_second", (Double(soak.operations) / soak.seconds).rounded())
            report("soak_files", Double(soak.files))
            report("soak_events_checked", Double(soak.eventsChecked))
            report("soak_problems", Double(soak.problems.count))
            report("soak_cold_rss_mib", (Double(coldBytes) / 1_048_576).rounded())
            report("soak_start_rss_mib", (Double(startBytes) / 1_048_576).rounded())
            report("soak_end_rss_mib", (Double(endBytes) / 1_048_576).rounded())
            report("soak_memory_ratio", startBytes > 0 ? (Double(endBytes) / Double(startBytes) * 100).rounded() / 100 : 0)
        }
    }

    /// What a soak run reports.
    struct Outcome {
        var seconds: Double
        var operations: Int
        var files: Int
        var eventsChecked: Int
        var problems: [String]
    }

    /// Runs the soak with both taps reading as it goes, checks the server against the
    /// ledgers, and purges what it made.
    static func soak(client: BoxClient, collaborator: String) async throws -> Outcome {
        let start = try await SoakEventTap.now(client: client)
        let folderIds = try await SoakWorkload.prepare(client: client, folders: folders, tag: "soak")
        let userTap = SoakEventTap(client: client, stream: .user, from: start)
        let adminTap = SoakEventTap(client: client, stream: .adminLogs, from: start)
        let tapping = [userTap, adminTap].map { tap in
            Task {
                while !Task.isCancelled {
                    if (try? await tap.read(upTo: String(Int64.max))) != true { try? await Task.sleep(for: .milliseconds(50)) }
                }
            }
        }
        let began = ContinuousClock.now
        let ledger = await SoakWorkload.run(SoakWorkload.Plan(
            clients: clients, stop: .at(began + .seconds(seconds)), folderIds: folderIds,
            collaboratorId: collaborator, tag: "soak"), clients: [client])
        let elapsed = ContinuousClock.now - began
        for task in tapping { task.cancel() }
        for task in tapping { await task.value }
        let end = try await SoakEventTap.now(client: client)
        try await userTap.read(upTo: end)
        try await adminTap.read(upTo: end)

        var problems = ledger.failures
        problems += try await SoakCheck.tree(ledger, folderIds: folderIds, tag: "soak", client: client)
        problems += await SoakCheck.files(ledger, client: client)
        problems += SoakCheck.events(ledger, seen: await userTap.seen, stream: "user stream")
        problems += SoakCheck.events(ledger, seen: await adminTap.seen, stream: "admin logs")
        problems += await SoakWorkload.cleanUp(ledger, folderIds: folderIds, client: client)
        return Outcome(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            operations: ledger.operationCount, files: ledger.files.count,
            eventsChecked: ledger.expectedEvents.values.reduce(0, +) * 2, problems: problems)
    }
}
