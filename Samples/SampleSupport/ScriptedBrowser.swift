import AsyncHTTPClient
import BoxLikeSDK
import Foundation
import NIOCore

/// A ``BrowserOpener`` that plays the user against the local Box-style server: it opens the
/// authorization page, submits the login form with a seeded user's credentials, grants
/// access on the consent page and follows the redirect back to the app, as a browser would.
public struct ScriptedBrowser: BrowserOpener {
    let login: String
    let password: String

    /// A browser that signs in as `login`.
    public init(login: String, password: String) {
        self.login = login
        self.password = password
    }

    /// Runs the whole sign-in round trip.
    public func open(_ url: URL) async throws {
        guard let scheme = url.scheme, let host = url.host, let port = url.port else {
            throw ScriptedBrowserError.unexpectedPage("no origin in \(url)")
        }
        let origin = "\(scheme)://\(host):\(port)"
        let loginPage = try await Self.send(HTTPClientRequest(url: url.absoluteString))
        let consentPage = try await Self.post("\(origin)/oauth2/authorize/login", form: [
            "session": try Self.hiddenValue("session", in: loginPage.body), "login": login, "password": password,
        ])
        let decision = try await Self.post("\(origin)/oauth2/authorize/consent", form: [
            "session": try Self.hiddenValue("session", in: consentPage.body), "consent": "grant",
        ])
        guard let location = decision.location else {
            throw ScriptedBrowserError.unexpectedPage("consent answered \(decision.status) without a redirect")
        }
        _ = try await Self.send(HTTPClientRequest(url: location))
    }

    struct Page {
        var status: UInt
        var body: String
        var location: String?
    }

    static func post(_ url: String, form: [String: String]) async throws -> Page {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        let body = form.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
        request.body = .bytes(ByteBuffer(string: body))
        return try await send(request)
    }

    static func send(_ request: HTTPClientRequest) async throws -> Page {
        let response = try await DefaultTransport.sharedHTTPClient.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Page(status: response.status.code, body: String(buffer: body), location: response.headers.first(name: "location"))
    }

    static func hiddenValue(_ name: String, in html: String) throws -> String {
        let marker = "name=\"\(name)\" value=\""
        guard let start = html.range(of: marker), let end = html[start.upperBound...].firstIndex(of: "\"") else {
            throw ScriptedBrowserError.unexpectedPage("no '\(name)' field in the page")
        }
        return String(html[start.upperBound..<end])
    }
}

/// The sign-in pages did not look as expected.
public enum ScriptedBrowserError: Error, Sendable, CustomStringConvertible {
    /// A page was missing its form or redirect.
    case unexpectedPage(String)

    /// What was wrong.
    public var description: String {
        switch self {
        case .unexpectedPage(let detail): "Unexpected sign-in page: \(detail)"
        }
    }
}
