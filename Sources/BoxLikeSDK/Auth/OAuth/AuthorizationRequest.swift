import Foundation

/// An authorization URL with the values that bind its redirect to it: the `state` to check
/// on the way back and the PKCE verifier to exchange the code with.
///
/// Made by ``BoxOAuth/makeAuthorizationRequest(options:)``. The verifier is a secret:
/// ``description`` and `dump` show it redacted.
public struct AuthorizationRequest: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The page to send the user to.
    public let url: URL
    /// The `state` sent with the request; the redirect must carry the same value.
    public let state: String
    /// The PKCE verifier for the code exchange; `nil` when PKCE was turned off.
    public let codeVerifier: String?
    /// The redirect URI sent with the request, which the exchange must repeat.
    public let redirectUri: String?

    /// Creates a request; ``BoxOAuth/makeAuthorizationRequest(options:)`` is the usual way.
    public init(url: URL, state: String, codeVerifier: String?, redirectUri: String?) {
        self.url = url
        self.state = state
        self.codeVerifier = codeVerifier
        self.redirectUri = redirectUri
    }

    /// The URL, state and redirect URI; the verifier redacted.
    public var description: String {
        "AuthorizationRequest(url: \(url.absoluteString), state: \(state), "
            + "codeVerifier: \(codeVerifier == nil ? "nil" : Redaction.placeholder), redirectUri: \(redirectUri ?? "nil"))"
    }

    /// What `dump` and debuggers show: the verifier redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "url": url, "state": state,
            "codeVerifier": codeVerifier == nil ? "nil" : Redaction.placeholder,
            "redirectUri": redirectUri as Any,
        ], displayStyle: .struct)
    }
}

/// The authorization requests still waiting for their redirect, oldest first.
struct PendingAuthorizations: Sendable {
    /// How many are kept; beyond it the oldest is dropped (its redirect then fails the state
    /// check, and the user signs in again).
    static let capacity = 16

    private var requests: [AuthorizationRequest] = []

    mutating func insert(_ request: AuthorizationRequest) {
        requests.removeAll { $0.state == request.state }
        requests.append(request)
        if requests.count > Self.capacity { requests.removeFirst(requests.count - Self.capacity) }
    }

    /// Removes and returns the request whose state is `state`. Every kept state is compared
    /// in full, so the time taken does not tell how much of a guess was right.
    mutating func take(state: String) -> AuthorizationRequest? {
        var found: Int?
        for (index, request) in requests.enumerated()
        where RedirectRoute.constantTimeEquals(state, request.state) {
            found = index
        }
        return found.map { requests.remove(at: $0) }
    }

    enum Only {
        case none
        case one(AuthorizationRequest)
        case several
    }

    /// Removes and returns the request when exactly one is pending.
    mutating func takeOnly() -> Only {
        switch requests.count {
        case 0: return .none
        case 1: return .one(requests.removeLast())
        default: return .several
        }
    }
}
