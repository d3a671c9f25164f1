import BoxLikeRuntime
import Foundation

// The shapes Box's Swift SDK gives a client's configuration, beside this SDK's own: base URLs
// as strings, `TimeoutConfig` in milliseconds, and the labelled `BoxClient.with…` variants.

extension BaseUrls {
    /// Base URLs written as Box's Swift SDK takes them: `baseUrl` without the API version
    /// (`https://api.box.com`), `uploadUrl` without it (`https://upload.box.com/api`), and
    /// `oauth2Url` that token requests and the authorize page are under
    /// (`https://account.box.com/api/oauth2`). Calls go to `<baseUrl>/2.0/…` and
    /// `<uploadUrl>/2.0/…`, tokens to `<oauth2Url>/token`, and the sign-in page is
    /// `<oauth2Url>/authorize`, as with Box's SDK.
    ///
    /// The token endpoint is reached as the API describes it, `/oauth2/token` under a base, so
    /// an `oauth2Url` that does not end in `/oauth2` has tokens requested at
    /// `<oauth2Url>/oauth2/token`. A string that is not a URL is percent-encoded first.
    public init(
        baseUrl: String = "https://api.box.com",
        uploadUrl: String = "https://upload.box.com/api",
        oauth2Url: String = "https://account.box.com/api/oauth2"
    ) {
        let api = Self.url(baseUrl)
        let upload = Self.url(uploadUrl)
        let oauth2 = Self.url(oauth2Url)
        let tokenBase: URL
        if oauth2.lastPathComponent == "oauth2" {
            tokenBase = oauth2.deletingLastPathComponent()
        } else {
            tokenBase = oauth2
        }
        self.init(
            baseUrl: api.appendingPathComponent("2.0"),
            uploadUrl: upload.appendingPathComponent("2.0"),
            oauth2Url: Self.trimmingSlash(tokenBase),
            authorizeUrl: oauth2.appendingPathComponent("authorize"))
    }

    /// `string` as a URL, percent-encoding what a URL cannot hold; the root of the local
    /// file system for a string even that does not make a URL of (every request then fails
    /// with a transport error naming it).
    private static func url(_ string: String) -> URL {
        let trimmed = string.hasSuffix("/") ? String(string.dropLast()) : string
        if let url = URL(string: trimmed) { return url }
        let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? trimmed
        return URL(string: encoded) ?? URL(fileURLWithPath: "/")
    }

    /// `url` without the trailing slash `deletingLastPathComponent()` leaves.
    private static func trimmingSlash(_ url: URL) -> URL {
        let text = url.absoluteString
        guard text.hasSuffix("/"), let trimmed = URL(string: String(text.dropLast())) else { return url }
        return trimmed
    }
}

/// The time limits Box's Swift SDK takes, in milliseconds: `timeoutIntervalForRequestMs`
/// is how long a request may wait for more data (this SDK's `NetworkTimeouts.readIdle`),
/// `timeoutIntervalForResourceMs` how long the whole exchange may take
/// (`NetworkTimeouts.total`). A limit left out keeps this SDK's default.
public struct TimeoutConfig: Sendable, Hashable {
    /// The longest wait for more data of a response, in milliseconds.
    public let timeoutIntervalForRequestMs: Int?
    /// The longest a whole request may take, in milliseconds.
    public let timeoutIntervalForResourceMs: Int?

    /// Creates limits; `nil` keeps the default of that limit.
    public init(timeoutIntervalForRequestMs: Int? = nil, timeoutIntervalForResourceMs: Int? = nil) {
        self.timeoutIntervalForRequestMs = timeoutIntervalForRequestMs
        self.timeoutIntervalForResourceMs = timeoutIntervalForResourceMs
    }

    /// These limits applied to `timeouts` (a negative number counts as zero).
    public func applied(to timeouts: NetworkTimeouts) -> NetworkTimeouts {
        var result = timeouts
        if let request = timeoutIntervalForRequestMs { result.readIdle = .milliseconds(max(0, request)) }
        if let resource = timeoutIntervalForResourceMs { result.total = .milliseconds(max(0, resource)) }
        return result
    }
}

extension BoxClient {
    /// A client that sends `extraHeaders` with every request, as Box's SDK spells it; a
    /// `nil` value leaves that header out.
    public func withExtraHeaders(extraHeaders: [String: String?]? = [:]) -> BoxClient {
        withExtraHeaders((extraHeaders ?? [:]).compactMapValues { $0 })
    }

    /// A client that talks to other servers, as Box's SDK spells it.
    public func withCustomBaseUrls(baseUrls: BaseUrls) -> BoxClient {
        withCustomBaseUrls(baseUrls)
    }

    /// A client whose requests use Box's SDK's `TimeoutConfig` limits.
    public func withTimeouts(config: TimeoutConfig) -> BoxClient {
        withTimeouts(config.applied(to: networkSession.timeouts))
    }
}
