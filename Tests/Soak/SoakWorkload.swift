import BoxLikeSDK
import Foundation

/// Mixed content work by many clients at once on overlapping folders, with a ledger of what
/// each change must have left behind, for the soak benchmark (32 clients for two minutes on
/// loopback) and its short form in the SDK's tests (a few clients in process).
///
/// Every client works as the same user in the same few shared folders: it uploads files,
/// uploads new versions, renames, moves, copies, shares, collaborates, comments, deletes and
/// restores (its own files, so no two clients race for one name), and lists the shared
/// folders while the others change them. ``SoakCheck`` then compares the server with the
/// ledgers: the folder tree, the trash, versions, comments, collaborations, shared links and
/// one event per change in both the user's stream and the admin logs.
public enum SoakWorkload {
    /// What a soak run does.
    public struct Plan: Sendable {
        /// How many clients work at once.
        public var clients: Int
        /// When each client stops: after this many operations, or at a deadline.
        public var stop: Stop
        /// The folders every client works in (made by ``prepare(client:folders:tag:)``).
        public var folderIds: [String]
        /// The user files are shared with.
        public var collaboratorId: String
        /// Goes into every name, so runs in one server never meet.
        public var tag: String

        /// When a client stops.
        public enum Stop: Sendable {
            /// After this many operations.
            case afterOperations(Int)
            /// At this instant of the continuous clock.
            case at(ContinuousClock.Instant)
        }

        /// A plan; see the properties.
        public init(clients: Int, stop: Stop, folderIds: [String], collaboratorId: String, tag: String) {
            self.clients = clients
            self.stop = stop
            self.folderIds = folderIds
            self.collaboratorId = collaboratorId
            self.tag = tag
        }
    }

    /// One kind of operation a client makes.
    public enum Action: String, CaseIterable, Sendable, Comparable {
        case upload, version, rename, move, copy, share, collaborate, comment, delete, restore, list

        /// How often each is picked, out of the sum of all weights.
        var weight: Int {
            switch self {
            case .upload: 4
            case .version, .rename, .move, .comment: 2
            case .copy, .share, .collaborate, .delete, .restore, .list: 1
            }
        }

        public static func < (lhs: Action, rhs: Action) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Makes the shared folders a run works in, under the user's root.
    public static func prepare(client: BoxClient, folders: Int, tag: String) async throws -> [String] {
        var ids: [String] = []
        for index in 0..<folders {
            let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "soak-\(tag)-shared-\(index)", parent: CreateFolderRequestBodyParentField(id: "0")))
            ids.append(folder.id)
        }
        return ids
    }

    /// Runs the plan, one client per entry of `clients` (reused round-robin when there are
    /// fewer than ``Plan/clients``), and returns the merged ledger.
    public static func run(_ plan: Plan, clients: [BoxClient]) async -> SoakLedger {
        await withTaskGroup(of: SoakLedger.self) { group in
            for index in 0..<plan.clients {
                let client = clients[index % max(1, clients.count)]
                group.addTask {
                    var worker = Worker(index: index, plan: plan, client: client)
                    await worker.work()
                    return worker.ledger
                }
            }
            var merged = SoakLedger()
            for await ledger in group { merged.merge(ledger) }
            return merged
        }
    }

    /// Deletes every file the ledger knows and purges it from the trash, then the shared
    /// folders; returns what could not be removed.
    public static func cleanUp(_ ledger: SoakLedger, folderIds: [String], client: BoxClient) async -> [String] {
        var problems: [String] = []
        let files = Array(ledger.files.values)
        problems += await concurrently(files, width: 16) { file in
            do {
                if !file.trashed { try await client.files.deleteFileById(fileId: file.id) }
                try await client.trashedFiles.deleteTrashedFileById(fileId: file.id)
                return nil
            } catch {
                return "clean-up of file \(file.id): \(error)"
            }
        }
        for folderId in folderIds {
            do {
                try await client.folders.deleteFolderById(folderId: folderId, queryParams: DeleteFolderByIdQueryParams(recursive: true))
                try await client.trashedFolders.deleteTrashedFolderById(folderId: folderId)
            } catch {
                problems.append("clean-up of folder \(folderId): \(error)")
            }
        }
        return problems
    }

    /// Runs `body` over `elements` with at most `width` at once; collects the non-`nil` answers.
    static func concurrently<Element: Sendable>(
        _ elements: [Element], width: Int, _ body: @escaping @Sendable (Element) async -> String?
    ) async -> [String] {
        await withTaskGroup(of: [String].self) { group in
            for lane in 0..<width {
                group.addTask {
                    var found: [String] = []
                    var index = lane
                    while index < elements.count {
                        if let problem = await body(elements[index]) { found.append(problem) }
                        index += width
                    }
                    return found
                }
            }
            var all: [String] = []
            for await found in group { all += found }
            return all
        }
    }
}

