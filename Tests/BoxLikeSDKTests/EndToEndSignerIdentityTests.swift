import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Only the signer signs: embedded signers' links go to the sender alone, a required sign-in
/// must be the signer's own Box account, a verification phone gets a code that must come back,
/// and wrong answers are limited. The signing pages are browser pages, so the tests that
/// drive them use a server on loopback.
extension EndToEndSignTests {
    static func send(_ client: BoxClient, file: FileFull, folder: FolderFull, signer: SignRequestCreateSigner) async throws -> String {
        let created = try await client.signRequests.createSignRequest(requestBody: SignRequestCreateRequest(
            signers: [signer], name: "Contract", sourceFiles: .value([FileBase(id: file.id, type: .file)]),
            parentFolder: FolderMini(id: folder.id, type: .folder)))
        return try #require(created.id)
    }

    @Test func anEmbeddedSignersLinkIsShownToTheSenderOnly() async throws {
        try await withServer { server in
            let (sender, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let (folder, file) = try await Self.contract(sender)
            try await sender.collaborate(userId: viewerId, on: folder.id, role: .viewer)
            let id = try await Self.send(sender, file: file, folder: folder, signer: SignRequestCreateSigner(
                email: .value(Self.ann), role: .signer, embedUrlExternalUserId: .value("ann-in-our-app")))

            let seenBySender = try await sender.signRequests.getSignRequestById(signRequestId: id)
            let seenByViewer = try await viewer.signRequests.getSignRequestById(signRequestId: id)

            #expect(seenBySender.signers?.first { $0.email == Self.ann }?.embedUrl != nil)
            #expect(seenByViewer.signers?.first { $0.email == Self.ann }?.embedUrl == nil)
            #expect(seenByViewer.signers?.first { $0.email == Self.ann }?.iframeableEmbedUrl == nil)
        }
    }

    @Test func aSignerWhoMustSignInSignsOnlyAsTheirOwnAccount() async throws {
        try await withServer { server in
            let (sender, _) = try await server.developerTokenClient()
            let alice = server.seed.appUsers[0]
            let bob = server.seed.appUsers[1]
            let (folder, file) = try await Self.contract(sender)
            let id = try await Self.send(sender, file: file, folder: folder, signer: SignRequestCreateSigner(
                email: .value(alice.login), role: .signer, loginRequired: .value(true)))
            let link = try await Self.link(server, to: alice.login, for: id)

            await #expect(throws: PageDriverError.refused(status: 403, code: "login_required")) { try await SignDriver(link: link, via: server.pageTransport).sign() }
            await #expect(throws: PageDriverError.refused(status: 403, code: "login_required")) {
                try await SignDriver(link: link, signIn: (bob.login, bob.password), via: server.pageTransport).sign()
            }
            try await SignDriver(link: link, signIn: (alice.login, alice.password), via: server.pageTransport).sign()

            #expect(try await sender.signRequests.getSignRequestById(signRequestId: id).status == .signed)
        }
    }

    @Test func aSignerWithAVerificationPhoneMustGiveTheCodeTextedToIt() async throws {
        try await withServer { server in
            let (sender, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(sender)
            let id = try await Self.send(sender, file: file, folder: folder, signer: SignRequestCreateSigner(
                email: .value(Self.ann), role: .signer, verificationPhoneNumber: .value("+15555550123")))
            let link = try await Self.link(server, to: Self.ann, for: id)

            await #expect(throws: PageDriverError.refused(status: 403, code: "incorrect_verification_code")) {
                try await SignDriver(link: link, via: server.pageTransport).sign()
            }
            _ = try await SignDriver(link: link, via: server.pageTransport).view()
            let text = try #require(await server.signTextMessages().last { $0.signRequestId == id })
            #expect(text.to == "+15555550123")
            try await SignDriver(link: link, verificationCode: text.code, via: server.pageTransport).sign()

            #expect(try await sender.signRequests.getSignRequestById(signRequestId: id).status == .signed)
        }
    }

    @Test func aSigningLinkLocksAfterTooManyWrongPasswords() async throws {
        try await withServer { server in
            let (sender, _) = try await server.developerTokenClient()
            let (folder, file) = try await Self.contract(sender)
            let id = try await Self.send(sender, file: file, folder: folder, signer: SignRequestCreateSigner(
                email: .value(Self.ann), role: .signer, password: .value("Quince-Orchard-42")))
            let link = try await Self.link(server, to: Self.ann, for: id)
            for _ in 0..<5 {
                await #expect(throws: PageDriverError.refused(status: 403, code: "incorrect_password")) {
                    try await SignDriver(link: link, password: "guess", via: server.pageTransport).sign()
                }
            }

            await #expect(throws: PageDriverError.refused(status: 403, code: "too_many_attempts")) {
                try await SignDriver(link: link, password: "Quince-Orchard-42", via: server.pageTransport).sign()
            }
            #expect(try await sender.signRequests.getSignRequestById(signRequestId: id).status != .signed)
        }
    }
}
