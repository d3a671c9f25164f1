import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIRuntime

/// How the page drivers reach the server's pages: over HTTP, as a browser does, or straight
/// to the router of a server started in process (``BoxLikeServer/pageTransport``), with no
/// socket. Neither follows redirects: the pages' redirects are the result.
package enum PageTransport: Sendable {
    /// AsyncHTTPClient, to a server listening on a socket.
    case http
    /// The in-process transport of a server started with ``BoxLikeServer/startInProcess(_:origin:)``.
    case inProcess(InProcessTransport, origin: URL)
}

extension BoxLikeServer {
    /// How a page driver reaches this server: in process when it listens on no socket.
    package var pageTransport: PageTransport {
        listensOnSocket ? .http : .inProcess(inProcessTransport, origin: originURL)
    }
}

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
    package func signIn(at authorizeURL: URL, via transport: PageTransport = .http) async throws -> String {
        guard let scheme = authorizeURL.scheme, let host = authorizeURL.host else {
            throw SignInDriverError.unexpectedPage("the authorize URL \(authorizeURL) has no origin")
        }
        let origin = "\(scheme)://\(host)" + (authorizeURL.port.map { ":\($0)" } ?? "")
        let loginPage = try await Self.fetch(authorizeURL.absoluteString, via: transport)
        let consentPage = try await Self.post("\(origin)/oauth2/authorize/login", form: [
            "session": try Self.hiddenValue("session", in: loginPage), "login": login, "password": password,
        ], via: transport)
        let answer = try await Self.post("\(origin)/oauth2/authorize/consent", form: [
            "session": try Self.hiddenValue("session", in: consentPage),
            "consent": decision == .grant ? "grant" : "deny",
        ], via: transport)
        guard let location = answer.location else {
            throw SignInDriverError.unexpectedPage("the consent answer was \(answer.status) without a redirect")
        }
        return location
    }

    /// GETs `url` without following redirects.
    package static func fetch(_ url: String, via transport: PageTransport = .http) async throws -> Page {
        try await send(method: .get, url: url, via: transport)
    }

    /// POSTs `form` as `application/x-www-form-urlencoded` without following redirects.
    package static func post(_ url: String, form: [String: String], via transport: PageTransport = .http) async throws -> Page {
        let body = form.sorted { $0.key < $1.key }
            .map { "\(formEscape($0.key))=\(formEscape($0.value))" }.joined(separator: "&")
        return try await send(method: .post, url: url, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                              body: Array(body.utf8), via: transport)
    }

    /// A client that leaves redirects to the caller, as the pages' redirects are the result.
    private static let client = HTTPClient(eventLoopGroupProvider: .singleton,
                                           configuration: .init(redirectConfiguration: .disallow))

    /// Sends one request to a page and reads its answer (at most 1 MiB of it).
    static func send(method: HTTPRequest.Method, url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                     via transport: PageTransport) async throws -> Page {
        switch transport {
        case .http:
            var request = HTTPClientRequest(url: url)
            request.method = .init(rawValue: method.rawValue)
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let response = try await client.execute(request, timeout: .seconds(30))
            let collected = try await response.body.collect(upTo: 1 << 20)
            return Page(status: Int(response.status.code), body: String(buffer: collected),
                        location: response.headers.first(name: "location"))
        case .inProcess(let inProcess, let origin):
            guard let components = URLComponents(string: url) else {
                throw SignInDriverError.unexpectedPage("\(url) is not a URL")
            }
            let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
                + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
            for (name, value) in headers {
                if let field = HTTPField.Name(name) { request.headerFields.append(HTTPField(name: field, value: value)) }
            }
            let (response, responseBody) = try await inProcess.send(
                request, body: body.map { HTTPBody($0) }, baseURL: origin, operationID: "page")
            var bytes: [UInt8] = []
            if let responseBody { bytes = try await [UInt8](collecting: responseBody, upTo: 1 << 20) }
            return Page(status: response.status.code, body: String(decoding: bytes, as: UTF8.self),
                        location: response.headerFields[.location])
        }
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
