import Foundation
import NIOHTTP1
@testable import BoxLikeServer

/// Drives the authorize pages like a browser: fetches the page, parses its form, fills it,
/// submits it and follows to the redirect.
struct BrowserLogin {
    struct Form {
        var action: String
        var hidden: [(String, String)]
        var submits: [(String, String)]
        var fields: [String]
    }

    let server: BoxLikeServer

    static func parseForm(_ html: String) -> Form? {
        guard let formStart = html.range(of: "<form "), let formEnd = html.range(of: "</form>", range: formStart.upperBound..<html.endIndex) else {
            return nil
        }
        let formTag = String(html[formStart.lowerBound..<(html[formStart.lowerBound...].firstIndex(of: ">") ?? formStart.upperBound)])
        let inner = String(html[formStart.upperBound..<formEnd.lowerBound])
        var form = Form(action: attribute("action", in: formTag) ?? "", hidden: [], submits: [], fields: [])
        var rest = Substring(inner)
        while let start = rest.range(of: "<input ") {
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { break }
            let tag = String(rest[start.lowerBound...end])
            let type = attribute("type", in: tag) ?? "text"
            let name = attribute("name", in: tag) ?? ""
            let value = attribute("value", in: tag) ?? ""
            switch type {
            case "hidden": form.hidden.append((name, value))
            case "submit": form.submits.append((name, value))
            default: form.fields.append(name)
            }
            rest = rest[rest.index(after: end)...]
        }
        return form
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let valueStart = range.upperBound
        guard let valueEnd = tag[valueStart...].firstIndex(of: "\"") else { return nil }
        return String(tag[valueStart..<valueEnd]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    func submit(_ form: Form, fields: [(String, String)], button: (String, String)?) async throws -> HTTPResult {
        var pairs = form.hidden + fields
        if let button { pairs.append(button) }
        return try await server.send(
            .POST, server.origin + form.action, headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: TestHTTP.form(pairs))
    }

    /// Logs in as `login`/`password` on the page at `authorizeQuery` and answers the consent page.
    /// - Returns: the final redirect's `Location`.
    func run(authorizeQuery: [(String, String)], login: String, password: String, grant: Bool = true) async throws -> URLComponents {
        let page = try await server.send(.GET, server.authorizeURL + "?" + FormData.encode(authorizeQuery))
        guard page.status == 200, let loginForm = Self.parseForm(page.text) else { throw TestFailure("no login form: \(page.status) \(page.text)") }
        let consentPage = try await submit(loginForm, fields: [("login", login), ("password", password)], button: loginForm.submits.first)
        guard let consentForm = Self.parseForm(consentPage.text), consentForm.action.hasSuffix("consent") else {
            throw TestFailure("no consent form: \(consentPage.text)")
        }
        let choice = consentForm.submits.first { $0.1 == (grant ? "grant" : "deny") }
        let redirect = try await submit(consentForm, fields: [], button: choice)
        guard redirect.status == 302, let location = redirect.header("location"), let components = URLComponents(string: location) else {
            throw TestFailure("no redirect: \(redirect.status)")
        }
        return components
    }
}

extension URLComponents {
    func query(_ name: String) -> String? { queryItems?.first { $0.name == name }?.value }
}
