extension AccessToken {
    /// `Bearer <access token>`, the `Authorization` header value for this token.
    ///
    /// - Throws: ``BoxSDKError`` (`.authentication`) when the token holds no access token.
    func authorizationHeaderValue() throws -> String {
        guard let accessToken, !accessToken.isEmpty else {
            throw SDKError(.authentication, "The stored token has no access token.")
        }
        return "Bearer \(accessToken)"
    }
}
