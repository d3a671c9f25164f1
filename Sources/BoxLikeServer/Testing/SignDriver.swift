import Foundation

/// Testing support, not part of the server product's API (it has `package` access): plays a
/// signer on the server's Box Sign pages the way a browser would: opens the signing link
/// (which marks the document viewed), then signs or declines, so tests, samples and the demo
/// can finish a sign request without a person.
///
/// ```swift
/// let link = try #require(await server.signEmails().first { $0.to == "ann@example.com" }?.signingURL)
/// let driver = SignDriver(link: link)
/// _ = try await driver.view()
/// try await driver.sign()
/// ```
package struct SignDriver: Sendable {
    /// The signing link (`…/sign/{token}`) from a sign email or a signer's `embed_url`.
    package let link: String
    private let password: String?
    private let signIn: (login: String, password: String)?
    private let verificationCode: String?
    /// How the pages are reached.
    private let transport: PageTransport

    /// A driver for the signer whose link this is; `password` when the sender set one,
    /// `signIn` (the signer's Box login and password) when the sender required a sign-in, and
    /// `verificationCode` (from ``BoxLikeServer/signTextMessages()``) when the sender set a
    /// verification phone number.
    package init(link: String, password: String? = nil, signIn: (login: String, password: String)? = nil,
                 verificationCode: String? = nil, via transport: PageTransport = .http) {
        self.link = link
        self.transport = transport
        self.password = password
        self.signIn = signIn
        self.verificationCode = verificationCode
    }

    /// Opens the signing page; the signer has then viewed the document.
    package func view() async throws -> SignInDriver.Page {
        try await SignInDriver.fetch(pageURL, via: transport)
    }

    /// Signs (or, for an approver, approves) and returns the answer: the thank-you page, or
    /// the redirect the request asked for.
    ///
    /// - Throws: ``PageDriverError/refused(status:code:)`` when the server refuses.
    @discardableResult
    package func sign() async throws -> SignInDriver.Page {
        try await SignInDriver.post("\(pageURL)/sign", form: form(), via: transport).accepted([200, 302])
    }

    /// Declines with `reason`, which ends the request.
    ///
    /// - Throws: ``PageDriverError/refused(status:code:)`` when the server refuses.
    @discardableResult
    package func decline(reason: String = "") async throws -> SignInDriver.Page {
        var fields = form()
        fields["reason"] = reason
        return try await SignInDriver.post("\(pageURL)/decline", form: fields, via: transport).accepted([200, 302])
    }

    /// The link without a query (an embed URL carries one).
    private var pageURL: String {
        link.split(separator: "?", maxSplits: 1).first.map(String.init) ?? link
    }

    private func form() -> [String: String] {
        var fields: [String: String] = [:]
        fields["password"] = password
        fields["login"] = signIn?.login
        fields["login_password"] = signIn?.password
        fields["verification_code"] = verificationCode
        return fields
    }
}
