import BoxLikeJSON
import Hummingbird

/// `/2.0/shield_information_barriers...`, `/2.0/shield_information_barrier_segments...`,
/// `/2.0/shield_information_barrier_segment_members...`,
/// `/2.0/shield_information_barrier_segment_restrictions...` and
/// `/2.0/shield_information_barrier_reports...`: the five managers of one concept, sharing one
/// state and one set of rules, so they live in one folder.
struct ShieldInformationBarriersRoutes: ServerArea, ShieldInformationBarriersOperations, ShieldInformationBarrierSegmentsOperations, ShieldInformationBarrierSegmentMembersOperations, ShieldInformationBarrierSegmentRestrictionsOperations, ShieldInformationBarrierReportsOperations {
    typealias Render = ShieldInformationBarrierRepresentation

    let services: ServerServices

    private static func requiredId(_ body: JSONValue, _ member: String) throws -> String {
        guard let id = body[member]?.idMember else { throw ServerErrorResponse.badRequest("\(member).id is required") }
        return id
    }

    func getShieldInformationBarriers(_ input: OperationInput) async throws -> Response {
        let (barriers, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarriers(core: core, principal: input.principal) }
        let enterpriseId = await state.enterpriseId
        return Responses.json(try MarkerPage.of(
            barriers.map { Render.barrier($0, enterpriseId: enterpriseId, users: users) }, query: input.query))
    }

    func createShieldInformationBarrier(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let (barrier, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.createShieldInformationBarrier(core: core,
            enterpriseId: try Self.requiredId(body, "enterprise"), principal: input.principal) }
        return Responses.json(Render.barrier(barrier, enterpriseId: await state.enterpriseId, users: users), status: .created)
    }

    func updateShieldInformationBarrierStatus(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let id = body["id"]?.stringValue, let status = body["status"]?.stringValue else {
            throw ServerErrorResponse.badRequest("id and status are required")
        }
        let (barrier, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.changeShieldInformationBarrierStatus(core: core, id, to: status, principal: input.principal) }
        return Responses.json(Render.barrier(barrier, enterpriseId: await state.enterpriseId, users: users, status: status))
    }

    func getShieldInformationBarrierById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_id")
        let (barrier, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrier(core: core, id, principal: input.principal) }
        return Responses.json(Render.barrier(barrier, enterpriseId: await state.enterpriseId, users: users))
    }

    func getShieldInformationBarrierSegments(_ input: OperationInput) async throws -> Response {
        let (segments, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrierSegments(core: core,
            barrierId: try input.request.requiredQuery("shield_information_barrier_id"), principal: input.principal) }
        return Responses.json(try MarkerPage.of(segments.map { Render.segment($0, users: users) }, query: input.query))
    }

    func createShieldInformationBarrierSegment(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let (segment, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.createShieldInformationBarrierSegment(core: core,
            barrierId: try Self.requiredId(body, "shield_information_barrier"), name: try body.required("name", as: String.self),
            description: body["description"]?.stringValue, principal: input.principal) }
        return Responses.json(Render.segment(segment, users: users), status: .created)
    }

    func getShieldInformationBarrierSegmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_segment_id")
        let (segment, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrierSegment(core: core, id, principal: input.principal) }
        return Responses.json(Render.segment(segment, users: users))
    }

    func updateShieldInformationBarrierSegmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_segment_id")
        let body = try await input.json()
        let clear: Bool
        if case .null? = body["description"] { clear = true } else { clear = false }
        let (segment, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.updateShieldInformationBarrierSegment(core: core,
            id, name: body["name"]?.stringValue, description: body["description"]?.stringValue, clearDescription: clear,
            principal: input.principal) }
        return Responses.json(Render.segment(segment, users: users))
    }

    func deleteShieldInformationBarrierSegmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_segment_id")
        try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.deleteShieldInformationBarrierSegment(core: core, id, principal: input.principal) }
        return Responses.empty()
    }

    func getShieldInformationBarrierSegmentMembers(_ input: OperationInput) async throws -> Response {
        let (members, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrierSegmentMembers(core: core,
            segmentId: try input.request.requiredQuery("shield_information_barrier_segment_id"), principal: input.principal) }
        return Responses.json(try MarkerPage.of(members.map { Render.member($0, users: users) }, query: input.query))
    }

    func createShieldInformationBarrierSegmentMember(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let (member, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.createShieldInformationBarrierSegmentMember(core: core,
            segmentId: try Self.requiredId(body, "shield_information_barrier_segment"), userId: try Self.requiredId(body, "user"),
            principal: input.principal) }
        return Responses.json(Render.member(member, users: users), status: .created)
    }

    func getShieldInformationBarrierSegmentMemberById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_segment_member_id")
        let (member, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrierSegmentMember(core: core, id, principal: input.principal) }
        return Responses.json(Render.member(member, users: users))
    }

    func deleteShieldInformationBarrierSegmentMemberById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_segment_member_id")
        try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.deleteShieldInformationBarrierSegmentMember(core: core, id, principal: input.principal) }
        return Responses.empty()
    }

    func getShieldInformationBarrierSegmentRestrictions(_ input: OperationInput) async throws -> Response {
        let (restrictions, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrierSegmentRestrictions(core: core,
            segmentId: try input.request.requiredQuery("shield_information_barrier_segment_id"), principal: input.principal) }
        return Responses.json(try MarkerPage.of(restrictions.map { Render.restriction($0, users: users) }, query: input.query))
    }

    func createShieldInformationBarrierSegmentRestriction(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let (restriction, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.createShieldInformationBarrierSegmentRestriction(core: core,
            segmentId: try Self.requiredId(body, "shield_information_barrier_segment"),
            restrictedSegmentId: try Self.requiredId(body, "restricted_segment"), principal: input.principal) }
        return Responses.json(Render.restriction(restriction, users: users), status: .created)
    }

    func getShieldInformationBarrierSegmentRestrictionById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_segment_restriction_id")
        let (restriction, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrierSegmentRestriction(core: core, id, principal: input.principal) }
        return Responses.json(Render.restriction(restriction, users: users))
    }

    func deleteShieldInformationBarrierSegmentRestrictionById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_segment_restriction_id")
        try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.deleteShieldInformationBarrierSegmentRestriction(core: core, id, principal: input.principal) }
        return Responses.empty()
    }

    func getShieldInformationBarrierReports(_ input: OperationInput) async throws -> Response {
        let (reports, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrierReports(core: core,
            barrierId: try input.request.requiredQuery("shield_information_barrier_id"), principal: input.principal) }
        return Responses.json(try MarkerPage.of(reports.map { Render.report($0, users: users) }, query: input.query))
    }

    func createShieldInformationBarrierReport(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let (report, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.createShieldInformationBarrierReport(core: core,
            barrierId: try Self.requiredId(body, "shield_information_barrier"), principal: input.principal) }
        return Responses.json(Render.report(report, users: users, status: "pending"), status: .created)
    }

    func getShieldInformationBarrierReportById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("shield_information_barrier_report_id")
        let (report, users) = try await state.withArea(ShieldInformationBarriersState.self) { area, core in try area.shieldInformationBarrierReport(core: core, id, principal: input.principal) }
        return Responses.json(Render.report(report, users: users))
    }
}
