import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Terms of service and users' answers to them.
@Suite("Terms of service against the server")
struct EndToEndTermsOfServiceTests {
    func makeTerms(_ admin: BoxClient, _ type: CreateTermsOfServiceRequestBodyTosTypeField = .managed, text: String = "Be kind.")
        async throws -> TermsOfService {
        try await admin.termsOfServices.createTermsOfService(requestBody: CreateTermsOfServiceRequestBody(
            status: .enabled, text: text, tosType: type))
    }

    func answer(_ client: BoxClient, _ terms: TermsOfService, for userId: String, accepted: Bool) async throws -> TermsOfServiceUserStatus {
        try await client.termsOfServiceUserStatuses.createTermsOfServiceStatusForUser(requestBody: CreateTermsOfServiceStatusForUserRequestBody(
            tos: CreateTermsOfServiceStatusForUserRequestBodyTosField(id: terms.id),
            user: CreateTermsOfServiceStatusForUserRequestBodyUserField(id: userId), isAccepted: accepted))
    }

    @Test func anAdminCreatesTermsOfServiceAndEveryUserReadsThem() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (alice, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let created = try await makeTerms(admin, text: "Keep it confidential.")
            let read = try await alice.termsOfServices.getTermsOfServiceById(termsOfServiceId: created.id)

            #expect(read.text == "Keep it confidential.")
            #expect(read.status?.rawValue == "enabled")
            #expect(read.tosType?.rawValue == "managed")
            #expect(read.enterprise?.id == server.seed.enterpriseId)
        }
    }

    @Test func termsOfServiceAreListedAndFilteredByType() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let managed = try await makeTerms(admin, .managed)
            let external = try await makeTerms(admin, .external)

            let all = try await admin.termsOfServices.getTermsOfService()
            let externalOnly = try await admin.termsOfServices.getTermsOfService(queryParams: GetTermsOfServiceQueryParams(tosType: .external))

            #expect(all.entries?.map(\.id) == [managed.id, external.id])
            #expect(all.totalCount == 2)
            #expect(externalOnly.entries?.map(\.id) == [external.id])
        }
    }

    func collaboration(_ admin: BoxClient, userId: String) async throws -> Collaboration {
        let folder = try await admin.makeFolder()
        return try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
            item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
            accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: userId), role: .editor))
    }

    @Test func anOutsideCollaboratorMustAcceptTheExternalTermsAndTheCollaborationSaysWhetherTheyDid() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let terms = try await makeTerms(admin, .external)
            let collaboration = try await collaboration(admin, userId: server.seed.externalUserId)

            let before = collaboration.acceptanceRequirementsStatus?.termsOfServiceRequirement
            #expect(before?.termsOfService?.id == terms.id)
            #expect(before?.isAccepted == nil)

            _ = try await answer(admin, terms, for: server.seed.externalUserId, accepted: true)
            let after = try await admin.userCollaborations.getCollaborationById(collaborationId: collaboration.id)
            #expect(after.acceptanceRequirementsStatus?.termsOfServiceRequirement?.isAccepted == true)
            #expect(after.acceptanceRequirementsStatus?.strongPasswordRequirement?.enterpriseHasStrongPasswordRequiredForExternalUsers == false)
            #expect(after.acceptanceRequirementsStatus?.twoFactorAuthenticationRequirement?.enterpriseHasTwoFactorAuthEnabled == false)
            #expect(after.appItem == nil)
        }
    }

    @Test func aCollaboratorOfTheEnterpriseHasNoTermsToAcceptForTheCollaboration() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await makeTerms(admin, .external)

            let collaboration = try await collaboration(admin, userId: server.seed.appUsers[0].id)

            #expect(collaboration.acceptanceRequirementsStatus?.termsOfServiceRequirement?.termsOfService == nil)
            #expect(collaboration.acceptanceRequirementsStatus?.termsOfServiceRequirement?.isAccepted == nil)
        }
    }

    @Test func aSecondTermsOfServiceOfTheSameTypeIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await makeTerms(admin)

            let error = await #expect(throws: BoxAPIError.self) { try await makeTerms(admin) }

            #expect(error?.status == 409)
        }
    }

    @Test func anAdminUpdatesTheTextAndStatus() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let terms = try await makeTerms(admin)

            let updated = try await admin.termsOfServices.updateTermsOfServiceById(
                termsOfServiceId: terms.id, requestBody: UpdateTermsOfServiceByIdRequestBody(status: .disabled, text: "Retired."))

            #expect(updated.text == "Retired.")
            #expect(try await admin.termsOfServices.getTermsOfServiceById(termsOfServiceId: terms.id).status?.rawValue == "disabled")
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotCreateTermsOfService() async throws {
        try await withServer { server in
            let (alice, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) { try await makeTerms(alice) }

            #expect(error?.status == 403)
        }
    }

    @Test func aUserAcceptsTermsOfServiceForThemselves() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let (alice, _) = try await server.developerTokenClient(userId: aliceId)
            let terms = try await makeTerms(admin)

            let status = try await answer(alice, terms, for: aliceId, accepted: true)

            #expect(status.isAccepted == true)
            #expect(status.user?.id == aliceId)
            #expect(status.tos?.id == terms.id)
        }
    }

    @Test func aUserCannotAnswerForSomeoneElse() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (alice, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let terms = try await makeTerms(admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await answer(alice, terms, for: server.seed.appUsers[1].id, accepted: true)
            }

            #expect(error?.status == 403)
        }
    }

    @Test func anAnswerIsChangedAndTheStatusesAreListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let bobId = server.seed.appUsers[1].id
            let terms = try await makeTerms(admin)
            let aliceStatus = try await answer(admin, terms, for: aliceId, accepted: false)
            _ = try await answer(admin, terms, for: bobId, accepted: true)
            let statuses = admin.termsOfServiceUserStatuses

            let changed = try await statuses.updateTermsOfServiceStatusForUserById(
                termsOfServiceUserStatusId: aliceStatus.id, requestBody: UpdateTermsOfServiceStatusForUserByIdRequestBody(isAccepted: true))
            let all = try await statuses.getTermsOfServiceUserStatuses(queryParams: GetTermsOfServiceUserStatusesQueryParams(tosId: terms.id))
            let alices = try await statuses.getTermsOfServiceUserStatuses(
                queryParams: GetTermsOfServiceUserStatusesQueryParams(tosId: terms.id, userId: aliceId))

            #expect(changed.isAccepted == true)
            #expect(all.entries?.compactMap(\.user?.id) == [aliceId, bobId])
            #expect(alices.entries?.map(\.id) == [aliceStatus.id])
            #expect(alices.entries?.first?.isAccepted == true)
        }
    }
}
