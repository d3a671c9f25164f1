import AsyncHTTPClient
import BoxLikeSDK
import BoxLikeServer
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Plays the user's browser in sign-in tests: opens the authorization URL, submits the
/// server's login and consent forms, and follows the final redirect to the app.
///
/// As a ``BrowserOpener`` it does the whole round trip inside `open(_:)`; what happened is
/// available afterwards in ``visits``.
final class TestBrowser: BrowserOpener {
    /// What the user does on the consent page.
    enum Decision: Sendable { case grant, deny }

    /// How the browser misbehaves, to exercise the app's checks.
    enum Behaviour: Sendable {
        /// Does everything a user would.
        case normal
        /// Changes `state` on the way back to the app.
        case tamperState
        /// Never does anything (the user walked away).
        case idle
    }

    /// One page fetched from the app's loopback listener.
    struct Visit: Sendable {
        var url: String
        var status: Int
        var body: String
    }

    private let login: String
    private let password: String
    private let decision: Decision
    private let behaviour: Behaviour
    private let probesOtherPath: Bool
    private let followsFinalRedirect: Bool
    private let recorded = Mutex<(opened: [URL], visits: [Visit], finalLocation: String?)>(([], [], nil))

    /// A browser for `user`.
    ///
    /// - Parameters:
    ///   - probesOtherPath: Also asks the app's listener for `/favicon.ico` before the redirect.
    ///   - followsFinalRedirect: Whether to follow the redirect to the app; when `false`
    ///     the location is only recorded (for the manual flow).
    init(user: BoxLikeSeed.User, decision: Decision = .grant, behaviour: Behaviour = .normal,
         probesOtherPath: Bool = false, followsFinalRedirect: Bool = true) {
        self.login = user.login
        self.password = user.password
        self.decision = decision
        self.behaviour = behaviour
        self.probesOtherPath = probesOtherPath
        self.followsFinalRedirect = followsFinalRedirect
    }

    /// Every URL the app asked the browser to open.
    var openedURLs: [URL] { recorded.withLock { $0.opened } }
    /// Every page fetched from the app.
    var visits: [Visit] { recorded.withLock { $0.visits } }
    /// Where the server redirected after consent.
    var finalLocation: String? { recorded.withLock { $0.finalLocation } }

    func open(_ url: URL) async throws {
        recorded.withLock { $0.opened.append(url) }
        if behaviour == .idle { return }
        let loginPage = try await Self.fetch(url.absoluteString)
        let session = try Self.hiddenSession(in: loginPage.body)
        let origin = try Self.origin(of: url)
        let consentPage = try await Self.post("\(origin)/oauth2/authorize/login",
                                              form: ["session": session, "login": login, "password": password])
        let consentSession = try Self.hiddenSession(in: consentPage.body)
        let decided = try await Self.post("\(origin)/oauth2/authorize/consent",
                                          form: ["session": consentSession, "consent": decision == .grant ? "grant" : "deny"])
        guard let location = decided.location else {
            throw TestBrowserError.unexpectedPage(status: decided.status)
        }
        let target = behaviour == .tamperState ? Self.replacingState(in: location) : location
        recorded.withLock { $0.finalLocation = target }
        guard followsFinalRedirect else { return }
        if probesOtherPath, var other = URLComponents(string: target) {
            other.path = "/favicon.ico"
            other.query = nil
            if let probe = other.string { try await visit(probe) }
        }
        try await visit(target)
    }

    private func visit(_ url: String) async throws {
        let page = try await Self.fetch(url)
        recorded.withLock { $0.visits.append(Visit(url: url, status: page.status, body: page.body)) }
    }

    // MARK: - HTTP

    struct Page {
        var status: Int
        var body: String
        var location: String?
    }

    /// A client that leaves redirects to the browser logic.
    static let client = HTTPClient(eventLoopGroupProvider: .singleton,
                                   configuration: .init(redirectConfiguration: .disallow))

    static func fetch(_ url: String) async throws -> Page {
        try await send(HTTPClientRequest(url: url))
    }

    static func post(_ url: String, form: [String: String]) async throws -> Page {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        let body = form.sorted { $0.key < $1.key }
            .map { "\(formEscape($0.key))=\(formEscape($0.value))" }.joined(separator: "&")
        request.body = .bytes(ByteBuffer(string: body))
        return try await send(request)
    }

    private static func send(_ request: HTTPClientRequest) async throws -> Page {
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Page(status: Int(response.status.code), body: String(buffer: body),
                    location: response.headers.first(name: "location"))
    }

    private static func formEscape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The value of the form's hidden `session` input.
    static func hiddenSession(in html: String) throws -> String {
        let marker = "name=\"session\" value=\""
        guard let start = html.range(of: marker) else { throw TestBrowserError.noForm(html.prefix(300).description) }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { throw TestBrowserError.noForm(html.prefix(300).description) }
        return String(rest[..<end])
    }

    private static func origin(of url: URL) throws -> String {
        guard let scheme = url.scheme, let host = url.host, let port = url.port else {
            throw TestBrowserError.unexpectedPage(status: 0)
        }
        return "\(scheme)://\(host):\(port)"
    }

    private static func replacingState(in location: String) -> String {
        guard var components = URLComponents(string: location) else { return location }
        components.queryItems = (components.queryItems ?? []).map {
            $0.name == "state" ? URLQueryItem(name: "state", value: "forged-state") : $0
        }
        return components.string ?? location
    }

    /// The query parameters of a URL string.
    static func queryParameters(of url: String) -> [String: String] {
        let items = URLComponents(string: url)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

/// What went wrong while playing the browser.
enum TestBrowserError: Error {
    case noForm(String)
    case unexpectedPage(status: Int)
}
