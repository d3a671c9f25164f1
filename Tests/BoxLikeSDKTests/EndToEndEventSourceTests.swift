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
                streamPosition: start.nextStreamPosition)).entries ?? []
            let sources = events.compactMap { event -> String? in
                guard case .webLink(let source)? = event.source else { return nil }
                return source.id
            }
            #expect(sources == [link.id])
        }
    }
}
