import Logging
import HTTPTypes
import Foundation
import Hummingbird

/// Records every request in the ``RequestLog``, masking secrets, and the status answered.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = BoxLikeRequestContext
    let log: RequestLog
    let logger: Logger

    static let recordedHeaders = [
        "content-type", "content-length", "if-match", "if-none-match", "as-user", "user-agent", "x-box-ua", "range",
        "content-range", "digest", "content-md5", "boxapi", "box-request-id", "accept",
    ]
    static let secretParameters: Set<String> = [
        "client_secret", "code", "code_verifier", "refresh_token", "subject_token", "actor_token", "password", "token",
        "assertion", "access_token",
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        var headers: [String: String] = [:]
        for name in Self.recordedHeaders {
            if let fieldName = HTTPField.Name(name), let value = request.headers[fieldName] { headers[name] = value }
        }
        var tokenId: String?
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            tokenId = TokenFingerprint.of(String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        var form: [String: String] = [:]
        var grantType: String?
        if request.uri.path.hasPrefix("/oauth2/"), request.method == .post,
           request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            let body = try await request.collectBody(upTo: 64 * 1024)
            for (key, value) in FormData.parse(String(buffer: body)) {
                form[key] = Self.secretParameters.contains(key) ? "***" : value
            }
            grantType = form["grant_type"]
        }
        let sequence = await log.append(RequestLogEntry(
            sequence: 0, date: Date(), method: request.method.rawValue, path: request.uri.path,
            query: request.uri.query ?? "", headers: headers, tokenId: tokenId, grantType: grantType,
            formParameters: form, status: nil))
        logger.debug("request", metadata: ["method": "\(request.method)", "path": "\(request.uri.path)", "token": "\(tokenId ?? "-")"])
        let response = try await next(request, context)
        await log.complete(sequence, status: Int(response.status.code))
        return response
    }
}
