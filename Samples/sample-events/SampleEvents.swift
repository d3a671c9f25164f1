// Tails the event stream until Ctrl-C (or `--exit-after` events), printing each event and
// the checkpoint a restarted process would resume from.
//
//   swift run sample-events                      # local server; makes a few changes to watch
//   swift run sample-events --exit-after 3
//   swift run sample-events --from-checkpoint '{"streamPosition":"12","handledEventIds":[]}'
import ArgumentParser
import BoxLikeSDK
import Foundation
import Logging
import SampleSupport
import ServiceLifecycle

@main
struct SampleEvents: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-events",
        abstract: "Tail the event stream until Ctrl-C, printing events and checkpoints.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "Stop after this many events (default: run until Ctrl-C).")
    var exitAfter: Int?

    @Option(help: "Against the local server: how many files to upload so there is something to see.")
    var demoChanges = 3

    @Option(help: "Resume from a checkpoint printed by an earlier run (JSON).")
    var fromCheckpoint: String?

    func run() async throws {
        let target = try await connection.resolve()
        let token = try target.require(target.developerToken, "developer-token")
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token, networkSession: target.networkSession),
                               networkSession: target.networkSession)
        let start: EventStream.StartPosition
        if let fromCheckpoint {
            start = .checkpoint(try JSONDecoder().decode(EventStreamCheckpoint.self, from: Data(fromCheckpoint.utf8)))
        } else {
            // Resolving "now" before any change is made, so the demo changes are all seen.
            let now = try await client.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "now"))
            guard let position = now.nextStreamPosition?.streamPosition else { throw ValidationError("The server gave no stream position.") }
            start = .position(position)
        }
        var services = [ServiceGroupConfiguration.ServiceConfiguration(
            service: EventTail(client: client, start: start, exitAfter: exitAfter),
            successTerminationBehavior: .gracefullyShutdownGroup)]
        if target.localServer != nil, demoChanges > 0 {
            services.append(.init(service: DemoChanges(client: client, count: demoChanges), successTerminationBehavior: .ignore))
        }
        var logger = Logger(label: "sample-events")
        logger.logLevel = .warning
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
        emit("Watching the event stream; Ctrl-C stops.")
        do {
            try await group.run()
        } catch {
            await target.close()
            throw error
        }
        emit("Stopped cleanly.")
        await target.close()
    }
}

/// Prints events as they arrive; ends on graceful shutdown (the poll's connection is closed).
struct EventTail: Service {
    let client: BoxClient
    let start: EventStream.StartPosition
    let exitAfter: Int?

    func run() async throws {
        let stream = client.events.stream(type: .all, from: start)
        let exitAfter = exitAfter
        try await cancelWhenGracefulShutdown {
            var seen = 0
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            do {
                for try await streamed in stream {
                    seen += 1
                    let event = streamed.event
                    let checkpoint = String(decoding: try encoder.encode(streamed.checkpoint), as: UTF8.self)
                    emit("\(event.eventType?.rawValue ?? "?") by \(event.createdBy?.name ?? "?") on \(Self.describe(event.source))")
                    emit("  checkpoint: \(checkpoint)")
                    if let exitAfter, seen >= exitAfter { return }
                }
            } catch is CancellationError {
                // Shutting down: the stream closed its poll; nothing is lost, the last
                // checkpoint printed says where to resume.
            }
        }
    }

    static func describe(_ source: EventSourceResource?) -> String {
        switch source {
        case .file(let file)?: "file \(file.name ?? file.id)"
        case .folder(let folder)?: "folder \(folder.name ?? folder.id)"
        case .webLink(let link)?: "web link \(link.name ?? link.id)"
        case .user(let user)?: "user \(user.name ?? user.id)"
        case .appItemEventSource(let appItem)?: "app item \(appItem.id)"
        case .eventSource(let item)?: "\(item.itemType.rawValue) \(item.itemName)"
        case .genericSource?, .unknown?: "another item"
        case nil: "nothing"
        }
    }
}

/// Makes a few changes on the local server so the tail has something to show.
struct DemoChanges: Service {
    let client: BoxClient
    let count: Int

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { [client, count] in try await Self.makeChanges(client: client, count: count) }
        } catch is CancellationError {
            // Shutting down before all changes were made.
        }
    }

    static func makeChanges(client: BoxClient, count: Int) async throws {
        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "events-demo-\(Int(Date().timeIntervalSince1970))", parent: CreateFolderRequestBodyParentField(id: "0")))
        for index in 1...count {
            try await Task.sleep(for: .milliseconds(200))
            _ = try await client.uploads.uploadFile(.bytes(Array("change \(index)".utf8)), name: "change-\(index).txt",
                                                    parentFolderId: folder.id)
        }
    }
}

/// Writes a line straight to standard output, so a tail shows each event at once even when
/// its output goes to a pipe (where `print` buffers).
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
