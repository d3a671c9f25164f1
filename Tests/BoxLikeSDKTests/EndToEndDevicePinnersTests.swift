import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Devices pinned to users' accounts, as admins see and remove them.
@Suite("Device pinners against the server")
struct EndToEndDevicePinnersTests {
    @Test func anAdminReadsAPinnedDevice() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let pinId = try await server.pinDevice(userId: aliceId, productName: "Box for iPhone")

            let pin = try await admin.devicePinners.getDevicePinnerById(devicePinnerId: pinId)

            #expect(pin.ownedBy?.id == aliceId)
            #expect(pin.productName == "Box for iPhone")
        }
    }

    @Test func theEnterprisesPinsArePagedByIdInEitherDirection() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            var pins: [String] = []
            for product in ["Box for iPhone", "Box for Android", "Box Drive"] {
                pins.append(try await server.pinDevice(userId: server.seed.appUsers[0].id, productName: product))
            }
            let pinners = admin.devicePinners
            let enterpriseId = server.seed.enterpriseId

            let first = try await pinners.getEnterpriseDevicePinners(
                enterpriseId: enterpriseId, queryParams: GetEnterpriseDevicePinnersQueryParams(limit: 2))
            let rest = try await pinners.getEnterpriseDevicePinners(
                enterpriseId: enterpriseId, queryParams: GetEnterpriseDevicePinnersQueryParams(
                    marker: first.nextMarker.map(String.init), limit: 2))
            let descending = try await pinners.getEnterpriseDevicePinners(
                enterpriseId: enterpriseId, queryParams: GetEnterpriseDevicePinnersQueryParams(direction: .desc))

            #expect(first.entries?.compactMap(\.id) == Array(pins.prefix(2)))
            #expect(rest.entries?.compactMap(\.id) == [pins[2]])
            #expect(rest.nextMarker == nil)
            #expect(descending.entries?.compactMap(\.id) == pins.reversed())
        }
    }

    @Test func aRemovedPinIsGone() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let pinId = try await server.pinDevice(userId: server.seed.appUsers[0].id, productName: "Box Drive")

            try await admin.devicePinners.deleteDevicePinnerById(devicePinnerId: pinId)

            let error = await #expect(throws: BoxAPIError.self) { try await admin.devicePinners.getDevicePinnerById(devicePinnerId: pinId) }
            #expect(error?.status == 404)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotSeePins() async throws {
        try await withServer { server in
            let aliceId = server.seed.appUsers[0].id
            let (alice, _) = try await server.developerTokenClient(userId: aliceId)
            let pinId = try await server.pinDevice(userId: aliceId, productName: "Box Drive")

            let error = await #expect(throws: BoxAPIError.self) { try await alice.devicePinners.getDevicePinnerById(devicePinnerId: pinId) }

            #expect(error?.status == 403)
        }
    }
}
