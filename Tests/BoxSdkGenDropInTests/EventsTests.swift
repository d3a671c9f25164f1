import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.events`, as Box's documentation uses it.
@Suite("Drop-in: events")
struct EventsTests {
    @Test func anUploadShowsInTheUsersEventsAndTheAdminLogs() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await uploadText(client, name: "logged.txt")

            let events = try await client.events.getEvents()
            let firstEvent = try #require(events.entries?.first)
            #expect(firstEvent.createdBy?.type.rawValue == "user")

            let uploads = try await client.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: GetEventsQueryParamsStreamTypeField.adminLogs, eventType: [GetEventsQueryParamsEventTypeField.upload]))
            let firstUpload = try #require(uploads.entries?.first)
            #expect(firstUpload.eventType == EventEventTypeField.upload)
        }
    }

    @Test func theAdminLogsAreFilteredByDate() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await uploadText(client, name: "dated.txt")
            let now = Date()

            let events = try await client.events.getEvents(queryParams: GetEventsQueryParams(
                streamType: GetEventsQueryParamsStreamTypeField.adminLogs, limit: Int64(1),
                createdAfter: now.addingTimeInterval(-7 * 24 * 60 * 60), createdBefore: now.addingTimeInterval(60)))
            #expect(events.entries?.count == 1)
        }
    }

    @Test func aRealtimeServerIsGivenForLongPolling() async throws {
        try await withLocalBox { box in
            let client = box.client

            let servers = try await client.events.getEventsWithLongPolling()

            let server = try #require(servers.entries?.first)
            #expect(server.type?.rawValue == "realtime_server")
            #expect(server.url?.isEmpty == false)
        }
    }
}
