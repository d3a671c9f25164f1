/// Supplies credentials to the ``HTTPExecutor``.
///
/// The executor asks for the `Authorization` header value before each request that needs
/// one and, after a 401, for a replacement.
public protocol RequestAuthorizer: Sendable {
    /// The `Authorization` header value for the next request (e.g. `Bearer abc`).
    func authorizationHeader() async throws -> String
    /// The header value to replay with after `rejectedHeader` got a 401, or `nil` when no
    /// better credential can be had (the 401 is then reported to the caller).
    func authorizationHeader(afterRejecting rejectedHeader: String) async throws -> String?
}
