import BoxLikeJSON
import Hummingbird

/// `/2.0/shield_information_barriers...`, `/2.0/shield_information_barrier_segments...`,
/// `/2.0/shield_information_barrier_segment_members...`,
/// `/2.0/shield_information_barrier_segment_restrictions...` and
/// `/2.0/shield_information_barrier_reports...`: the five managers of one concept, sharing one
/// state and one set of rules, so they live in one folder.
struct ShieldInformationBarriersRoutes: ServerArea {
    typealias Render = ShieldInformationBarrierRepresentation

    static func register(on routes: ServerRoutes) {
        registerBarriers(on: routes)
        registerSegments(on: routes)
        registerMembers(on: routes)
        registerRestrictions(on: routes)
        registerReports(on: routes)
    }

    private static func requiredId(_ body: JSONValue, _ member: String) throws -> String {
        guard let id = body[member]?.idMember else { throw ServerErrorResponse.badRequest("\(member).id is required") }
        return id
    }

    private static func registerBarriers(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getShieldInformationBarriers) { request, _, principal in
            let (barriers, users) = try await state.shieldInformationBarriers(principal: principal)
            let enterpriseId = await state.enterpriseId
            return Responses.json(try MarkerPage.of(
                barriers.map { Render.barrier($0, enterpriseId: enterpriseId, users: users) }, query: request.query))
        }
        routes.api.serve(.createShieldInformationBarrier) { request, context, principal in
            let body = try await context.json(request)
            let (barrier, users) = try await state.createShieldInformationBarrier(
                enterpriseId: try requiredId(body, "enterprise"), principal: principal)
            return Responses.json(Render.barrier(barrier, enterpriseId: await state.enterpriseId, users: users), status: .created)
        }
        routes.api.serve(.updateShieldInformationBarrierStatus) { request, context, principal in
            let body = try await context.json(request)
            guard let id = body["id"]?.stringValue, let status = body["status"]?.stringValue else {
                throw ServerErrorResponse.badRequest("id and status are required")
            }
            let (barrier, users) = try await state.changeShieldInformationBarrierStatus(id, to: status, principal: principal)
            return Responses.json(Render.barrier(barrier, enterpriseId: await state.enterpriseId, users: users, status: status))
        }
        routes.api.resource(
            get: .init(.getShieldInformationBarrierById) { _, _, principal, id in
                let (barrier, users) = try await state.shieldInformationBarrier(id, principal: principal)
                return Responses.json(Render.barrier(barrier, enterpriseId: await state.enterpriseId, users: users))
            })
    }

    private static func registerSegments(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getShieldInformationBarrierSegments) { request, _, principal in
            let (segments, users) = try await state.shieldInformationBarrierSegments(
                barrierId: try request.requiredQuery("shield_information_barrier_id"), principal: principal)
            return Responses.json(try MarkerPage.of(segments.map { Render.segment($0, users: users) }, query: request.query))
        }
        routes.api.serve(.createShieldInformationBarrierSegment) { request, context, principal in
            let body = try await context.json(request)
            let (segment, users) = try await state.createShieldInformationBarrierSegment(
                barrierId: try requiredId(body, "shield_information_barrier"), name: try body.required("name", as: String.self),
                description: body["description"]?.stringValue, principal: principal)
            return Responses.json(Render.segment(segment, users: users), status: .created)
        }
        routes.api.resource(
            get: .init(.getShieldInformationBarrierSegmentById) { _, _, principal, id in
                let (segment, users) = try await state.shieldInformationBarrierSegment(id, principal: principal)
                return Responses.json(Render.segment(segment, users: users))
            },
            put: .init(.updateShieldInformationBarrierSegmentById) { request, context, principal, id in
                let body = try await context.json(request)
                let clear: Bool
                if case .null? = body["description"] { clear = true } else { clear = false }
                let (segment, users) = try await state.updateShieldInformationBarrierSegment(
                    id, name: body["name"]?.stringValue, description: body["description"]?.stringValue, clearDescription: clear,
                    principal: principal)
                return Responses.json(Render.segment(segment, users: users))
            },
            delete: .init(.deleteShieldInformationBarrierSegmentById) { _, _, principal, id in
                try await state.deleteShieldInformationBarrierSegment(id, principal: principal)
                return Responses.empty()
            })
    }

    private static func registerMembers(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getShieldInformationBarrierSegmentMembers) { request, _, principal in
            let (members, users) = try await state.shieldInformationBarrierSegmentMembers(
                segmentId: try request.requiredQuery("shield_information_barrier_segment_id"), principal: principal)
            return Responses.json(try MarkerPage.of(members.map { Render.member($0, users: users) }, query: request.query))
        }
        routes.api.serve(.createShieldInformationBarrierSegmentMember) { request, context, principal in
            let body = try await context.json(request)
            let (member, users) = try await state.createShieldInformationBarrierSegmentMember(
                segmentId: try requiredId(body, "shield_information_barrier_segment"), userId: try requiredId(body, "user"),
                principal: principal)
            return Responses.json(Render.member(member, users: users), status: .created)
        }
        routes.api.resource(
            get: .init(.getShieldInformationBarrierSegmentMemberById) { _, _, principal, id in
                let (member, users) = try await state.shieldInformationBarrierSegmentMember(id, principal: principal)
                return Responses.json(Render.member(member, users: users))
            },
            delete: .init(.deleteShieldInformationBarrierSegmentMemberById) { _, _, principal, id in
                try await state.deleteShieldInformationBarrierSegmentMember(id, principal: principal)
                return Responses.empty()
            })
    }

    private static func registerRestrictions(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getShieldInformationBarrierSegmentRestrictions) { request, _, principal in
            let (restrictions, users) = try await state.shieldInformationBarrierSegmentRestrictions(
                segmentId: try request.requiredQuery("shield_information_barrier_segment_id"), principal: principal)
            return Responses.json(try MarkerPage.of(restrictions.map { Render.restriction($0, users: users) }, query: request.query))
        }
        routes.api.serve(.createShieldInformationBarrierSegmentRestriction) { request, context, principal in
            let body = try await context.json(request)
            let (restriction, users) = try await state.createShieldInformationBarrierSegmentRestriction(
                segmentId: try requiredId(body, "shield_information_barrier_segment"),
                restrictedSegmentId: try requiredId(body, "restricted_segment"), principal: principal)
            return Responses.json(Render.restriction(restriction, users: users), status: .created)
        }
        routes.api.resource(
            get: .init(.getShieldInformationBarrierSegmentRestrictionById) { _, _, principal, id in
                let (restriction, users) = try await state.shieldInformationBarrierSegmentRestriction(id, principal: principal)
                return Responses.json(Render.restriction(restriction, users: users))
            },
            delete: .init(.deleteShieldInformationBarrierSegmentRestrictionById) { _, _, principal, id in
                try await state.deleteShieldInformationBarrierSegmentRestriction(id, principal: principal)
                return Responses.empty()
            })
    }

    private static func registerReports(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getShieldInformationBarrierReports) { request, _, principal in
            let (reports, users) = try await state.shieldInformationBarrierReports(
                barrierId: try request.requiredQuery("shield_information_barrier_id"), principal: principal)
            return Responses.json(try MarkerPage.of(reports.map { Render.report($0, users: users) }, query: request.query))
        }
        routes.api.serve(.createShieldInformationBarrierReport) { request, context, principal in
            let body = try await context.json(request)
            let (report, users) = try await state.createShieldInformationBarrierReport(
                barrierId: try requiredId(body, "shield_information_barrier"), principal: principal)
            return Responses.json(Render.report(report, users: users, status: "pending"), status: .created)
        }
        routes.api.resource(
            get: .init(.getShieldInformationBarrierReportById) { _, _, principal, id in
                let (report, users) = try await state.shieldInformationBarrierReport(id, principal: principal)
                return Responses.json(Render.report(report, users: users))
            })
    }
}
