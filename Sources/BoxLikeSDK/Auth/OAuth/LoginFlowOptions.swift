import Foundation

/// How ``BoxOAuth/runLoginFlow(options:)`` signs a user in through the system browser.
///
/// ```swift
/// let token = try await auth.runLoginFlow(options: LoginFlowOptions(scope: "root_readwrite",
///                                                                  timeout: .seconds(120)))
/// ```
public struct LoginFlowOptions: Sendable {
    /// The full loopback redirect URI registered for the app, e.g.
    /// `http://127.0.0.1:8765/callback`. Its host must be `127.0.0.1` or `localhost`. The
    /// listener binds `127.0.0.1`; for `localhost`, which a browser may resolve to either
    /// loopback address (RFC 8252 §8.3), it binds `[::1]` on the same port too, and refuses to
    /// start when another process holds that address. When `nil`, ``port`` and
    /// ``callbackPath`` are used.
    public var redirectUri: String?
    /// The port to listen on when ``redirectUri`` is `nil`; an ephemeral port when `nil`.
    public var port: Int?
    /// The redirect path when ``redirectUri`` is `nil`.
    public var callbackPath: String
    /// The scopes asked for, space-separated.
    public var scope: String?
    /// Asks the server to prompt again (`login`, `consent`...).
    public var prompt: String?
    /// The `state` value; random when `nil`.
    public var state: String?
    /// Further query parameters for the authorization URL.
    public var extraQueryParameters: [String: String]
    /// How long to wait for the browser to come back.
    public var timeout: Duration
    /// Shows the authorization URL to the user.
    public var browserOpener: any BrowserOpener

    /// Creates options.
    public init(redirectUri: String? = nil, port: Int? = nil, callbackPath: String = "/callback",
                scope: String? = nil, prompt: String? = nil, state: String? = nil,
                extraQueryParameters: [String: String] = [:], timeout: Duration = .seconds(300),
                browserOpener: any BrowserOpener = SystemBrowserOpener()) {
        self.redirectUri = redirectUri
        self.port = port
        self.callbackPath = callbackPath
        self.scope = scope
        self.prompt = prompt
        self.state = state
        self.extraQueryParameters = extraQueryParameters
        self.timeout = timeout
        self.browserOpener = browserOpener
    }
}
