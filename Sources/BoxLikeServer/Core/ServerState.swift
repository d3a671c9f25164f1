import BoxLikeJSON
import Foundation

/// All content state of one server instance: users, the items of the folder tree (folders,
/// files and their versions, web links), groups, collaborations, shared links, comments, tasks,
/// webhooks, metadata, events and upload sessions.
///
/// One actor owns it so every mutation is serialised and appends its event atomically.
actor ServerState {
    let configuration: BoxLikeServerConfiguration
    /// `http://127.0.0.1:P`, known once the listener is bound.
    var origin = "http://127.0.0.1"
    var enterpriseId = ""
    var enterpriseName = "BoxLike Enterprise"
    var users: [String: UserRecord] = [:]
    /// Every folder, file and web link, in one place.
    var items = ItemStore()
    var collaborations = CollaborationStore()
    /// Every webhook, by id: the event recorder delivers to them.
    var webhooks: [String: WebhookRecord] = [:]
    var groups: [String: GroupRecord] = [:]
    var groupMemberships: [String: GroupMembershipRecord] = [:]
    /// Metadata templates by id; the global `properties` template is always there.
    var metadataTemplates: [String: MetadataTemplateRecord] = [
        "global-properties": MetadataTemplateRecord(
            id: "global-properties", scope: "global", templateKey: "properties", displayName: "Properties", isFreeForm: true),
    ]
    /// Metadata instances by item key (`file_1`) then `scope/templateKey`.
    var metadata: [String: [String: JSONValue]] = [:]
    var events: [EventRecord] = []
    var uploadSessions: [String: UploadSessionRecord] = [:]
    var downloadTickets: [String: DownloadTicket] = [:]
    /// Remaining `202 Retry-After` answers per file id.
    var notReadyDownloads: [String: Int] = [:]
    /// Long-polls waiting for a change, by poll.
    var realtimeWaiters: [UUID: RealtimeWaiter] = [:] {
        didSet { resumeRealtimePollWatchers() }
    }
    /// Tests waiting for a number of held long-polls, by waiter.
    var realtimePollWatchers: [UUID: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
    /// Realtime URLs handed out by `OPTIONS /events`, by channel.
    var realtimeChannels: [String: RealtimeChannel] = [:]
    /// Sends webhook notifications, away from the state so a slow receiver never holds it.
    let webhookDeliverer: WebhookDeliverer
    /// The state areas keep for themselves (``AreaState``), by type.
    var areaStates: [ObjectIdentifier: any AreaState] = [:]
    /// The areas whose state is being changed right now (taken out of ``areaStates``).
    var areasInUse: Set<ObjectIdentifier> = []
    private var nextIdentifier = 12_000_000
    private var nextStreamPosition = 1

    init(configuration: BoxLikeServerConfiguration) {
        self.configuration = configuration
        self.webhookDeliverer = WebhookDeliverer(configuration: configuration)
    }

    func setOrigin(_ origin: String) {
        self.origin = origin
    }

    func newId() -> String {
        nextIdentifier += 1
        return String(nextIdentifier)
    }

    // MARK: - Lookup and access

    func user(_ id: String) throws -> UserRecord {
        guard let user = users[id] else { throw ServerErrorResponse.notFound("user") }
        return user
    }

    /// Maps the API id `0` to the caller's root folder.
    func internalFolderId(_ apiId: String, for userId: String) -> String {
        if apiId == "0" { return users[userId]?.rootFolderId ?? apiId }
        return apiId
    }

    /// The item an API id names for `userId`: the same id, except that folder `0` is their root.
    func itemRef(_ type: ItemType, apiId: String, for userId: String) -> ItemRef {
        ItemRef(type: type, id: type == .folder ? internalFolderId(apiId, for: userId) : apiId)
    }

    func exists(_ item: ItemRef) -> Bool { items[item] != nil }

    /// The item and its ancestors, nearest first.
    func lineage(of item: ItemRef) -> [ItemRef] {
        var chain = [item]
        var parent = items[item]?.parentId
        while let current = parent, chain.count < 1000 {
            chain.append(.folder(current))
            parent = items[.folder(current)]?.parentId
        }
        return chain
    }

    /// Whether `ancestorFolderId` is `item` itself or above it.
    func isWithin(_ item: ItemRef, folder ancestorFolderId: String) -> Bool {
        lineage(of: item).contains(.folder(ancestorFolderId))
    }

    // MARK: - Events

    /// Records a change in the event stream: users' streams show it to whoever can see its
    /// source, and the enterprise's admin logs under its enterprise type when it has one.
    /// `enterpriseOnly` events (`NEW_USER`) appear in the admin logs alone; `details` is what
    /// the admin logs show as the event's `additional_details`.
    @discardableResult
    func recordEvent(_ type: String, by userId: String, source: ItemRef?, aboutUser: UserRecord? = nil,
                     enterpriseOnly: Bool = false, details: JSONValue? = nil) -> EventRecord {
        var visible: Set<String> = enterpriseOnly ? [] : [userId]
        if let source, !enterpriseOnly {
            if let owner = items[source]?.ownerId { visible.insert(owner) }
            for ancestor in lineage(of: source) {
                for collaboration in collaborations.on(ancestor) {
                    visible.formUnion(collaborators(of: collaboration))
                }
            }
        }
        let event = EventRecord(
            id: UUID().uuidString.lowercased(), position: nextStreamPosition, eventType: type, createdBy: userId,
            createdAt: currentTime, source: source, visibleTo: visible,
            enterpriseType: enterpriseOnly ? type : EnterpriseEventTypes.forUserEvent[type],
            sourceName: source.flatMap { items[$0]?.name },
            sourceUser: aboutUser.map { EventRecord.UserMini(id: $0.id, name: $0.name, login: $0.login) },
            additionalDetails: details)
        nextStreamPosition += 1
        events.append(event)
        forgetEventsBeyondRetention()
        wakeRealtimeWaiters(for: event)
        dispatchWebhooks(for: event)
        return event
    }

    var currentStreamPosition: Int { nextStreamPosition - 1 }

    /// Forgets the oldest events once more than ``BoxLikeServerConfiguration/eventRetention``
    /// (and a sixteenth, so the copy is paid once per batch, not per event) are kept.
    private func forgetEventsBeyondRetention() {
        let retention = max(1, configuration.eventRetention)
        guard events.count >= retention + max(1, retention / 16) else { return }
        events.removeFirst(events.count - retention)
    }

    // MARK: - Test switches

    func setNotReady(fileId: String, times: Int) {
        notReadyDownloads[fileId] = times
    }
}

extension ServerState {
    /// The enterprise as terms of service show it.
    var termsEnterprise: JSONValue {
        ["type": "enterprise", "id": .string(enterpriseId), "name": .string(enterpriseName)]
    }
}

extension ServerState {
    /// The metadata template that holds an item's classification, and its one field.
    static let classificationTemplateKey = "securityClassification-6VMVochwUWo"
    static let classificationFieldKey = "Box__Security__Classification__Key"
}
