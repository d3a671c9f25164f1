import Foundation

/// A user name and password for an HTTP proxy (`Proxy-Authorization: Basic`). Neither
/// appears in descriptions, `dump`, logs or errors.
public struct ProxyCredentials: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// A placeholder: credentials are never shown.
    public var description: String { "ProxyCredentials(\(Redaction.placeholder))" }

    /// Shows nothing of the credentials.
    public var customMirror: Mirror { Mirror(self, children: ["credentials": Redaction.placeholder]) }
}

/// Whether and how the default transport goes through an HTTP proxy.
///
/// Every request goes through a `CONNECT` tunnel opened by the proxy (AsyncHTTPClient tunnels
/// plain-HTTP requests too); for HTTPS, TLS is negotiated with the server inside it, so the
/// proxy sees only the host and port. Credentials are sent as `Proxy-Authorization: Basic`
/// on the `CONNECT` request, never to the server.
///
/// ```swift
/// var session = NetworkSession()
/// session.proxy = .http(host: "proxy.internal", port: 3128,
///                       credentials: ProxyCredentials(username: "svc", password: secret))
/// // or follow HTTPS_PROXY / HTTP_PROXY / NO_PROXY:
/// session.proxy = .environment
/// ```
///
/// A proxy that cannot be reached, refuses the credentials or refuses a tunnel ends the call
/// with a ``BoxNetworkError`` of kind ``BoxNetworkError/Kind/proxy``. A refusal of the credentials
/// is ``BoxNetworkError/ProxyFailure/authenticationRequired`` when the proxy answers `407`; a
/// proxy that answers otherwise (tinyproxy answers `401`) is reported as
/// ``BoxNetworkError/ProxyFailure/tunnelRefused``.
public enum NetworkProxy: Sendable, Hashable, CustomStringConvertible {
    /// Connect directly (the default).
    case none
    /// Go through this HTTP proxy.
    case http(host: String, port: Int, credentials: ProxyCredentials?)
    /// Follow the environment as curl does: `HTTPS_PROXY` (or `https_proxy`) for HTTPS URLs,
    /// `HTTP_PROXY` (or `http_proxy`) for HTTP URLs, except for hosts listed in `NO_PROXY`
    /// (comma-separated names, `.domain` suffixes, `*` for all). A proxy URL's user info
    /// (`http://user:password@proxy:3128`) becomes its credentials.
    case environment

    /// Where the proxy is, without its credentials.
    public var description: String {
        switch self {
        case .none: "none"
        case .environment: "environment"
        case .http(let host, let port, let credentials):
            "http://\(host):\(port)" + (credentials == nil ? "" : " (with credentials)")
        }
    }

    /// One proxy server to use.
    package struct Server: Sendable, Hashable {
        package var host: String
        package var port: Int
        package var credentials: ProxyCredentials?
    }

    /// The proxy for a request to `url`, or `nil` to connect directly.
    ///
    /// - Throws: ``BoxSDKError`` (`.invalidArgument`) when a proxy variable holds no usable URL.
    package func server(for url: URL, environment: @autoclosure () -> [String: String]) throws -> Server? {
        switch self {
        case .none:
            return nil
        case .http(let host, let port, let credentials):
            return Server(host: host, port: port, credentials: credentials)
        case .environment:
            // Read only for this mode: copying the process environment costs more than the
            // rest of choosing a transport.
            let environment = environment()
            let scheme = url.scheme?.lowercased() ?? "https"
            let names = scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy", "HTTP_PROXY"]
            guard let value = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
                return nil
            }
            let noProxy = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
            if Self.bypasses(host: url.host ?? "", noProxy: noProxy) { return nil }
            return try Self.parse(value)
        }
    }

    /// Whether `NO_PROXY` lists `host`.
    static func bypasses(host: String, noProxy: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        for rawEntry in noProxy.split(separator: ",") {
            var entry = rawEntry.trimmingCharacters(in: .whitespaces).lowercased()
            if entry.isEmpty { continue }
            if entry == "*" { return true }
            // A port in the entry (`internal:8080`) is ignored, as most tools do.
            if !entry.hasPrefix("["), let colon = entry.lastIndex(of: ":"), entry.filter({ $0 == ":" }).count == 1 {
                entry = String(entry[..<colon])
            }
            entry = entry.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            if entry.hasPrefix("*.") { entry.removeFirst() }
            let bare = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            if host == bare || host.hasSuffix("." + bare) { return true }
        }
        return false
    }

    /// A proxy from a variable's value: `host:port` or `http://[user:password@]host[:port]`.
    static func parse(_ value: String) throws -> Server {
        let text = value.contains("://") ? value : "http://" + value
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw BoxSDKError(.invalidArgument, "The proxy variable does not hold a proxy URL.")
        }
        guard components.scheme?.lowercased() == "http" else {
            throw BoxSDKError(.invalidArgument, "Only http:// proxies are supported (HTTPS goes through a CONNECT tunnel).")
        }
        var credentials: ProxyCredentials?
        if let user = components.user {
            // URLComponents hands user and password back percent-decoded.
            credentials = ProxyCredentials(username: user, password: components.password ?? "")
        }
        return Server(host: host, port: components.port ?? 80, credentials: credentials)
    }
}
