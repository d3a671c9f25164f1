import Foundation

/// How an app proves who it is to the token endpoint (RFC 6749 §2.3.1).
///
/// Box's API takes the client id and secret in the form body; an OAuth server that accepts
/// only HTTP Basic (which RFC 6749 requires servers to support) needs
/// ``clientSecretBasic``.
///
/// ```swift
/// var config = OAuthConfig(clientId: "id", clientSecret: "secret")
/// config.clientAuthentication = .clientSecretBasic
/// ```
public enum ClientAuthenticationMethod: String, Sendable, Hashable, CaseIterable {
    /// `client_id` and `client_secret` in the form body (`client_secret_post`): the default.
    case clientSecretPost = "client_secret_post"
    /// `Authorization: Basic` with the form-encoded id and secret, and neither in the body
    /// (`client_secret_basic`).
    case clientSecretBasic = "client_secret_basic"

    /// The `Authorization` value for `client_secret_basic`: `Basic` and the Base64 of the
    /// form-encoded id, a colon and the form-encoded secret (RFC 6749 §2.3.1).
    static func basicAuthorization(clientId: String, clientSecret: String) -> String {
        let pair = formEncoded(clientId) + ":" + formEncoded(clientSecret)
        return "Basic " + Data(pair.utf8).base64EncodedString()
    }

    /// `application/x-www-form-urlencoded` encoding: unreserved characters stay, a space is
    /// `+`, every other byte is `%XX`.
    static func formEncoded(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "*"):
                result.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: " "):
                result.append("+")
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
