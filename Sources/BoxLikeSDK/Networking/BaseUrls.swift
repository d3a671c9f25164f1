import Foundation

/// The base URLs of the API's servers.
///
/// ```swift
/// let urls = BaseUrls(baseUrl: URL(string: "http://127.0.0.1:8080/2.0")!, ...)
/// ```
public struct BaseUrls: Sendable, Hashable {
    /// The API base (the specification's `api` server).
    public var baseUrl: URL
    /// The upload base (the specification's `upload` server).
    public var uploadUrl: URL
    /// The OAuth 2.0 base that serves `/oauth2/token` and `/oauth2/revoke` (the
    /// specification's `oauth2` server).
    public var oauth2Url: URL
    /// The browser page where users sign in and grant access.
    public var authorizeUrl: URL

    /// Creates base URLs; the authorize page defaults to `<oauth2Url>/oauth2/authorize`.
    public init(baseUrl: URL, uploadUrl: URL, oauth2Url: URL, authorizeUrl: URL? = nil) {
        self.baseUrl = baseUrl
        self.uploadUrl = uploadUrl
        self.oauth2Url = oauth2Url
        self.authorizeUrl = authorizeUrl ?? oauth2Url.appendingPathComponent("oauth2").appendingPathComponent("authorize")
    }

    /// The production bases of the Box-style API: the server URLs the specification lists
    /// (generated into `ServerID.specifiedURLs`), so they are written in one place. The
    /// authorize page is `GET /authorize` on the specification's `authorize` server.
    public static let production = BaseUrls(
        baseUrl: specifiedURL(.api),
        uploadUrl: specifiedURL(.upload),
        oauth2Url: specifiedURL(.oauth2),
        authorizeUrl: specifiedURL(.authorize).appendingPathComponent(authorizePagePath)
    )

    /// The path of the authorize page (`authorizeUser`, `GET /authorize`) on its server.
    static let authorizePagePath = "authorize"

    /// A server's URL from the specification. Every server has one (the `Server mapping` tests
    /// hold the generated list to that); the root URL stands in rather than trapping.
    private static func specifiedURL(_ server: ServerID) -> URL {
        ServerID.specifiedURLs[server].flatMap { URL(string: $0) } ?? URL(fileURLWithPath: "/")
    }

    /// All bases on one origin, the way the local Box-style server serves them:
    /// `<origin>/2.0`, `<origin>/api/2.0`, `<origin>/oauth2/...`.
    public static func singleOrigin(_ origin: URL) -> BaseUrls {
        BaseUrls(
            baseUrl: origin.appendingPathComponent("2.0"),
            uploadUrl: origin.appendingPathComponent("api").appendingPathComponent("2.0"),
            oauth2Url: origin
        )
    }

    /// The base URL of each server named in the specification (``ServerID/specified``).
    var byServer: [ServerID: URL] {
        [.api: baseUrl, .upload: uploadUrl, .oauth2: oauth2Url, .authorize: authorizeBase]
    }

    /// The base `authorizeUser` (`GET /authorize`) is sent to: ``authorizeUrl`` without its last
    /// path segment, and without the trailing slash `deletingLastPathComponent()` leaves.
    private var authorizeBase: URL {
        let base = authorizeUrl.deletingLastPathComponent().absoluteString
        guard base.hasSuffix("/") else { return authorizeUrl.deletingLastPathComponent() }
        return URL(string: String(base.dropLast())) ?? authorizeUrl.deletingLastPathComponent()
    }
}
