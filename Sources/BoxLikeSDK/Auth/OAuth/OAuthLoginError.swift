/// Why a browser sign-in (``BoxOAuth/runLoginFlow(options:)``) did not produce a token.
///
/// Errors from the code exchange itself arrive as `BoxAPIError` (e.g. `invalid_grant`).
public enum OAuthLoginError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The redirect carried a `state` other than the one sent: possibly a forged request.
    case stateMismatch
    /// The user declined to grant access (`error=access_denied`).
    case accessDenied(description: String?)
    /// The server redirected with another OAuth error.
    case oauthError(code: String, description: String?)
    /// No redirect arrived in time.
    case timeout
    /// The task running the flow was cancelled.
    case cancelled
    /// The loopback listener could not be started.
    case listenerFailed(reason: String)
    /// The browser could not be shown the authorization URL.
    case browserFailed(reason: String)
    /// The redirect URI is not a usable loopback address.
    case invalidRedirectUri(String)

    /// A sentence naming the failure.
    public var description: String {
        switch self {
        case .stateMismatch:
            "The sign-in redirect carried an unexpected state value; it was rejected."
        case .accessDenied(let description):
            "The user denied access" + (description.map { ": \($0)" } ?? ".")
        case .oauthError(let code, let description):
            "The authorization server returned \(code)" + (description.map { ": \($0)" } ?? ".")
        case .timeout:
            "No sign-in redirect arrived before the timeout."
        case .cancelled:
            "The sign-in was cancelled."
        case .listenerFailed(let reason):
            "The loopback redirect listener could not start: \(reason)"
        case .browserFailed(let reason):
            "The browser could not be opened: \(reason)"
        case .invalidRedirectUri(let uri):
            "'\(uri)' is not a loopback redirect URI with a port (http://127.0.0.1:<port>/<path>)."
        }
    }
}
