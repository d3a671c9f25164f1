/// The HTML of the browser authorization flow, kept minimal and well-formed so an HTTP client
/// can parse the forms.
enum AuthorizePages {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(escape(title))</title></head>
        <body>
        <h1>\(escape(title))</h1>
        \(body)
        </body>
        </html>
        """
    }

    static func login(session: String, clientId: String, error: String? = nil) -> String {
        let message = error.map { "<p class=\"error\" id=\"error\">\(escape($0))</p>\n" } ?? ""
        return page(title: "Log in to BoxLike", body: """
            <p>The application <strong>\(escape(clientId))</strong> wants to access your BoxLike account.</p>
            \(message)<form method="post" action="/oauth2/authorize/login">
            <input type="hidden" name="session" value="\(escape(session))">
            <label>Email <input type="email" name="login" value=""></label>
            <label>Password <input type="password" name="password" value=""></label>
            <input type="submit" name="submit" value="Log in">
            </form>
            """)
    }

    static func consent(session: String, clientId: String, userName: String, scopes: [String]) -> String {
        let items = scopes.map { "<li>\(escape($0))</li>" }.joined()
        return page(title: "Grant access to BoxLike", body: """
            <p>Signed in as \(escape(userName)). <strong>\(escape(clientId))</strong> asks for:</p>
            <ul>\(items)</ul>
            <form method="post" action="/oauth2/authorize/consent">
            <input type="hidden" name="session" value="\(escape(session))">
            <input type="submit" name="consent" value="grant">
            <input type="submit" name="consent" value="deny">
            </form>
            """)
    }

    static func error(_ code: String, _ description: String) -> String {
        page(title: "Authorization error", body: """
            <p id="error" data-error="\(escape(code))">\(escape(code)): \(escape(description))</p>
            """)
    }
}
