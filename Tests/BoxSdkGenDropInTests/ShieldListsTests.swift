import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.shieldLists`, as Box's documentation uses it.
@Suite("Drop-in: shield lists")
struct ShieldListsTests {
    @Test func aNewEnterpriseHasNoShieldLists() async throws {
        try await withLocalBox { box in
            let shieldLists = try await box.client.shieldLists.getShieldListsV2025R0()
            #expect(shieldLists.entries?.isEmpty ?? true)
        }
    }

    @Test func anUnknownShieldListIsNotFound() async throws {
        try await withLocalBox { box in
            let client = box.client

            let readError = await #expect(throws: BoxAPIError.self) {
                try await client.shieldLists.getShieldListByIdV2025R0(shieldListId: "90fb0e17-c332-40ed-b4f9-fa8908fbbb24")
            }
            #expect(readError?.responseInfo.statusCode == 404)
            let deleteError = await #expect(throws: BoxAPIError.self) {
                try await client.shieldLists.deleteShieldListByIdV2025R0(shieldListId: "90fb0e17-c332-40ed-b4f9-fa8908fbbb24")
            }
            #expect(deleteError?.responseInfo.statusCode == 404)
        }
    }
}
