import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Shield lists (Box API 2025.0): the enterprise's lists of domains, email addresses, IP ranges
/// and countries, against the server.
@Suite("Shield lists against the server")
struct EndToEndShieldListsTests {
    @Test func aDomainListIsStoredAndReadBackAsGiven() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let created = try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
                name: "Partners", content: .shieldListContentDomainV2025R0(ShieldListContentDomainV2025R0(domains: ["example.com", "partner.example.org"])),
                description: "Trusted partner domains"))
            let read = try await admin.shieldLists.getShieldListByIdV2025R0(shieldListId: created.id)

            #expect(read.name == "Partners")
            #expect(read.description == "Trusted partner domains")
            #expect(read.enterprise.id == server.seed.enterpriseId)
            guard case .shieldListContentDomainV2025R0(let content) = read.content else {
                Issue.record("expected domain content")
                return
            }
            #expect(content.domains == ["example.com", "partner.example.org"])
        }
    }

    @Test func theListOfListsNamesEachListAndItsContentType() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
                name: "Embargoed", content: .shieldListContentCountryV2025R0(ShieldListContentCountryV2025R0(countryCodes: ["KP", "IR"]))))
            _ = try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
                name: "Contractors", content: .shieldListContentEmailV2025R0(ShieldListContentEmailV2025R0(emailAddresses: ["a@contractor.example"]))))

            let lists = try await admin.shieldLists.getShieldListsV2025R0()

            #expect(lists.entries?.map(\.name) == ["Contractors", "Embargoed"])
            #expect(lists.entries?.map(\.content.type) == ["email", "country"])
        }
    }

    @Test func updatingAListReplacesItsNameAndContent() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let list = try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
                name: "Offices", content: .shieldListContentDomainV2025R0(ShieldListContentDomainV2025R0(domains: ["office.example"]))))

            let updated = try await admin.shieldLists.updateShieldListByIdV2025R0(shieldListId: list.id, requestBody: ShieldListsUpdateV2025R0(
                name: "Office networks", content: .shieldListContentIpV2025R0(ShieldListContentIpV2025R0(ipAddresses: ["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"]))))

            #expect(updated.name == "Office networks")
            guard case .shieldListContentIpV2025R0(let content) = try await admin.shieldLists.getShieldListByIdV2025R0(shieldListId: list.id).content else {
                Issue.record("expected IP content")
                return
            }
            #expect(content.ipAddresses == ["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"])
        }
    }

    @Test func aDeletedListIsNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let list = try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
                name: "Temporary", content: .shieldListContentCountryV2025R0(ShieldListContentCountryV2025R0(countryCodes: ["FR"]))))

            try await admin.shieldLists.deleteShieldListByIdV2025R0(shieldListId: list.id)

            let error = await #expect(throws: BoxAPIError.self) { try await admin.shieldLists.getShieldListByIdV2025R0(shieldListId: list.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func aSecondListWithTheSameNameIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let content = ShieldListContentRequestV2025R0.shieldListContentCountryV2025R0(ShieldListContentCountryV2025R0(countryCodes: ["DE"]))
            _ = try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(name: "Europe", content: content))

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(name: "europe", content: content))
            }

            #expect(error?.status == 409)
        }
    }

    @Test func anEntryThatIsNotAnIPRangeIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
                    name: "Broken", content: .shieldListContentIpV2025R0(ShieldListContentIpV2025R0(ipAddresses: ["10.0.0.0/33"]))))
            }

            #expect(error?.status == 400)
            #expect(try await admin.shieldLists.getShieldListsV2025R0().entries?.isEmpty == true)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotReadShieldLists() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) { try await user.shieldLists.getShieldListsV2025R0() }

            #expect(error?.status == 403)
        }
    }
}
