/// Supplies credentials to the ``HTTPExecutor``: access tokens, which the executor sends as
/// `Authorization: Bearer <token>`.
///
/// The executor asks for a token before each call that needs one and, after a 401, for a
/// replacement of the rejected one.
package protocol RequestAuthorizer: Sendable {
    /// The access token for the next request.
    func accessToken() async throws -> String
    /// What to replay with after `rejectedToken` got a 401.
    func renewal(afterRejecting rejectedToken: String) async throws -> CredentialRenewal
}

/// The answer to "the server rejected this token; is there a better one?".
package enum CredentialRenewal: Sendable, Equatable {
    /// A different token to replay the request with.
    case renewed(String)
    /// No better token can be had (the strategy cannot refresh); the 401 is the caller's error.
    case unavailable
}
