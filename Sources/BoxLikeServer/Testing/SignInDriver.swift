import AsyncHTTPClient
import Foundation
import NIOCore

/// Testing support, not part of the server product's API (it has `package` access): plays a user on the server's authorization pages the way a browser would: loads the page
/// an authorize URL shows, submits the login form, answers the consent page and reports
/// where the server redirects, so tests, samples and the demo can run an OAuth sign-in
/// without a person.
///
/// ```swift
/// let driver = SignInDriver(login: "alice@boxlike.test", password: "alice-password")
/// let redirect = try await driver.signIn(at: authorizeURL)   // the app's URI with code and state
/// _ = try await SignInDriver.fetch(redirect)                  // hand it to the app's listener
/// ```
package struct SignInDriver: Sendable {
    /// What the user answers on the consent page.
    package enum Decision: Sendable {
        /// Grants the app access.
        case grant
        /// Denies it.
        case deny
    }

    /// One page as fetched: status, body and any `Location`.
    package struct Page: Sendable {
        /// The HTTP status.
        package var status: Int
        /// The body as text.
        package var body: String
        /// The `Location` header, for redirects.
        package var location: String?

        /// The page itself when its status is one of `statuses`, else the refusal it carries.
        /// - Throws: ``PageDriverError/refused(status:code:)``.
        package func accepted(_ statuses: Set<Int> = [200]) throws -> Page {
            guard statuses.contains(status) else { throw PageDriverError.refused(status: status, code: errorCode ?? "") }
            return self
        }

        /// The Box-style error code an error page carries in its `data-code` attribute.
        package var errorCode: String? {
            body.range(of: "data-code=\"").flatMap { start in
                body[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
            }
        }
    }

    /// The user's login.
    package let login: String
    private let password: String
    /// The consent answer.
    package let decision: Decision

    /// A driver signing in as `login`.
    package init(login: String, password: String, decision: Decision = .grant) {
        self.login = login
        self.password = password
        self.decision = decision
    }

    /// Signs in at `authorizeURL` and returns the redirect location the server answers
    /// with, without following it.
    ///
    /// - Throws: ``SignInDriverError`` when a page lacks its form or the redirect.
    package func signIn(at authorizeURL: URL) async throws -> String {
        guard let scheme = authorizeURL.scheme, let host = authorizeURL.host, let port = authorizeURL.port else {
            throw SignInDriverError.unexpectedPage("the authorize URL \(authorizeURL) has no origin")
        }
        let origin = "\(scheme)://\(host):\(port)"
        let loginPage = try await Self.fetch(authorizeURL.absoluteString)
        let consentPage = try await Self.post("\(origin)/oauth2/authorize/login", form: [
            "session": try Self.hiddenValue("session", in: loginPage), "login": login, "password": password,
        ])
        let answer = try await Self.post("\(origin)/oauth2/authorize/consent", form: [
            "session": try Self.hiddenValue("session", in: consentPage),
            "consent": decision == .grant ? "grant" : "deny",
        ])
        guard let location = answer.location else {
            throw SignInDriverError.unexpectedPage("the consent answer was \(answer.status) without a redirect")
        }
        return location
    }

    /// GETs `url` without following redirects.
    package static func fetch(_ url: String) async throws -> Page {
        try await send(HTTPClientRequest(url: url))
    }

    /// POSTs `form` as `application/x-www-form-urlencoded` without following redirects.
    package static func post(_ url: String, form: [String: String]) async throws -> Page {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        let body = form.sorted { $0.key < $1.key }
            .map { "\(formEscape($0.key))=\(formEscape($0.value))" }.joined(separator: "&")
        request.body = .bytes(ByteBuffer(string: body))
        return try await send(request)
    }

    /// A client that leaves redirects to the caller, as the pages' redirects are the result.
    private static let client = HTTPClient(eventLoopGroupProvider: .singleton,
                                           configuration: .init(redirectConfiguration: .disallow))

    static func send(_ request: HTTPClientRequest) async throws -> Page {
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Page(status: Int(response.status.code), body: String(buffer: body),
                    location: response.headers.first(name: "location"))
    }

    private static func formEscape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The value of a hidden input of the page's form.
    static func hiddenValue(_ name: String, in page: Page) throws -> String {
        let marker = "name=\"\(name)\" value=\""
        guard let start = page.body.range(of: marker),
              let end = page.body[start.upperBound...].firstIndex(of: "\"") else {
            throw SignInDriverError.unexpectedPage("no '\(name)' field in a \(page.status) page")
        }
        return String(page.body[start.upperBound..<end])
    }
}

/// The sign-in pages did not look as expected.
package enum SignInDriverError: Error, Sendable, CustomStringConvertible {
    /// A page lacked its form or redirect.
    case unexpectedPage(String)

    /// What was wrong.
    package var description: String {
        switch self {
        case .unexpectedPage(let detail): "Unexpected sign-in page: \(detail)"
        }
    }
}

/// A page a test driver acts on (a signing page, a file request's upload page) refused.
package enum PageDriverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered `status` with Box-style error `code`.
    case refused(status: Int, code: String)

    /// What was refused.
    package var description: String {
        switch self {
        case .refused(let status, let code): "the page refused with \(status) \(code)"
        }
    }
}
