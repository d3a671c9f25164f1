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

extension ShieldListsTests {
    @Test func aShieldListIsCreatedReadListedUpdatedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client

            let shieldList = try await client.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
                name: "Embargoed countries",
                content: ShieldListContentRequestV2025R0.shieldListContentCountryV2025R0(ShieldListContentCountryV2025R0(countryCodes: ["US", "PL"])),
                description: "A list of things that are shielded"))
            #expect(shieldList.name == "Embargoed countries")

            let read = try await client.shieldLists.getShieldListByIdV2025R0(shieldListId: shieldList.id)
            #expect(read.description == "A list of things that are shielded")
            #expect(try await client.shieldLists.getShieldListsV2025R0().entries?.map(\.id) == [shieldList.id])

            let updated = try await client.shieldLists.updateShieldListByIdV2025R0(
                shieldListId: shieldList.id,
                requestBody: ShieldListsUpdateV2025R0(
                    name: "Partner domains",
                    content: ShieldListContentRequestV2025R0.shieldListContentDomainV2025R0(ShieldListContentDomainV2025R0(domains: ["box.com"]))))
            #expect(updated.name == "Partner domains")

            try await client.shieldLists.deleteShieldListByIdV2025R0(shieldListId: shieldList.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.shieldLists.getShieldListByIdV2025R0(shieldListId: shieldList.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
