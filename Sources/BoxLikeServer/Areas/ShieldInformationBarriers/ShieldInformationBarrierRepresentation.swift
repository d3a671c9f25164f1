import BoxLikeJSON

/// The JSON of barriers, segments, members, restrictions and reports: pure functions of the
/// records and the user minis resolved with them.
enum ShieldInformationBarrierRepresentation {
    static func barrierReference(_ id: String) -> JSONValue {
        ["type": "shield_information_barrier", "id": .string(id)]
    }

    static func segmentReference(_ id: String) -> JSONValue {
        ["type": "shield_information_barrier_segment", "id": .string(id)]
    }

    /// A barrier; `status` overrides the stored one where Box answers a change with the
    /// transitional status (`pending`) it passes through.
    static func barrier(_ barrier: ShieldInformationBarrierRecord, enterpriseId: String, users: UserMinis,
                        status: String? = nil) -> JSONValue {
        [
            "type": "shield_information_barrier", "id": .string(barrier.id),
            "enterprise": ["type": "enterprise", "id": .string(enterpriseId)],
            "status": .string(status ?? barrier.status),
            "created_at": Timestamp.json(barrier.createdAt), "created_by": users[barrier.createdBy],
            "updated_at": Timestamp.json(barrier.updatedAt), "updated_by": users[barrier.updatedBy],
            "enabled_at": Timestamp.json(barrier.enabledAt), "enabled_by": users[barrier.enabledBy],
        ]
    }

    static func segment(_ segment: ShieldInformationBarrierSegmentRecord, users: UserMinis) -> JSONValue {
        [
            "type": "shield_information_barrier_segment", "id": .string(segment.id),
            "shield_information_barrier": barrierReference(segment.barrierId),
            "name": .string(segment.name), "description": segment.description.map(JSONValue.string) ?? .null,
            "created_at": Timestamp.json(segment.createdAt), "created_by": users[segment.createdBy],
            "updated_at": Timestamp.json(segment.updatedAt), "updated_by": users[segment.updatedBy],
        ]
    }

    static func member(_ member: ShieldInformationBarrierSegmentMemberRecord, users: UserMinis) -> JSONValue {
        [
            "type": "shield_information_barrier_segment_member", "id": .string(member.id),
            "user": users[member.userId],
            "shield_information_barrier": barrierReference(member.barrierId),
            "shield_information_barrier_segment": segmentReference(member.segmentId),
            "created_at": Timestamp.json(member.createdAt), "created_by": users[member.createdBy],
            "updated_at": Timestamp.json(member.createdAt), "updated_by": users[member.createdBy],
        ]
    }

    static func restriction(_ restriction: ShieldInformationBarrierSegmentRestrictionRecord, users: UserMinis) -> JSONValue {
        [
            "type": "shield_information_barrier_segment_restriction", "id": .string(restriction.id),
            "shield_information_barrier": barrierReference(restriction.barrierId),
            "shield_information_barrier_segment": segmentReference(restriction.segmentId),
            "restricted_segment": segmentReference(restriction.restrictedSegmentId),
            "created_at": Timestamp.json(restriction.createdAt), "created_by": users[restriction.createdBy],
            "updated_at": Timestamp.json(restriction.createdAt), "updated_by": users[restriction.createdBy],
        ]
    }

    /// A report; `status` overrides the stored one as for ``barrier(_:enterpriseId:users:status:)``.
    static func report(_ report: ShieldInformationBarrierReportRecord, users: UserMinis, status: String? = nil) -> JSONValue {
        let shown = status ?? report.status
        return [
            "type": "shield_information_barrier_report", "id": .string(report.id),
            "shield_information_barrier": ["shield_information_barrier": barrierReference(report.barrierId)],
            "status": .string(shown),
            "details": shown == "done" ? ["details": ["folder_id": report.folderId.map(JSONValue.string) ?? .null]] : .object([:]),
            "created_at": Timestamp.json(report.createdAt), "created_by": users[report.createdBy],
            "updated_at": Timestamp.json(report.updatedAt),
        ]
    }

    /// The report file's content: one CSV line per collaboration that breaks the barrier.
    static func reportCSV(_ violations: [InformationBarrierViolation]) -> String {
        var lines = ["collaboration_id,item_type,item_id,owner_user_id,owner_segment_id,collaborator_user_id,collaborator_segment_id"]
        for violation in violations {
            lines.append([
                violation.collaborationId, violation.itemType, violation.itemId, violation.ownerId, violation.ownerSegmentId,
                violation.collaboratorId, violation.collaboratorSegmentId,
            ].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
