import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.signRequests` and `client.signTemplates`, as Box's documentation uses them.
@Suite("Drop-in: sign requests and sign templates")
struct SignTests {
    /// Sends `fileToSign` for signature to `signerEmail`, the fields written as `TriStateField` values.
    private func sendForSignature(_ client: BoxClient, fileToSign: FileFull, destinationFolder: FolderFull, signerEmail: String)
        async throws -> SignRequest {
        try await client.signRequests.createSignRequest(requestBody: SignRequestCreateRequest(
            signers: [SignRequestCreateSigner(email: .value(signerEmail), role: SignRequestCreateSignerRoleField.signer)],
            areRemindersEnabled: true, name: "Sign Request", daysValid: .value(30),
            sourceFiles: .value([FileBase(id: fileToSign.id)]), parentFolder: FolderMini(id: destinationFolder.id)))
    }

    @Test func aSignRequestIsCreatedReadListedAndCancelled() async throws {
        try await withLocalBox { box in
            let client = box.client
            let destinationFolder = try await createFolder(client, name: "Contracts")
            let fileToSign = try await uploadText(client, name: "contract.txt", text: "Contract\nParty: Ann\n", parentId: destinationFolder.id)

            let createdSignRequest = try await sendForSignature(
                client, fileToSign: fileToSign, destinationFolder: destinationFolder, signerEmail: "ann@signers.example.com")
            #expect(createdSignRequest.name == "Sign Request")
            let signRequestId = try #require(createdSignRequest.id)

            let read = try await client.signRequests.getSignRequestById(signRequestId: signRequestId)
            #expect(read.sourceFiles?.map(\.id) == [fileToSign.id])
            #expect(read.signers?.contains { $0.email == "ann@signers.example.com" } == true)

            let signRequests = try await client.signRequests.getSignRequests()
            #expect(signRequests.entries?.compactMap(\.id) == [signRequestId])
            let firstPage = try await client.signRequests.getSignRequests(queryParams: GetSignRequestsQueryParams(limit: 1))
            #expect(firstPage.entries?.count == 1)

            let cancelled = try await client.signRequests.cancelSignRequest(
                signRequestId: signRequestId, requestBody: SignRequestCancelRequest(reason: "Terms changed"))
            #expect(cancelled.status == .cancelled)
            #expect(try await client.signRequests.getSignRequestById(signRequestId: signRequestId).status == .cancelled)
        }
    }

    @Test func aResendRightAfterSendingIsRefused() async throws {
        try await withLocalBox { box in
            let client = box.client
            let destinationFolder = try await createFolder(client, name: "Offers")
            let fileToSign = try await uploadText(client, name: "offer.txt", text: "Offer", parentId: destinationFolder.id)
            let createdSignRequest = try await sendForSignature(
                client, fileToSign: fileToSign, destinationFolder: destinationFolder, signerEmail: "ben@signers.example.com")
            let signRequestId = try #require(createdSignRequest.id)
            _ = try await client.signRequests.getSignRequestById(signRequestId: signRequestId)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.signRequests.resendSignRequest(signRequestId: signRequestId)
            }
            #expect(error?.responseInfo.statusCode == 400)
        }
    }

    @Test func theEnterprisesSignTemplatesAreListedAndRead() async throws {
        try await withLocalBox { box in
            let client = box.client

            let signTemplates = try await client.signTemplates.getSignTemplates(queryParams: GetSignTemplatesQueryParams(limit: Int64(2)))
            #expect(signTemplates.entries?.count == 2)

            let signTemplate = try await client.signTemplates.getSignTemplateById(templateId: try #require(signTemplates.entries?.first?.id))
            #expect(signTemplate.id == signTemplates.entries?.first?.id)
            #expect(signTemplate.sourceFiles?.isEmpty == false)
            #expect(try await client.signTemplates.getSignTemplates().entries?.isEmpty == false)
        }
    }
}
