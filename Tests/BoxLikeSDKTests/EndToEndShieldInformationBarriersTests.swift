import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Information barriers: their segments, members, restrictions and reports, and the rules an
/// enabled barrier enforces on collaborations, group memberships and shared links.
@Suite("Shield information barriers against the server")
struct EndToEndShieldInformationBarriersTests {
    /// A barrier with two segments, "Deals" holding Alice and "Research" holding Bob, the
    /// first restricted from the second.
    struct Wall {
        var barrier: ShieldInformationBarrier
        var deals: ShieldInformationBarrierSegment
        var research: ShieldInformationBarrierSegment
        var alice: String
        var bob: String
        var restriction: ShieldInformationBarrierSegmentRestriction
    }

    func makeBarrier(_ admin: BoxClient, server: BoxLikeServer) async throws -> ShieldInformationBarrier {
        try await admin.shieldInformationBarriers.createShieldInformationBarrier(requestBody: CreateShieldInformationBarrierRequestBody(
            enterprise: EnterpriseBase(id: server.seed.enterpriseId, type: .enterprise)))
    }

    func makeSegment(_ admin: BoxClient, _ name: String, in barrier: ShieldInformationBarrier) async throws -> ShieldInformationBarrierSegment {
        try await admin.shieldInformationBarrierSegments.createShieldInformationBarrierSegment(
            requestBody: CreateShieldInformationBarrierSegmentRequestBody(
                shieldInformationBarrier: ShieldInformationBarrierBase(id: barrier.id, type: .shieldInformationBarrier), name: name,
                description: "The \(name) team"))
    }

    func addMember(_ admin: BoxClient, _ userId: String, to segment: ShieldInformationBarrierSegment) async throws
        -> ShieldInformationBarrierSegmentMember {
        try await admin.shieldInformationBarrierSegmentMembers.createShieldInformationBarrierSegmentMember(
            requestBody: CreateShieldInformationBarrierSegmentMemberRequestBody(
                shieldInformationBarrierSegment: .init(id: segment.id, type: .shieldInformationBarrierSegment),
                user: UserBase(id: userId, type: .user)))
    }

    func restrict(_ admin: BoxClient, _ segment: ShieldInformationBarrierSegment, from restricted: ShieldInformationBarrierSegment)
        async throws -> ShieldInformationBarrierSegmentRestriction {
        try await admin.shieldInformationBarrierSegmentRestrictions.createShieldInformationBarrierSegmentRestriction(
            requestBody: CreateShieldInformationBarrierSegmentRestrictionRequestBody(
                shieldInformationBarrierSegment: .init(id: segment.id, type: .shieldInformationBarrierSegment),
                restrictedSegment: .init(id: restricted.id, type: .shieldInformationBarrierSegment)))
    }

    func makeWall(_ admin: BoxClient, server: BoxLikeServer) async throws -> Wall {
        let barrier = try await makeBarrier(admin, server: server)
        let deals = try await makeSegment(admin, "Deals", in: barrier)
        let research = try await makeSegment(admin, "Research", in: barrier)
        let alice = server.seed.appUsers[0].id
        let bob = server.seed.appUsers[1].id
        _ = try await addMember(admin, alice, to: deals)
        _ = try await addMember(admin, bob, to: research)
        let restriction = try await restrict(admin, deals, from: research)
        return Wall(barrier: barrier, deals: deals, research: research, alice: alice, bob: bob, restriction: restriction)
    }

