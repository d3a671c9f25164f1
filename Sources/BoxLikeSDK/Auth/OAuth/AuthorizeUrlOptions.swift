/// What to put in the authorization URL built by ``BoxOAuth/getAuthorizeUrl(options:)``.
///
/// ```swift
/// let url = try auth.getAuthorizeUrl(options: AuthorizeUrlOptions(
///     redirectUri: "https://app.example/callback", scope: "root_readwrite", prompt: "consent"))
/// ```
public struct AuthorizeUrlOptions: Sendable {
    /// Overrides the config's client id.
    public var clientId: String?
    /// Where the browser is sent after the user decides; must match one registered for the app.
    public var redirectUri: String?
    /// The OAuth response type; `code` for the authorization-code flow.
    public var responseType: String
    /// The value echoed back on the redirect, to bind it to this request. Random when `nil`.
    public var state: String?
    /// The scopes asked for, space-separated.
    public var scope: String?
    /// Asks the server to prompt again (`login`, `consent`...).
    public var prompt: String?
    /// Whether to add a PKCE `S256` challenge; its verifier is kept for the code exchange.
    public var usePKCE: Bool
    /// The PKCE verifier to use instead of a random one.
    public var codeVerifier: String?
    /// Further query parameters; they never replace the ones above.
    public var extraQueryParameters: [String: String]

    /// Creates options; everything not given is left out or chosen by the SDK.
    public init(clientId: String? = nil, redirectUri: String? = nil, responseType: String = "code",
                state: String? = nil, scope: String? = nil, prompt: String? = nil, usePKCE: Bool = true,
                codeVerifier: String? = nil, extraQueryParameters: [String: String] = [:]) {
        self.clientId = clientId
        self.redirectUri = redirectUri
        self.responseType = responseType
        self.state = state
        self.scope = scope
        self.prompt = prompt
        self.usePKCE = usePKCE
        self.codeVerifier = codeVerifier
        self.extraQueryParameters = extraQueryParameters
    }
}

/// The name Box's SDKs use for ``AuthorizeUrlOptions``.
public typealias GetAuthorizeUrlOptions = AuthorizeUrlOptions
