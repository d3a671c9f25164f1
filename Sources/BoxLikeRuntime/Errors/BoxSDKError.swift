/// A failure inside the SDK rather than on the server or the network: an invalid
/// argument, a response that does not match what the API promises, a configuration
/// problem.
public struct BoxSDKError: Error, Sendable, CustomStringConvertible {
    /// The broad category, for `switch`ing.
    public enum Kind: Sendable, Hashable {
        /// An argument or configuration the SDK cannot use.
        case invalidArgument
        /// A response that is empty, malformed, too large or not of the promised shape.
        case invalidResponse
        /// An authentication strategy cannot do what was asked (e.g. refresh a developer token).
        case authentication
        /// The credential has no grant the server accepts (no refresh token, or the server
        /// answered `invalid_grant` for it): the user must sign in again. The SDK stops
        /// asking the token endpoint until a new token is stored.
        case signInRequired
        /// A checksum did not match.
        case integrity
        /// A ``RequestInterceptor`` threw; `underlying` is its error. The attempt was not sent.
        case interceptor
        /// A response redirected from `https` to `http`; the redirect was not followed, so
        /// nothing was sent, and no content trusted, over a connection without TLS.
        case insecureRedirect
        /// Anything else.
        case other
    }

    /// The category.
    public let kind: Kind
    /// What went wrong, in a sentence with no secrets in it.
    public let message: String
    /// The error that caused this one, if any.
    public let underlying: (any Error & Sendable)?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    /// The message, with the underlying error's description.
    public var description: String {
        if let underlying {
            return "\(message) (\(String(describing: underlying)))"
        }
        return message
    }
}

/// The name the package's own code (generated managers among it) may still use; apps see
/// only ``BoxSDKError``.
package typealias SDKError = BoxSDKError