/// What the clients of a soak run did and therefore expect to find.
public struct SoakLedger: Sendable {
    /// A file as its client last left it.
    public struct File: Sendable {
        public var id: String
        public var name: String
        public var parentId: String
        /// Uploads of content, the first included.
        public var versions: Int
        public var sha1: String
        public var trashed = false
        public var shared = false
        public var collaborated = false
        public var comments = 0
    }

    /// An event the ledger expects: a user-stream event type and the id of its source.
    public struct EventKey: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var type: String
        public var itemId: String

        public static func < (lhs: EventKey, rhs: EventKey) -> Bool { (lhs.type, lhs.itemId) < (rhs.type, rhs.itemId) }
        public var description: String { "\(type) on \(itemId)" }
    }

    /// Every file made in the run, by id.
    public var files: [String: File] = [:]
    /// How many events of each type each file must have caused.
    public var expectedEvents: [EventKey: Int] = [:]
    /// Operations done, by kind.
    public var operations: [SoakWorkload.Action: Int] = [:]
    /// Operations that failed, with the error.
    public var failures: [String] = []

    /// All operations done.
    public var operationCount: Int { operations.values.reduce(0, +) }

    mutating func expect(_ type: String, on itemId: String) {
        expectedEvents[EventKey(type: type, itemId: itemId), default: 0] += 1
    }

    mutating func merge(_ other: SoakLedger) {
        files.merge(other.files) { mine, _ in mine }
        expectedEvents.merge(other.expectedEvents, uniquingKeysWith: +)
        operations.merge(other.operations, uniquingKeysWith: +)
        failures += other.failures
    }
}

/// One client's loop.
private struct Worker {
    let index: Int
    let plan: SoakWorkload.Plan
    let client: BoxClient
    var ledger = SoakLedger()
    var random: SplitMix64
    var serial = 0

    init(index: Int, plan: SoakWorkload.Plan, client: BoxClient) {
        self.index = index
        self.plan = plan
        self.client = client
        self.random = SplitMix64(state: UInt64(index + 1) &* 0x9E37_79B9)
    }

    var live: [SoakLedger.File] { ledger.files.values.filter { !$0.trashed }.sorted { $0.id < $1.id } }
    var trashed: [SoakLedger.File] { ledger.files.values.filter(\.trashed).sorted { $0.id < $1.id } }

    mutating func work() async {
        var done = 0
        while true {
            switch plan.stop {
            case .afterOperations(let count): if done >= count { return }
            case .at(let deadline): if ContinuousClock.now >= deadline { return }
            }
            if Task.isCancelled { return }
            let action = pick()
            do {
                try await perform(action)
                ledger.operations[action, default: 0] += 1
            } catch {
                ledger.failures.append("client \(index) \(action.rawValue): \(error)")
            }
            done += 1
        }
    }

    /// A weighted random action that the client's files allow.
    mutating func pick() -> SoakWorkload.Action {
        let live = self.live, trashed = self.trashed
        let possible = SoakWorkload.Action.allCases.filter { action in
            switch action {
            case .upload, .list: true
            case .restore: !trashed.isEmpty
            case .share: live.contains { !$0.shared }
            case .collaborate: live.contains { !$0.collaborated }
            default: !live.isEmpty
            }
        }
        var roll = Int(random.next() % UInt64(possible.reduce(0) { $0 + $1.weight }))
        for action in possible {
            roll -= action.weight
            if roll < 0 { return action }
        }
        return .upload
    }

    mutating func nextName() -> String {
        serial += 1
        return "soak-\(plan.tag)-c\(index)-\(serial).txt"
    }

