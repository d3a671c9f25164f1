import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.termsOfServices` and `client.termsOfServiceUserStatuses`, as Box's documentation uses them.
@Suite("Drop-in: terms of services and user statuses")
struct TermsOfServicesTests {
    @Test func termsOfServiceAreCreatedReadUpdatedAndListed() async throws {
        try await withLocalBox { box in
            let client = box.client

            let tos = try await client.termsOfServices.createTermsOfService(requestBody: CreateTermsOfServiceRequestBody(
                status: CreateTermsOfServiceRequestBodyStatusField.disabled, text: "Test TOS",
                tosType: CreateTermsOfServiceRequestBodyTosTypeField.managed))
            #expect(tos.text == "Test TOS")

            let read = try await client.termsOfServices.getTermsOfServiceById(termsOfServiceId: tos.id)
            #expect(read.tosType == .managed)

            let updated = try await client.termsOfServices.updateTermsOfServiceById(
                termsOfServiceId: tos.id,
                requestBody: UpdateTermsOfServiceByIdRequestBody(status: UpdateTermsOfServiceByIdRequestBodyStatusField.enabled, text: "TOS"))
            #expect(updated.text == "TOS")
            #expect(updated.status == .enabled)

            let external = try await client.termsOfServices.createTermsOfService(requestBody: CreateTermsOfServiceRequestBody(
                status: .enabled, text: "Guests", tosType: .external))
            let all = try await client.termsOfServices.getTermsOfService()
            #expect(all.totalCount == 2)
            let externalOnly = try await client.termsOfServices.getTermsOfService(
                queryParams: GetTermsOfServiceQueryParams(tosType: GetTermsOfServiceQueryParamsTosTypeField.external))
            #expect(externalOnly.entries?.map(\.id) == [external.id])
        }
    }

    @Test func aUsersAnswerIsRecordedChangedAndListed() async throws {
        try await withLocalBox { box in
            let client = box.client
            let user = box.seed.appUsers[0]
            let tos = try await client.termsOfServices.createTermsOfService(requestBody: CreateTermsOfServiceRequestBody(
                status: .enabled, text: "Be kind.", tosType: .managed))

            let createdTosUserStatus = try await client.termsOfServiceUserStatuses.createTermsOfServiceStatusForUser(
                requestBody: CreateTermsOfServiceStatusForUserRequestBody(
                    tos: CreateTermsOfServiceStatusForUserRequestBodyTosField(id: tos.id),
                    user: CreateTermsOfServiceStatusForUserRequestBodyUserField(id: user.id), isAccepted: false))
            #expect(createdTosUserStatus.isAccepted == false)

            let updatedTosUserStatus = try await client.termsOfServiceUserStatuses.updateTermsOfServiceStatusForUserById(
                termsOfServiceUserStatusId: createdTosUserStatus.id,
                requestBody: UpdateTermsOfServiceStatusForUserByIdRequestBody(isAccepted: true))
            #expect(updatedTosUserStatus.isAccepted == true)

            let listTosUserStatuses = try await client.termsOfServiceUserStatuses.getTermsOfServiceUserStatuses(
                queryParams: GetTermsOfServiceUserStatusesQueryParams(tosId: tos.id, userId: user.id))
            #expect(listTosUserStatuses.totalCount == 1)
            #expect(listTosUserStatuses.entries?.first?.isAccepted == true)
        }
    }

    @Test func onlyAnAdminCreatesTermsOfService() async throws {
        try await withLocalBox { box in
            let userClient = try await box.client(forUser: box.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await userClient.termsOfServices.createTermsOfService(requestBody: CreateTermsOfServiceRequestBody(
                    status: .enabled, text: "Mine", tosType: .managed))
            }
            #expect(error?.responseInfo.statusCode == 403)
        }
    }
}
