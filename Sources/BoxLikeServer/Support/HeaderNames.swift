import HTTPTypes

/// Header names HTTPTypes does not predefine. `HTTPField.Name.init` only fails for names
/// that are not valid tokens, which these literals are; the fallback keeps a bad edit from
/// crashing a request path.
extension HTTPField.Name {
    static let boxRequestId = custom("box-request-id")
    static let boxLikeSHA1 = custom("X-BoxLike-SHA1")
    static let digest = custom("Digest")
    static let asUser = custom("As-User")
    /// Box's `BoxApi` header: a shared link (and its password) the request uses.
    static let boxApi = custom("BoxApi")
    static let pragma = custom("Pragma")

    private static func custom(_ name: String) -> HTTPField.Name {
        HTTPField.Name(name) ?? .via
    }
}
