import Foundation

/// The scheme, host and port of a URL (RFC 6454): credentials the SDK adds go only to the
/// origins of the API's configured servers.
package struct Origin: Hashable, Sendable {
    /// `http` or `https`, lower-cased.
    package let scheme: String
    /// The host, lower-cased.
    package let host: String
    /// The port, the scheme's default when the URL names none.
    package let port: Int

    /// The origin of `url`; `nil` without a scheme or a host.
    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    }

    /// `url`'s origin is this one.
    package func contains(_ url: URL) -> Bool {
        Origin(url) == self
    }
}
