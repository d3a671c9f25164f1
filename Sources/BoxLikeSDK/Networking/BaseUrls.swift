import Foundation

/// The base URLs of the API's servers.
///
/// ```swift
/// let urls = BaseUrls(baseUrl: URL(string: "http://127.0.0.1:8080/2.0")!, ...)
/// ```
public struct BaseUrls: Sendable, Hashable {
    /// The API base (`https://api.boxlike.example/2.0`).
    public var baseUrl: URL
    /// The upload base (`https://upload.boxlike.example/api/2.0`).
    public var uploadUrl: URL
    /// The OAuth 2.0 base that serves `/oauth2/token` and `/oauth2/revoke`
    /// (`https://api.boxlike.example`).
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

    /// The production bases of the Box-style API.
    public static let production = BaseUrls(
        baseUrl: URL(string: "https://api.boxlike.example/2.0") ?? URL(fileURLWithPath: "/"),
        uploadUrl: URL(string: "https://upload.boxlike.example/api/2.0") ?? URL(fileURLWithPath: "/"),
        oauth2Url: URL(string: "https://api.boxlike.example") ?? URL(fileURLWithPath: "/"),
        authorizeUrl: URL(string: "https://account.boxlike.example/api/oauth2/authorize")
    )

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
