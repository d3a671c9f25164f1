extension ServerOperation {
    /// `POST /folders/{folder_id}/file_request`: the local Box's stand-in for the web app's
    /// "create a file request" button (Box's API can only copy a file request); see
    /// `ServerState.webAppFileRequest(folderId:principal:)`. Not in the spec, so stated here.
    static let createWebAppFileRequest = ServerOperation(
        id: "createWebAppFileRequest", manager: "fileRequests", method: .post, server: "api",
        path: "/folders/{folder_id}/file_request",
        requiredScopes: ["root_readwrite"], allowsRestrictedTokens: false, boxVersion: nil)

    /// The API operations the local Box serves beyond the spec, each stated once here.
    static let serverOnly: [ServerOperation] = [.createWebAppFileRequest]
}
