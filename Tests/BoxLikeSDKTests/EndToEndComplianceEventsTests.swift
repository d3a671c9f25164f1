import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The compliance and administration changes the enterprise's admin logs record, under Box's
/// event types, read back through `client.events` (`stream_type=admin_logs`, `event_type`).
@Suite("Compliance events in the admin logs")
struct EndToEndComplianceEventsTests {
    @Test func legalHoldPolicyChangesAreInTheAdminLogs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let start = try await admin.adminLogPosition()
            let policy = try await EndToEndLegalHoldsTests().makePolicy(admin)
            _ = try await admin.legalHoldPolicies.updateLegalHoldPolicyById(
                legalHoldPolicyId: policy.id, requestBody: UpdateLegalHoldPolicyByIdRequestBody(description: "Widened"))
            try await admin.legalHoldPolicies.deleteLegalHoldPolicyById(legalHoldPolicyId: policy.id)

            let events = try await admin.adminLogEvents(
                since: start, types: ["LEGAL_HOLD_POLICY_CREATE", "LEGAL_HOLD_POLICY_UPDATE", "LEGAL_HOLD_POLICY_DELETE"])

            #expect(events.map { $0.eventType?.rawValue } == ["LEGAL_HOLD_POLICY_CREATE", "LEGAL_HOLD_POLICY_UPDATE", "LEGAL_HOLD_POLICY_DELETE"])
            #expect(events.allSatisfy { $0.additionalDetails?["legal_hold_policy_id"]?.stringValue == policy.id })
            #expect(events.allSatisfy { $0.createdBy?.id == server.seed.adminUser.id })
        }
    }

    @Test func legalHoldAssignmentsAreInTheAdminLogsWithTheHeldFile() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let file = try await admin.makeFile("evidence.txt", text: "exhibit A", in: try await admin.makeFolder().id)
            let policy = try await EndToEndLegalHoldsTests().makePolicy(admin)
            let start = try await admin.adminLogPosition()
            let assignment = try await EndToEndLegalHoldsTests().assign(admin, policy, to: .file, id: file.id)
            try await admin.legalHoldPolicyAssignments.deleteLegalHoldPolicyAssignmentById(legalHoldPolicyAssignmentId: try #require(assignment.id))

            let events = try await admin.adminLogEvents(since: start, types: ["LEGAL_HOLD_ASSIGNMENT_CREATE", "LEGAL_HOLD_ASSIGNMENT_DELETE"])

            #expect(events.map { $0.eventType?.rawValue } == ["LEGAL_HOLD_ASSIGNMENT_CREATE", "LEGAL_HOLD_ASSIGNMENT_DELETE"])
            #expect(try events.map { try $0.sourceMember("item_id") } == [file.id, file.id])
            #expect(events.first?.additionalDetails?["legal_hold_policy_assignment_id"]?.stringValue == assignment.id)
            #expect(events.first?.additionalDetails?["assign_to_type"]?.stringValue == "file")
        }
    }

    @Test func creatingAssigningAndDeletingARetentionPolicyAreInTheAdminLogs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("records")
            let start = try await admin.adminLogPosition()
            let policy = try await EndToEndRetentionTests().makePolicy(admin)
            let assignment = try await EndToEndRetentionTests().assign(admin, policy, toFolder: folder.id)
            try await admin.retentionPolicies.deleteRetentionPolicyById(retentionPolicyId: policy.id)

            let events = try await admin.adminLogEvents(
                since: start, types: ["DATA_RETENTION_CREATE_RETENTION", "RETENTION_POLICY_ASSIGNMENT_ADD", "DATA_RETENTION_REMOVE_RETENTION"])

            #expect(events.map { $0.eventType?.rawValue }
                == ["DATA_RETENTION_CREATE_RETENTION", "RETENTION_POLICY_ASSIGNMENT_ADD", "DATA_RETENTION_REMOVE_RETENTION"])
            #expect(events.allSatisfy { $0.additionalDetails?["retention_policy_id"]?.stringValue == policy.id })
            #expect(events[1].additionalDetails?["retention_policy_assignment_id"]?.stringValue == assignment.id)
            #expect(try events[1].sourceMember("item_id") == folder.id)
        }
    }

    @Test func retiringARetentionPolicyIsInTheAdminLogsAsItsRemoval() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let policy = try await EndToEndRetentionTests().makePolicy(admin)
            let start = try await admin.adminLogPosition()
            _ = try await admin.retentionPolicies.updateRetentionPolicyById(
                retentionPolicyId: policy.id, requestBody: UpdateRetentionPolicyByIdRequestBody(policyName: .value("Old records")))
            _ = try await admin.retentionPolicies.updateRetentionPolicyById(
                retentionPolicyId: policy.id, requestBody: UpdateRetentionPolicyByIdRequestBody(status: .value("retired")))

            let events = try await admin.adminLogEvents(since: start, types: ["DATA_RETENTION_REMOVE_RETENTION"])

            #expect(events.count == 1)
            #expect(events.first?.additionalDetails?["retention_policy_name"]?.stringValue == "Old records")
        }
    }

    @Test func acceptingAndRejectingTermsOfServiceAreInTheAdminLogsWithTheUser() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let (alice, _) = try await server.developerTokenClient(userId: aliceId)
            let terms = try await EndToEndTermsOfServiceTests().makeTerms(admin)
            let start = try await admin.adminLogPosition()
            let status = try await EndToEndTermsOfServiceTests().answer(alice, terms, for: aliceId, accepted: true)
            _ = try await alice.termsOfServiceUserStatuses.updateTermsOfServiceStatusForUserById(
                termsOfServiceUserStatusId: status.id, requestBody: UpdateTermsOfServiceStatusForUserByIdRequestBody(isAccepted: false))

            let events = try await admin.adminLogEvents(since: start, types: ["TERMS_OF_SERVICE_ACCEPT", "TERMS_OF_SERVICE_REJECT"])

            #expect(events.map { $0.eventType?.rawValue } == ["TERMS_OF_SERVICE_ACCEPT", "TERMS_OF_SERVICE_REJECT"])
            #expect(try events.map { try $0.sourceMember("id") } == [aliceId, aliceId])
            #expect(events.allSatisfy { $0.additionalDetails?["terms_of_service_id"]?.stringValue == terms.id })
        }
    }

    @Test func pinningAndRemovingADeviceAreInTheAdminLogsWithTheUser() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let start = try await admin.adminLogPosition()
            let pinId = try await server.pinDevice(userId: aliceId, productName: "Box for iPhone")
            try await admin.devicePinners.deleteDevicePinnerById(devicePinnerId: pinId)

            let events = try await admin.adminLogEvents(since: start, types: ["ADD_DEVICE_ASSOCIATION", "REMOVE_DEVICE_ASSOCIATION"])

            #expect(events.map { $0.eventType?.rawValue } == ["ADD_DEVICE_ASSOCIATION", "REMOVE_DEVICE_ASSOCIATION"])
            #expect(try events.map { try $0.sourceMember("id") } == [aliceId, aliceId])
            #expect(events.map { $0.additionalDetails?["product_name"]?.stringValue } == ["Box for iPhone", "Box for iPhone"])
            #expect(events.last?.createdBy?.id == server.seed.adminUser.id)
        }
    }
}
