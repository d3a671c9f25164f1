extension AccessToken {
    /// The access token to send, or why there is none.
    ///
    /// - Throws: `BoxSDKError` (`.authentication`) when the token holds no access token.
    func usableAccessToken() throws -> String {
        guard let accessToken, !accessToken.isEmpty else {
            throw BoxSDKError(.authentication, "The stored token has no access token.")
        }
        return accessToken
    }
}
