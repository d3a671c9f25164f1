import Foundation

extension BoxLikeServer {
    /// The emails this server would have sent for Box Sign requests (Box sends real ones),
    /// oldest first: each signer's request to sign with its signing link, resends and final
    /// copies. A test or demo follows a link with ``SignDriver``.
    ///
    /// ```swift
    /// let link = try #require(await server.signEmails().first { $0.to == "ann@example.com" }?.signingURL)
    /// try await SignDriver(link: link).sign()
    /// ```
    public func signEmails() async -> [SignEmail] {
        await state.withArea(SignRequestsState.self) { area, core in area.signEmails(core: core) }
    }

    /// The verification codes this server would have texted to signers with a
    /// `verification_phone_number` (one each time such a signer opens their signing page),
    /// oldest first.
    public func signTextMessages() async -> [SignTextMessage] {
        await state.withArea(SignRequestsState.self) { area, core in area.signTextMessages(core: core) }
    }
}