    mutating func content() -> [UInt8] {
        let count = 64 + Int(random.next() % 2048)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    mutating func folder(otherThan current: String? = nil) -> String {
        let choices = plan.folderIds.filter { $0 != current }
        return choices.isEmpty ? plan.folderIds[0] : choices[Int(random.next() % UInt64(choices.count))]
    }

    mutating func one(of files: [SoakLedger.File]) -> SoakLedger.File {
        files[Int(random.next() % UInt64(files.count))]
    }

    mutating func perform(_ action: SoakWorkload.Action) async throws {
        switch action {
        case .upload:
            let name = nextName()
            let bytes = content()
            let parent = folder()
            let uploaded = try await client.uploads.uploadFile(requestBody: UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(name: name, parent: UploadFileRequestBodyAttributesParentField(id: parent)),
                file: .bytes(bytes), fileFileName: name))
            let file = try Self.only(uploaded)
            ledger.files[file.id] = SoakLedger.File(id: file.id, name: name, parentId: parent, versions: 1, sha1: SoakCheck.sha1(bytes))
            ledger.expect("ITEM_UPLOAD", on: file.id)
        case .version:
            var file = one(of: live)
            let bytes = content()
            _ = try Self.only(try await client.uploads.uploadFileVersion(fileId: file.id, requestBody: UploadFileVersionRequestBody(
                attributes: UploadFileVersionRequestBodyAttributesField(name: file.name), file: .bytes(bytes))))
            file.versions += 1
            file.sha1 = SoakCheck.sha1(bytes)
            ledger.files[file.id] = file
            ledger.expect("ITEM_UPLOAD", on: file.id)
        case .rename:
            var file = one(of: live)
            file.name = nextName()
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(name: file.name))
            ledger.files[file.id] = file
            ledger.expect("ITEM_RENAME", on: file.id)
        case .move:
            var file = one(of: live)
            file.parentId = folder(otherThan: file.parentId)
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(
                parent: UpdateFileByIdRequestBodyParentField(id: file.parentId)))
            ledger.files[file.id] = file
            ledger.expect("ITEM_MOVE", on: file.id)
        case .copy:
            let source = one(of: live)
            let name = nextName()
            let parent = folder()
            let copy = try await client.files.copyFile(fileId: source.id, requestBody: CopyFileRequestBody(
                parent: CopyFileRequestBodyParentField(id: parent), name: name))
            ledger.files[copy.id] = SoakLedger.File(id: copy.id, name: name, parentId: parent, versions: 1, sha1: source.sha1)
            ledger.expect("ITEM_COPY", on: copy.id)
        case .share:
            var file = one(of: live.filter { !$0.shared })
            _ = try await client.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            file.shared = true
            ledger.files[file.id] = file
            ledger.expect("ITEM_SHARED_CREATE", on: file.id)
        case .collaborate:
            var file = one(of: live.filter { !$0.collaborated })
            _ = try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .file, id: file.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: plan.collaboratorId), role: .viewer))
            file.collaborated = true
            ledger.files[file.id] = file
            ledger.expect("COLLAB_ADD_COLLABORATOR", on: file.id)
        case .comment:
            var file = one(of: live)
            _ = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "note \(serial) from client \(index)", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))
            serial += 1
            file.comments += 1
            ledger.files[file.id] = file
            ledger.expect("COMMENT_CREATE", on: file.id)
        case .delete:
            var file = one(of: live)
            try await client.files.deleteFileById(fileId: file.id)
            file.trashed = true
            ledger.files[file.id] = file
            ledger.expect("ITEM_TRASH", on: file.id)
        case .restore:
            var file = one(of: trashed)
            _ = try await client.trashedFiles.restoreFileFromTrash(fileId: file.id)
            file.trashed = false
            ledger.files[file.id] = file
            ledger.expect("ITEM_UNDELETE_VIA_TRASH", on: file.id)
        case .list:
            let folderId = folder()
            _ = try await client.folders.getFolderItems(folderId: folderId, queryParams: GetFolderItemsQueryParams(limit: 100))
        }
    }

    static func only(_ files: Files) throws -> FileFull {
        guard let file = files.entries?.first, files.entries?.count == 1 else {
            throw SoakProblem("an upload answered \(files.entries?.count ?? 0) entries instead of one")
        }
        return file
    }
}

/// A soak expectation that did not hold.
public struct SoakProblem: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// A small, fast, seedable generator (SplitMix64), so each client's choices (and test
/// content) repeat from run to run.
public struct SplitMix64: Sendable {
    /// The generator's state; the seed to start from.
    public var state: UInt64

    /// A generator that starts from `state`.
    public init(state: UInt64) { self.state = state }

    /// The next pseudo-random value.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
