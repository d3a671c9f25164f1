import BoxLikeSDK
import Crypto
import Foundation

/// Compares the server with a soak run's ledger; every mismatch is one line of the answer.
public enum SoakCheck {
    /// The SHA-1 of `bytes` in hex, as Box reports a file's.
    static func sha1(_ bytes: [UInt8]) -> String {
        Insecure.SHA1.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The folder tree and the trash: every live file in its folder under its name exactly
    /// once, every deleted file in the trash, nothing else of the run anywhere.
    public static func tree(_ ledger: SoakLedger, folderIds: [String], tag: String, client: BoxClient) async throws -> [String] {
        var problems: [String] = []
        var seen: [String: String] = [:]
        for folderId in folderIds {
            for try await item in client.folders.getFolderItemsSequence(
                folderId: folderId, queryParams: GetFolderItemsQueryParams(fields: ["name"], limit: 1000)) {
                guard case .fileFull(let file) = item else {
                    problems.append("folder \(folderId) holds an item that is not a file: \(item)")
                    continue
                }
                if let other = seen[file.id] {
                    problems.append("file \(file.id) is listed in folder \(other) and again in \(folderId)")
                    continue
                }
                seen[file.id] = folderId
                guard let expected = ledger.files[file.id] else {
                    problems.append("folder \(folderId) holds file \(file.id) (\(file.name ?? "?")) that no client made")
                    continue
                }
                if expected.trashed { problems.append("file \(file.id) was deleted but is listed in folder \(folderId)") }
                if expected.parentId != folderId { problems.append("file \(file.id) is in folder \(folderId), expected \(expected.parentId)") }
                if file.name != expected.name { problems.append("file \(file.id) is named \(file.name ?? "nil"), expected \(expected.name)") }
            }
        }
        for file in ledger.files.values where !file.trashed && seen[file.id] == nil {
            problems.append("file \(file.id) (\(file.name)) is missing from folder \(file.parentId)")
        }
        var trashed: Set<String> = []
        for try await item in client.trashedItems.getTrashedItemsSequence(queryParams: GetTrashedItemsQueryParams(limit: 1000)) {
            guard case .fileFull(let file) = item, file.name?.hasPrefix("soak-\(tag)-") == true else { continue }
            if !trashed.insert(file.id).inserted { problems.append("file \(file.id) is listed twice in the trash") }
            if ledger.files[file.id]?.trashed != true { problems.append("file \(file.id) is in the trash but was not deleted (or restored since)") }
        }
        for file in ledger.files.values where file.trashed && !trashed.contains(file.id) {
            problems.append("deleted file \(file.id) is missing from the trash")
        }
        return problems
    }

    /// Each file's content, versions, comments, collaborations and shared link.
    public static func files(_ ledger: SoakLedger, client: BoxClient) async -> [String] {
        await SoakWorkload.concurrently(Array(ledger.files.values), width: 16) { expected in
            do {
                var problems: [String] = []
                if expected.trashed {
                    let file = try await client.trashedFiles.getTrashedFileById(fileId: expected.id)
                    if file.sha1 != expected.sha1 { problems.append("trashed file \(expected.id) has SHA-1 \(file.sha1 ?? "nil"), expected that of its last upload") }
                } else {
                    let file = try await client.files.getFileById(fileId: expected.id, queryParams: GetFileByIdQueryParams(fields: ["sha1", "shared_link", "name"]))
                    if file.sha1 != expected.sha1 { problems.append("file \(expected.id) has SHA-1 \(file.sha1 ?? "nil"), expected that of its last upload") }
                    if (file.sharedLink != nil) != expected.shared { problems.append("file \(expected.id) shared link: \(file.sharedLink != nil), expected \(expected.shared)") }
                    let versions = try await client.fileVersions.getFileVersions(fileId: expected.id).totalCount ?? -1
                    if versions != Int64(expected.versions - 1) { problems.append("file \(expected.id) has \(versions) earlier versions, expected \(expected.versions - 1)") }
                    let comments = try await client.comments.getFileComments(fileId: expected.id).totalCount ?? -1
                    if comments != Int64(expected.comments) { problems.append("file \(expected.id) has \(comments) comments, expected \(expected.comments)") }
                    let collaborations = try await client.listCollaborations.getFileCollaborations(fileId: expected.id).entries?.count ?? 0
                    if collaborations != (expected.collaborated ? 1 : 0) { problems.append("file \(expected.id) has \(collaborations) collaborations, expected \(expected.collaborated ? 1 : 0)") }
                }
                return problems.isEmpty ? nil : problems.joined(separator: "; ")
            } catch {
                return "reading file \(expected.id): \(error)"
            }
        }
    }

    /// Every expected event exactly as often as expected in `seen` (events of other types or
    /// items are not the run's and are left out), and none the run did not cause.
    public static func events(_ ledger: SoakLedger, seen: [SoakLedger.EventKey: Int], stream: String) -> [String] {
        let types = Set(ledger.expectedEvents.keys.map(\.type))
        var problems: [String] = []
        for (key, count) in ledger.expectedEvents.sorted(by: { $0.key < $1.key }) where seen[key, default: 0] != count {
            problems.append("\(stream): \(key) seen \(seen[key, default: 0]) times, expected \(count)")
        }
        for (key, count) in seen.sorted(by: { $0.key < $1.key })
        where types.contains(key.type) && ledger.files[key.itemId] != nil && ledger.expectedEvents[key] == nil {
            problems.append("\(stream): \(key) seen \(count) times, expected none")
        }
        return problems
    }
}

/// Reads a user's event stream (or the admin logs) from a position and counts each event
/// by type and source, for ``SoakCheck/events(_:seen:stream:)``.
public actor SoakEventTap {
    /// Which events to read.
    public enum Stream: Sendable {
        /// The user's stream (`stream_type=all`).
        case user
        /// The enterprise's admin logs (`admin_logs_streaming`), under their user-stream types.
        case adminLogs
    }

    let client: BoxClient
    let stream: Stream
    private(set) var position: String
    /// Events seen, by user-stream type and source id.
    public private(set) var seen: [SoakLedger.EventKey: Int] = [:]
    /// How many events were read in all.
    public private(set) var count = 0

    /// A tap that starts after `position` (from `GET /events?stream_position=now`).
    public init(client: BoxClient, stream: Stream, from position: String) {
        self.client = client
        self.stream = stream
        self.position = position
    }

    /// The current end of the user's stream, to start a tap at or to read up to.
    public static func now(client: BoxClient) async throws -> String {
        try await client.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "now")).nextStreamPosition?.streamPosition ?? "0"
    }

    /// Reads on until the stream position reaches `end`; `false` when a read came back empty
    /// before that (the tap has caught up with the server).
    @discardableResult
    public func read(upTo end: String) async throws -> Bool {
        let target = Int64(end) ?? 0
        while (Int64(position) ?? 0) < target {
            let page = try await client.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: stream == .user ? .all : .adminLogsStreaming, streamPosition: position, limit: 500))
            for event in page.entries ?? [] {
                count += 1
                guard let key = key(of: event) else { continue }
                seen[key, default: 0] += 1
            }
            let next = page.nextStreamPosition?.streamPosition ?? position
            if (page.entries ?? []).isEmpty && next == position { return false }
            position = next
        }
        return true
    }

    /// The event's user-stream type and source id; admin-log types map back to the user
    /// stream's for the changes a soak makes.
    func key(of event: Event) -> SoakLedger.EventKey? {
        guard let type = event.eventType?.rawValue, let source = event.source else { return nil }
        switch stream {
        case .user:
            guard case .file(let file) = source else { return nil }
            return SoakLedger.EventKey(type: type, itemId: file.id)
        case .adminLogs:
            guard case .eventSource(let item) = source, item.itemType == .file,
                  let userType = Self.userType[type] else { return nil }
            return SoakLedger.EventKey(type: userType, itemId: item.itemId)
        }
    }

    /// The admin logs' type of each change a soak makes, mapped to the user stream's.
    /// Uploads of a new file and of a new version are both `UPLOAD`.
    static let userType: [String: String] = [
        "UPLOAD": "ITEM_UPLOAD", "RENAME": "ITEM_RENAME", "MOVE": "ITEM_MOVE", "COPY": "ITEM_COPY",
        "SHARE": "ITEM_SHARED_CREATE", "COLLABORATION_INVITE": "COLLAB_ADD_COLLABORATOR",
        "COMMENT_CREATE": "COMMENT_CREATE", "DELETE": "ITEM_TRASH", "UNDELETE": "ITEM_UNDELETE_VIA_TRASH",
    ]
}