    func setStatus(_ admin: BoxClient, _ barrier: ShieldInformationBarrier, _ status: UpdateShieldInformationBarrierStatusRequestBodyStatusField)
        async throws -> ShieldInformationBarrier {
        try await admin.shieldInformationBarriers.updateShieldInformationBarrierStatus(
            requestBody: UpdateShieldInformationBarrierStatusRequestBody(id: try #require(barrier.id), status: status))
    }

    func collaborate(_ client: BoxClient, userId: String, on folderId: String) async throws -> Collaboration {
        try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
            item: CreateCollaborationRequestBodyItemField(type: .folder, id: folderId),
            accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: userId), role: .editor))
    }

    /// The admin, the wall, Alice signed in, and a folder of hers to share.
    func dealRoom(_ server: BoxLikeServer) async throws -> (admin: BoxClient, wall: Wall, alice: BoxClient, folder: FolderFull) {
        let (admin, _) = try await server.developerTokenClient()
        let wall = try await makeWall(admin, server: server)
        let (alice, _) = try await server.developerTokenClient(userId: wall.alice)
        return (admin, wall, alice, try await alice.makeFolder("deal-room"))
    }

    /// The id of the user a collaboration gives access to.
    func grantee(of collaboration: Collaboration) -> String? {
        guard case .userCollaborations(let user)? = collaboration.accessibleBy else { return nil }
        return user.id
    }

    // MARK: - Barriers

    @Test func aNewBarrierIsADraftOfTheEnterpriseAndReadsBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let created = try await makeBarrier(admin, server: server)
            let read = try await admin.shieldInformationBarriers.getShieldInformationBarrierById(
                shieldInformationBarrierId: try #require(created.id))

            #expect(created.status?.rawValue == "draft")
            #expect(read.id == created.id)
            #expect(read.enterprise?.id == server.seed.enterpriseId)
            #expect(read.createdBy?.id == server.seed.adminUser.id)
        }
    }

    @Test func theEnterpriseBarriersAreListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)

            let list = try await admin.shieldInformationBarriers.getShieldInformationBarriers()

            #expect(list.entries?.map(\.id) == [barrier.id])
        }
    }

    @Test func aSecondBarrierForTheEnterpriseIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await makeBarrier(admin, server: server)

            let error = await #expect(throws: BoxAPIError.self) { try await makeBarrier(admin, server: server) }

            #expect(error?.status == 409)
        }
    }

    @Test func changingTheStatusToPendingEnablesTheBarrierAndDisabledSwitchesItOff() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)

            let pending = try await setStatus(admin, barrier, .pending)
            let enabled = try await admin.shieldInformationBarriers.getShieldInformationBarrierById(shieldInformationBarrierId: try #require(barrier.id))
            let disabled = try await setStatus(admin, barrier, .disabled)

            #expect(pending.status?.rawValue == "pending")
            #expect(enabled.status?.rawValue == "enabled")
            #expect(enabled.enabledBy?.id == server.seed.adminUser.id)
            #expect(disabled.status?.rawValue == "disabled")
        }
    }

    @Test func disablingABarrierThatIsNotEnabledIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)

            let error = await #expect(throws: BoxAPIError.self) { try await setStatus(admin, barrier, .disabled) }

            #expect(error?.status == 409)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotSeeBarriers() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (alice, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            _ = try await makeBarrier(admin, server: server)

            let error = await #expect(throws: BoxAPIError.self) { try await alice.shieldInformationBarriers.getShieldInformationBarriers() }

            #expect(error?.status == 403)
        }
    }

    @Test func theServiceAccountManagesBarriers() async throws {
        try await withServer { server in
            let (service, _) = try await server.developerTokenClient(userId: server.seed.serviceAccount.id)

            let barrier = try await makeBarrier(service, server: server)

            #expect(barrier.createdBy?.id == server.seed.serviceAccount.id)
        }
    }

    // MARK: - Segments

    @Test func aSegmentIsCreatedInABarrierAndReadsBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)

            let segment = try await makeSegment(admin, "Deals", in: barrier)
            let read = try await admin.shieldInformationBarrierSegments.getShieldInformationBarrierSegmentById(
                shieldInformationBarrierSegmentId: try #require(segment.id))

            #expect(read.name == "Deals")
            #expect(read.description == "The Deals team")
            #expect(read.shieldInformationBarrier?.id == barrier.id)
        }
    }

    @Test func theSegmentsOfABarrierAreListedInCreationOrder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)
            let deals = try await makeSegment(admin, "Deals", in: barrier)
            let research = try await makeSegment(admin, "Research", in: barrier)

            let list = try await admin.shieldInformationBarrierSegments.getShieldInformationBarrierSegments(
                queryParams: GetShieldInformationBarrierSegmentsQueryParams(shieldInformationBarrierId: try #require(barrier.id)))

            #expect(list.entries?.map(\.id) == [deals.id, research.id])
        }
    }

    @Test func aSegmentIsRenamedAndANameInUseIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)
            let deals = try await makeSegment(admin, "Deals", in: barrier)
            _ = try await makeSegment(admin, "Research", in: barrier)
            let segments = admin.shieldInformationBarrierSegments

            let renamed = try await segments.updateShieldInformationBarrierSegmentById(
                shieldInformationBarrierSegmentId: try #require(deals.id),
                requestBody: UpdateShieldInformationBarrierSegmentByIdRequestBody(name: "Mergers", description: .null))
            let error = await #expect(throws: BoxAPIError.self) {
                try await segments.updateShieldInformationBarrierSegmentById(
                    shieldInformationBarrierSegmentId: try #require(deals.id),
                    requestBody: UpdateShieldInformationBarrierSegmentByIdRequestBody(name: "Research"))
            }

            #expect(renamed.name == "Mergers")
            #expect(renamed.description == nil)
            #expect(error?.status == 409)
        }
    }

    @Test func deletingASegmentRemovesItsMembersAndRestrictions() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)
            let dealsId = try #require(wall.deals.id)

            try await admin.shieldInformationBarrierSegments.deleteShieldInformationBarrierSegmentById(shieldInformationBarrierSegmentId: dealsId)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.shieldInformationBarrierSegments.getShieldInformationBarrierSegmentById(shieldInformationBarrierSegmentId: dealsId)
            }
            #expect(error?.status == 404)
            let restrictionError = await #expect(throws: BoxAPIError.self) {
                try await admin.shieldInformationBarrierSegmentRestrictions.getShieldInformationBarrierSegmentRestrictionById(
                    shieldInformationBarrierSegmentRestrictionId: try #require(wall.restriction.id))
            }
            #expect(restrictionError?.status == 404)
        }
    }

    // MARK: - Members

    @Test func aUserIsPlacedInASegmentAndReadsBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let segment = try await makeSegment(admin, "Deals", in: try await makeBarrier(admin, server: server))
            let alice = server.seed.appUsers[0].id

            let member = try await addMember(admin, alice, to: segment)
            let read = try await admin.shieldInformationBarrierSegmentMembers.getShieldInformationBarrierSegmentMemberById(
                shieldInformationBarrierSegmentMemberId: try #require(member.id))

            #expect(read.user?.id == alice)
            #expect(read.shieldInformationBarrierSegment?.id == segment.id)
        }
    }

    @Test func theMembersOfASegmentAreListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let segment = try await makeSegment(admin, "Deals", in: try await makeBarrier(admin, server: server))
            let first = try await addMember(admin, server.seed.appUsers[0].id, to: segment)
            let second = try await addMember(admin, server.seed.appUsers[1].id, to: segment)

            let list = try await admin.shieldInformationBarrierSegmentMembers.getShieldInformationBarrierSegmentMembers(
                queryParams: GetShieldInformationBarrierSegmentMembersQueryParams(shieldInformationBarrierSegmentId: try #require(segment.id)))

            #expect(list.entries?.map(\.id) == [first.id, second.id])
        }
    }

    @Test func aUserIsInOnlyOneSegmentOfABarrier() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)
            let deals = try await makeSegment(admin, "Deals", in: barrier)
            let research = try await makeSegment(admin, "Research", in: barrier)
            _ = try await addMember(admin, server.seed.appUsers[0].id, to: deals)

            let error = await #expect(throws: BoxAPIError.self) { try await addMember(admin, server.seed.appUsers[0].id, to: research) }

            #expect(error?.status == 409)
        }
    }

    @Test func aRemovedMemberIsGone() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let segment = try await makeSegment(admin, "Deals", in: try await makeBarrier(admin, server: server))
            let member = try await addMember(admin, server.seed.appUsers[0].id, to: segment)
            let members = admin.shieldInformationBarrierSegmentMembers

            try await members.deleteShieldInformationBarrierSegmentMemberById(shieldInformationBarrierSegmentMemberId: try #require(member.id))

            let list = try await members.getShieldInformationBarrierSegmentMembers(
                queryParams: GetShieldInformationBarrierSegmentMembersQueryParams(shieldInformationBarrierSegmentId: try #require(segment.id)))
            #expect(list.entries?.isEmpty == true)
        }
    }

    // MARK: - Restrictions

    @Test func aRestrictionNamesBothSegmentsAndReadsBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)

            let read = try await admin.shieldInformationBarrierSegmentRestrictions.getShieldInformationBarrierSegmentRestrictionById(
                shieldInformationBarrierSegmentRestrictionId: try #require(wall.restriction.id))

            #expect(read.shieldInformationBarrierSegment.id == wall.deals.id)
            #expect(read.restrictedSegment.id == wall.research.id)
            #expect(read.shieldInformationBarrier?.id == wall.barrier.id)
        }
    }

    @Test func theRestrictionsOfASegmentAreListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)
            let restrictions = admin.shieldInformationBarrierSegmentRestrictions

            let ofDeals = try await restrictions.getShieldInformationBarrierSegmentRestrictions(
                queryParams: GetShieldInformationBarrierSegmentRestrictionsQueryParams(shieldInformationBarrierSegmentId: try #require(wall.deals.id)))
            let ofResearch = try await restrictions.getShieldInformationBarrierSegmentRestrictions(
                queryParams: GetShieldInformationBarrierSegmentRestrictionsQueryParams(shieldInformationBarrierSegmentId: try #require(wall.research.id)))

            #expect(ofDeals.entries?.map(\.id) == [wall.restriction.id])
            #expect(ofResearch.entries?.isEmpty == true)
        }
    }

    @Test func aDeletedRestrictionNoLongerSeparatesTheSegments() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)
            _ = try await setStatus(admin, wall.barrier, .pending)
            let (alice, _) = try await server.developerTokenClient(userId: wall.alice)
            let folder = try await alice.makeFolder("deal-room")

            try await admin.shieldInformationBarrierSegmentRestrictions.deleteShieldInformationBarrierSegmentRestrictionById(
                shieldInformationBarrierSegmentRestrictionId: try #require(wall.restriction.id))

            let collaboration = try await collaborate(alice, userId: wall.bob, on: folder.id)
            #expect(grantee(of: collaboration) == wall.bob)
        }
    }

    // MARK: - Rules

    @Test func anEnabledBarrierRefusesACollaborationAcrossARestriction() async throws {
        try await withServer { server in
            let (admin, wall, alice, folder) = try await dealRoom(server)
            _ = try await setStatus(admin, wall.barrier, .pending)

            let error = await #expect(throws: BoxAPIError.self) { try await collaborate(alice, userId: wall.bob, on: folder.id) }

            #expect(error?.status == 403)
            #expect(error?.code == "forbidden_by_policy")
            let collaborations = try await alice.listCollaborations.getFolderCollaborations(folderId: folder.id)
            #expect(collaborations.entries?.isEmpty == true)
        }
    }

    @Test func aRestrictionSeparatesItsSegmentsInBothDirections() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)
            let (bob, _) = try await server.developerTokenClient(userId: wall.bob)
            let folder = try await bob.makeFolder("lab")
            _ = try await setStatus(admin, wall.barrier, .pending)

            let error = await #expect(throws: BoxAPIError.self) { try await collaborate(bob, userId: wall.alice, on: folder.id) }

            #expect(error?.code == "forbidden_by_policy")
        }
    }

    @Test func aDraftBarrierDoesNotStopACollaboration() async throws {
        try await withServer { server in
            let (_, wall, alice, folder) = try await dealRoom(server)

            let collaboration = try await collaborate(alice, userId: wall.bob, on: folder.id)

            #expect(grantee(of: collaboration) == wall.bob)
        }
    }

    @Test func disablingTheBarrierLiftsTheRefusal() async throws {
        try await withServer { server in
            let (admin, wall, alice, folder) = try await dealRoom(server)
            _ = try await setStatus(admin, wall.barrier, .pending)
            _ = await #expect(throws: BoxAPIError.self) { try await collaborate(alice, userId: wall.bob, on: folder.id) }

            _ = try await setStatus(admin, wall.barrier, .disabled)

            let collaboration = try await collaborate(alice, userId: wall.bob, on: folder.id)
            #expect(grantee(of: collaboration) == wall.bob)
        }
    }

    @Test func anEnabledBarrierRefusesAGroupCollaborationReachingARestrictedMember() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)
            let group = try await admin.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Lab"))
            _ = try await admin.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                user: CreateGroupMembershipRequestBodyUserField(id: wall.bob), group: CreateGroupMembershipRequestBodyGroupField(id: group.id)))
            let (alice, _) = try await server.developerTokenClient(userId: wall.alice)
            let folder = try await alice.makeFolder("deal-room")
            _ = try await setStatus(admin, wall.barrier, .pending)

            let error = await #expect(throws: BoxAPIError.self) {
                try await alice.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                    item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                    accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .group, id: group.id), role: .viewer))
            }

            #expect(error?.code == "forbidden_by_policy")
        }
    }

    @Test func anEnabledBarrierRefusesAGroupMembershipAcrossARestriction() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)
            let group = try await admin.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Deal team"))
            _ = try await admin.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                user: CreateGroupMembershipRequestBodyUserField(id: wall.alice), group: CreateGroupMembershipRequestBodyGroupField(id: group.id)))
            _ = try await setStatus(admin, wall.barrier, .pending)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                    user: CreateGroupMembershipRequestBodyUserField(id: wall.bob), group: CreateGroupMembershipRequestBodyGroupField(id: group.id)))
            }

            #expect(error?.status == 403)
            #expect(error?.code == "forbidden_by_policy")
            let members = try await admin.memberships.getGroupMemberships(groupId: group.id)
            #expect(members.entries?.map(\.user?.id) == [wall.alice])
        }
    }

    @Test func anEnabledBarrierRefusesOpeningASharedLinkAcrossARestriction() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)
            let (alice, _) = try await server.developerTokenClient(userId: wall.alice)
            let (bob, _) = try await server.developerTokenClient(userId: wall.bob)
            let file = try await alice.makeFile("term-sheet.txt", text: "x", in: try await alice.makeFolder().id)
            let shared = try await alice.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)
            let headers = FindFileForSharedLinkHeaders(boxapi: "shared_link=\(url)")
            #expect(try await bob.sharedLinksFiles.findFileForSharedLink(headers: headers).id == file.id)

            _ = try await setStatus(admin, wall.barrier, .pending)

            let error = await #expect(throws: BoxAPIError.self) { try await bob.sharedLinksFiles.findFileForSharedLink(headers: headers) }
            #expect(error?.status == 403)
            #expect(error?.code == "forbidden_by_policy")
        }
    }

    // MARK: - Reports

    @Test func aReportListsTheCollaborationsThatBreakTheBarrier() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let wall = try await makeWall(admin, server: server)
            let (alice, _) = try await server.developerTokenClient(userId: wall.alice)
            let breaking = try await collaborate(alice, userId: wall.bob, on: try await alice.makeFolder("deal-room").id)
            let harmless = try await collaborate(alice, userId: server.seed.adminUser.id, on: try await alice.makeFolder("notes").id)
            let reports = admin.shieldInformationBarrierReports

            let created = try await reports.createShieldInformationBarrierReport(requestBody: ShieldInformationBarrierReference(
                shieldInformationBarrier: ShieldInformationBarrierBase(id: wall.barrier.id, type: .shieldInformationBarrier)))
            let report = try await reports.getShieldInformationBarrierReportById(shieldInformationBarrierReportId: try #require(created.id))

            #expect(created.status?.rawValue == "pending")
            #expect(report.status?.rawValue == "done")
            let folderId = try #require(report.details?.details?.folderId)
            let files = try await admin.folders.getFolderItems(folderId: folderId).entries ?? []
            guard case .fileFull(let file)? = files.first else { Issue.record("the report folder holds no file"); return }
            let csv = try await admin.text(ofFile: file.id)
            let rows = csv.split(separator: "\n").dropFirst()
            #expect(rows.count == 1)
            #expect(rows.first?.hasPrefix("\(breaking.id),folder,") == true)
            #expect(!csv.contains(harmless.id))
        }
    }

    @Test func theReportsOfABarrierAreListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let barrier = try await makeBarrier(admin, server: server)
            let reports = admin.shieldInformationBarrierReports
            let created = try await reports.createShieldInformationBarrierReport(requestBody: ShieldInformationBarrierReference(
                shieldInformationBarrier: ShieldInformationBarrierBase(id: barrier.id, type: .shieldInformationBarrier)))

            let list = try await reports.getShieldInformationBarrierReports(
                queryParams: GetShieldInformationBarrierReportsQueryParams(shieldInformationBarrierId: try #require(barrier.id)))

            #expect(list.entries?.map(\.id) == [created.id])
        }
    }
}
