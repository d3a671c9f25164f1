/// Names one of the base URLs an API is served from.
///
/// A specification may place operations on several servers (Box puts uploads on
/// `upload.box.com` and OAuth on `api.box.com` without the `/2.0` prefix). Generated code
/// names the server an operation belongs to; the client maps each name to a base URL at
/// run time, so every base can be configured.
///
/// ```swift
/// let upload = ServerID("upload")
/// ```
package struct ServerID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The server's name as written in the specification (`x-server-id`).
    package let rawValue: String

    /// Creates a server name.
    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a server name from a literal.
    package init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The server's name.
    package var description: String { rawValue }
}
