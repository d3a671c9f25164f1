import Foundation

/// Decides whether a `redirect_uri` matches a registered one.
enum RedirectURIMatcher {
    /// Exact match, except that loopback redirect URIs may use any port (RFC 8252 §7.3): IP
    /// literals, and `localhost` against a registered `localhost` entry (RFC 8252 §8.3
    /// discourages it, but native apps register it and platforms accept it).
    static func matches(_ given: String, registered: [String]) -> Bool {
        if registered.contains(given) { return true }
        guard let candidate = URLComponents(string: given), candidate.scheme == "http",
              let host = candidate.host, isLoopback(host)
        else { return false }
        return registered.contains { entry in
            guard let registeredURI = URLComponents(string: entry), registeredURI.scheme == "http",
                  let registeredHost = registeredURI.host, isLoopback(registeredHost)
            else { return false }
            return normalized(host) == normalized(registeredHost) && candidate.path == registeredURI.path
                && candidate.query == registeredURI.query
        }
    }

    private static func normalized(_ host: String) -> String {
        host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    }

    private static func isLoopback(_ host: String) -> Bool {
        let bare = normalized(host)
        return bare == "127.0.0.1" || bare == "::1" || bare == "localhost"
    }

    /// `uri` with `parameters` appended to its query.
    static func appending(_ parameters: [(String, String?)], to uri: String) -> String {
        let pairs = parameters.compactMap { key, value in value.map { (key, $0) } }
        let separator = uri.contains("?") ? "&" : "?"
        return uri + separator + FormData.encode(pairs)
    }
}
