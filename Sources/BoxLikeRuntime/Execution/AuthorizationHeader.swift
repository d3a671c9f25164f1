/// How an access token is presented to the API: the one place that spells the scheme.
package enum AuthorizationHeader {
    /// The `Authorization` header value for `accessToken` (RFC 6750 §2.1).
    package static func bearer(_ accessToken: String) -> String {
        "Bearer " + accessToken
    }
}
