import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.devicePinners`, as Box's documentation uses it.
@Suite("Drop-in: device pinners")
struct DevicePinnersTests {
    @Test func theEnterprisesPinsAreListedReadAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let enterpriseId = box.seed.enterpriseId
            // A device is pinned when a user signs in from it; the local Box does that for the test.
            let pinId = try await box.server.pinDevice(userId: box.seed.appUsers[0].id, productName: "Box for iPhone")

            let devicePinners = try await client.devicePinners.getEnterpriseDevicePinners(enterpriseId: enterpriseId)
            #expect(devicePinners.entries?.count == 1)
            let devicePinnersInDescDirection = try await client.devicePinners.getEnterpriseDevicePinners(
                enterpriseId: enterpriseId,
                queryParams: GetEnterpriseDevicePinnersQueryParams(direction: GetEnterpriseDevicePinnersQueryParamsDirectionField.desc))
            #expect(devicePinnersInDescDirection.entries?.count == 1)

            let devicePinner = try await client.devicePinners.getDevicePinnerById(devicePinnerId: pinId)
            #expect(devicePinner.ownedBy?.id == box.seed.appUsers[0].id)
            #expect(devicePinner.productName == "Box for iPhone")

            try await client.devicePinners.deleteDevicePinnerById(devicePinnerId: pinId)
            let error = await #expect(throws: BoxAPIError.self) { try await client.devicePinners.getDevicePinnerById(devicePinnerId: pinId) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aPinThatDoesNotExistIsNotFound() async throws {
        try await withLocalBox { box in
            let client = box.client
            let devicePinnerId = "123456"

            await #expect(throws: BoxAPIError.self) { try await client.devicePinners.getDevicePinnerById(devicePinnerId: devicePinnerId) }
            await #expect(throws: BoxAPIError.self) { try await client.devicePinners.deleteDevicePinnerById(devicePinnerId: devicePinnerId) }
        }
    }
}
