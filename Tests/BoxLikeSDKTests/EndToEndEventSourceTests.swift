import BoxLikeSDK
import BoxLikeServer
import Testing

/// An event's source is the item or user it happened to, typed by the kind of thing it is.
@Suite("Event sources")
struct EndToEndEventSourceTests {
    @Test func anEventAboutAWebLinkHasTheWebLinkAsItsSource() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("linked")
            let start = try await client.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "now"))

            let link = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://swift.org", parent: CreateWebLinkRequestBodyParentField(id: folder.id), name: "Swift"))

            let events = try await client.events.getEvents(queryParams: GetEventsQueryParams(
                streamPosition: start.nextStreamPosition?.streamPosition)).entries ?? []
            let sources = events.compactMap { event -> String? in
                guard case .webLink(let source)? = event.source else { return nil }
                return source.id
            }
            #expect(sources == [link.id])
        }
    }

    @Test func anAdminLogEventNamesItsItemAsAnEventSource() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("audited")
            let start = try await admin.adminLogPosition()
            let file = try await admin.makeFile("audit.txt", text: "12345", in: folder.id)

            let upload = try #require(try await admin.adminLogEvents(since: start, types: ["UPLOAD"]).first)

            guard case .eventSource(let source)? = upload.source else {
                Issue.record("the upload's source is \(String(describing: upload.source))")
                return
            }
            #expect(source.itemType == .file)
            #expect(source.itemId == file.id)
            #expect(source.itemName == "audit.txt")
            #expect(source.parent?.id == folder.id)
        }
    }

    @Test func anAdminLogEventAboutAUserHasTheUserAsItsSource() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let start = try await admin.adminLogPosition()
            let user = try await admin.users.createUser(requestBody: CreateUserRequestBody(name: "Audited", login: "audited@boxlike.test"))

            let created = try #require(try await admin.adminLogEvents(since: start, types: ["NEW_USER"]).first)

            guard case .user(let source)? = created.source else {
                Issue.record("the event's source is \(String(describing: created.source))")
                return
            }
            #expect(source.id == user.id)
        }
    }
}
