import BoxLikeSDK
import BoxLikeServer
import Foundation
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
        /// First sends the app a forged callback (another page's `<img src=...>`), then the
        /// real redirect.
        case forgedCallbackFirst
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
    private let redirectHost: String?
    private let recorded = Mutex<(opened: [URL], visits: [Visit], finalLocation: String?)>(([], [], nil))
    /// Callers of ``waitUntilOpened()`` waiting for the first URL.
    private let openWaiters = Mutex<(opened: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    /// How the server's sign-in pages are reached.
    private let pages: PageTransport

    /// A browser for `user`.
    ///
    /// - Parameters:
    ///   - probesOtherPath: Also asks the app's listener for `/favicon.ico` before the redirect.
    ///   - followsFinalRedirect: Whether to follow the redirect to the app; when `false`
    ///     the location is only recorded (for the manual flow).
    ///   - redirectHost: The address the browser's resolver gives for the redirect's host
    ///     (`[::1]` plays a browser that resolves `localhost` to the IPv6 loopback).
    ///   - pages: How the server's sign-in pages are reached (an in-process server's without a
    ///     socket); the redirect to the app is always followed over HTTP.
    init(user: BoxLikeSeed.User, decision: Decision = .grant, behaviour: Behaviour = .normal,
         probesOtherPath: Bool = false, followsFinalRedirect: Bool = true, redirectHost: String? = nil,
         pages: PageTransport = .http) {
        self.pages = pages
        self.redirectHost = redirectHost
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

    /// Returns once the app has asked the browser to open a URL.
    func waitUntilOpened() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let openedAlready = openWaiters.withLock { state -> Bool in
                if !state.opened { state.waiters.append(continuation) }
                return state.opened
            }
            if openedAlready { continuation.resume() }
        }
    }

    func open(_ url: URL) async throws {
        recorded.withLock { $0.opened.append(url) }
        let waiters = openWaiters.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.opened = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        if behaviour == .idle { return }
        let driver = SignInDriver(login: login, password: password, decision: decision == .grant ? .grant : .deny)
        let location = try await driver.signIn(at: url, via: pages)
        var target = behaviour == .tamperState ? Self.replacingState(in: location) : location
        if let redirectHost, let host = URLComponents(string: target)?.host, let range = target.range(of: "//" + host) {
            target.replaceSubrange(range, with: "//" + redirectHost)
        }
        recorded.withLock { $0.finalLocation = target }
        guard followsFinalRedirect else { return }
        if probesOtherPath, var other = URLComponents(string: target) {
            other.path = "/favicon.ico"
            other.query = nil
            if let probe = other.string { try await visit(probe) }
        }
        if behaviour == .forgedCallbackFirst, var forged = URLComponents(string: Self.replacingState(in: target)) {
            forged.queryItems = (forged.queryItems ?? []).map {
                $0.name == "code" ? URLQueryItem(name: "code", value: "forged-code") : $0
            }
            if let url = forged.string { try await visit(url) }
        }
        try await visit(target)
    }

    private func visit(_ url: String) async throws {
        let page = try await SignInDriver.fetch(url)
        recorded.withLock { $0.visits.append(Visit(url: url, status: page.status, body: page.body)) }
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
