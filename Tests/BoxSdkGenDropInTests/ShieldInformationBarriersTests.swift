import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.shieldInformationBarriers`, `client.shieldInformationBarrierSegments`,
/// `client.shieldInformationBarrierSegmentMembers`, `client.shieldInformationBarrierSegmentRestrictions` and
/// `client.shieldInformationBarrierReports`, as Box's documentation uses them.
@Suite("Drop-in: shield information barriers, segments, members, restrictions and reports")
struct ShieldInformationBarriersTests {
    private func createBarrier(_ client: BoxClient, enterpriseId: String) async throws -> ShieldInformationBarrier {
        try await client.shieldInformationBarriers.createShieldInformationBarrier(requestBody: CreateShieldInformationBarrierRequestBody(
            enterprise: EnterpriseBase(id: enterpriseId, type: EnterpriseBaseTypeField.enterprise)))
    }

    private func createSegment(_ client: BoxClient, barrierId: String, segmentName: String) async throws -> ShieldInformationBarrierSegment {
        try await client.shieldInformationBarrierSegments.createShieldInformationBarrierSegment(
            requestBody: CreateShieldInformationBarrierSegmentRequestBody(
                shieldInformationBarrier: ShieldInformationBarrierBase(
                    id: barrierId, type: ShieldInformationBarrierBaseTypeField.shieldInformationBarrier),
                name: segmentName, description: "The \(segmentName) team"))
    }

    @Test func aBarrierIsCreatedListedReadEnabledAndDisabled() async throws {
        try await withLocalBox { box in
            let client = box.client

            let barrier = try await createBarrier(client, enterpriseId: box.seed.enterpriseId)
            let barrierId = try #require(barrier.id)
            #expect(barrier.status == .draft)

            let barriers = try await client.shieldInformationBarriers.getShieldInformationBarriers()
            #expect(barriers.entries?.map(\.id) == [barrierId])
            #expect(try await client.shieldInformationBarriers.getShieldInformationBarriers(
                queryParams: GetShieldInformationBarriersQueryParams(limit: 1)).entries?.count == 1)

            let read = try await client.shieldInformationBarriers.getShieldInformationBarrierById(shieldInformationBarrierId: barrierId)
            #expect(read.enterprise?.id == box.seed.enterpriseId)

            let pending = try await client.shieldInformationBarriers.updateShieldInformationBarrierStatus(
                requestBody: UpdateShieldInformationBarrierStatusRequestBody(
                    id: barrierId, status: UpdateShieldInformationBarrierStatusRequestBodyStatusField.pending))
            #expect(pending.status == .pending)
            #expect(try await client.shieldInformationBarriers.getShieldInformationBarrierById(
                shieldInformationBarrierId: barrierId).status == .enabled)

            let disabled = try await client.shieldInformationBarriers.updateShieldInformationBarrierStatus(
                requestBody: UpdateShieldInformationBarrierStatusRequestBody(id: barrierId, status: .disabled))
            #expect(disabled.status == .disabled)
        }
    }

    @Test func aSegmentIsCreatedListedReadUpdatedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let barrierId = try #require(try await createBarrier(client, enterpriseId: box.seed.enterpriseId).id)

            let segment = try await createSegment(client, barrierId: barrierId, segmentName: "Deals")
            let segmentId = try #require(segment.id)
            #expect(segment.name == "Deals")

            let segments = try await client.shieldInformationBarrierSegments.getShieldInformationBarrierSegments(
                queryParams: GetShieldInformationBarrierSegmentsQueryParams(shieldInformationBarrierId: barrierId))
            #expect(segments.entries?.map(\.id) == [segmentId])

            let read = try await client.shieldInformationBarrierSegments.getShieldInformationBarrierSegmentById(
                shieldInformationBarrierSegmentId: segmentId)
            #expect(read.description == "The Deals team")

            let updatedSegmentDescription = "Mergers and acquisitions"
            let updated = try await client.shieldInformationBarrierSegments.updateShieldInformationBarrierSegmentById(
                shieldInformationBarrierSegmentId: segmentId,
                requestBody: UpdateShieldInformationBarrierSegmentByIdRequestBody(name: "M&A", description: .value(updatedSegmentDescription)))
            #expect(updated.name == "M&A")
            #expect(updated.description == updatedSegmentDescription)

            try await client.shieldInformationBarrierSegments.deleteShieldInformationBarrierSegmentById(shieldInformationBarrierSegmentId: segmentId)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.shieldInformationBarrierSegments.getShieldInformationBarrierSegmentById(shieldInformationBarrierSegmentId: segmentId)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aUserIsMadeAMemberOfASegmentAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let barrierId = try #require(try await createBarrier(client, enterpriseId: box.seed.enterpriseId).id)
            let segmentId = try #require(try await createSegment(client, barrierId: barrierId, segmentName: "Research").id)
            let user = box.seed.appUsers[0]

            let segmentMember = try await client.shieldInformationBarrierSegmentMembers.createShieldInformationBarrierSegmentMember(
                requestBody: CreateShieldInformationBarrierSegmentMemberRequestBody(
                    shieldInformationBarrierSegment: CreateShieldInformationBarrierSegmentMemberRequestBodyShieldInformationBarrierSegmentField(
                        id: segmentId,
                        type: CreateShieldInformationBarrierSegmentMemberRequestBodyShieldInformationBarrierSegmentTypeField.shieldInformationBarrierSegment),
                    user: UserBase(id: user.id)))
            let segmentMemberId = try #require(segmentMember.id)
            #expect(segmentMember.user?.id == user.id)

            let segmentMembers = try await client.shieldInformationBarrierSegmentMembers.getShieldInformationBarrierSegmentMembers(
                queryParams: GetShieldInformationBarrierSegmentMembersQueryParams(shieldInformationBarrierSegmentId: segmentId))
            #expect(segmentMembers.entries?.map(\.id) == [segmentMemberId])

            let read = try await client.shieldInformationBarrierSegmentMembers.getShieldInformationBarrierSegmentMemberById(
                shieldInformationBarrierSegmentMemberId: segmentMemberId)
            #expect(read.shieldInformationBarrierSegment?.id == segmentId)

            try await client.shieldInformationBarrierSegmentMembers.deleteShieldInformationBarrierSegmentMemberById(
                shieldInformationBarrierSegmentMemberId: segmentMemberId)
            let afterDelete = try await client.shieldInformationBarrierSegmentMembers.getShieldInformationBarrierSegmentMembers(
                queryParams: GetShieldInformationBarrierSegmentMembersQueryParams(shieldInformationBarrierSegmentId: segmentId))
            #expect(afterDelete.entries?.isEmpty == true)
        }
    }

    @Test func aSegmentIsRestrictedFromAnotherAndTheRestrictionRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let barrierId = try #require(try await createBarrier(client, enterpriseId: box.seed.enterpriseId).id)
            let segmentId = try #require(try await createSegment(client, barrierId: barrierId, segmentName: "Deals").id)
            let segmentToRestrictId = try #require(try await createSegment(client, barrierId: barrierId, segmentName: "Research").id)

            let segmentRestriction = try await client.shieldInformationBarrierSegmentRestrictions.createShieldInformationBarrierSegmentRestriction(
                requestBody: CreateShieldInformationBarrierSegmentRestrictionRequestBody(
                    shieldInformationBarrierSegment: CreateShieldInformationBarrierSegmentRestrictionRequestBodyShieldInformationBarrierSegmentField(
                        id: segmentId,
                        type: CreateShieldInformationBarrierSegmentRestrictionRequestBodyShieldInformationBarrierSegmentTypeField.shieldInformationBarrierSegment),
                    restrictedSegment: CreateShieldInformationBarrierSegmentRestrictionRequestBodyRestrictedSegmentField(
                        id: segmentToRestrictId,
                        type: CreateShieldInformationBarrierSegmentRestrictionRequestBodyRestrictedSegmentTypeField.shieldInformationBarrierSegment),
                    type: CreateShieldInformationBarrierSegmentRestrictionRequestBodyTypeField.shieldInformationBarrierSegmentRestriction))
            let segmentRestrictionId = try #require(segmentRestriction.id)

            let segmentRestrictions = try await client.shieldInformationBarrierSegmentRestrictions.getShieldInformationBarrierSegmentRestrictions(
                queryParams: GetShieldInformationBarrierSegmentRestrictionsQueryParams(shieldInformationBarrierSegmentId: segmentId))
            #expect(segmentRestrictions.entries?.map(\.id) == [segmentRestrictionId])

            let read = try await client.shieldInformationBarrierSegmentRestrictions.getShieldInformationBarrierSegmentRestrictionById(
                shieldInformationBarrierSegmentRestrictionId: segmentRestrictionId)
            #expect(read.restrictedSegment.id == segmentToRestrictId)

            try await client.shieldInformationBarrierSegmentRestrictions.deleteShieldInformationBarrierSegmentRestrictionById(
                shieldInformationBarrierSegmentRestrictionId: segmentRestrictionId)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.shieldInformationBarrierSegmentRestrictions.getShieldInformationBarrierSegmentRestrictionById(
                    shieldInformationBarrierSegmentRestrictionId: segmentRestrictionId)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aReportOfABarrierIsCreatedListedAndRead() async throws {
        try await withLocalBox { box in
            let client = box.client
            let barrierId = try #require(try await createBarrier(client, enterpriseId: box.seed.enterpriseId).id)

            let shieldInformationBarrierReport = try await client.shieldInformationBarrierReports.createShieldInformationBarrierReport(
                requestBody: ShieldInformationBarrierReference(shieldInformationBarrier: ShieldInformationBarrierBase(
                    id: barrierId, type: ShieldInformationBarrierBaseTypeField.shieldInformationBarrier)))
            let reportId = try #require(shieldInformationBarrierReport.id)

            let reports = try await client.shieldInformationBarrierReports.getShieldInformationBarrierReports(
                queryParams: GetShieldInformationBarrierReportsQueryParams(shieldInformationBarrierId: barrierId))
            #expect(reports.entries?.map(\.id) == [reportId])

            let read = try await client.shieldInformationBarrierReports.getShieldInformationBarrierReportById(
                shieldInformationBarrierReportId: reportId)
            #expect(read.status == .done)
        }
    }

    @Test func onlyAnAdminSeesBarriers() async throws {
        try await withLocalBox { box in
            _ = try await createBarrier(box.client, enterpriseId: box.seed.enterpriseId)
            let userClient = try await box.client(forUser: box.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) { try await userClient.shieldInformationBarriers.getShieldInformationBarriers() }
            #expect(error?.responseInfo.statusCode == 403)
        }
    }
}
