import Logging
import HTTPTypes
import Foundation
import Hummingbird

/// Records every request in the ``RequestLog``, masking secrets, and the status answered.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = BoxLikeRequestContext
    let log: RequestLog
    let logger: Logger

    /// Headers never recorded as they are: credentials (the bearer token is kept only as a
    /// fingerprint). Every other header is recorded, so tests can see what a client sent.
    static let secretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]
    /// Parameters whose values are masked wherever the log records parameters: the query, OAuth
    /// forms and ``parameterHeaders`` (a realtime `channel` lets its holder read a user's events).
    static let secretParameters: Set<String> = [
        "client_secret", "code", "code_verifier", "refresh_token", "subject_token", "actor_token", "password", "token",
        "assertion", "access_token", "shared_link_password", "channel",
    ]
    /// Headers whose value is `name=value&...` parameters, recorded with ``secretParameters``
    /// masked as in the query: `BoxApi: shared_link=...&shared_link_password=***`.
    static let parameterHeaders: Set<String> = ["boxapi"]

    /// Path prefixes whose next segment is a capability: whoever holds it may act without a
    /// bearer token (a signer's signing page, a download ticket, a static shared-link token, a
    /// file request's upload page). The log keeps the route and masks the segment.
    /// The sender's preparation page (`/sign/prepare/<secret>`) comes first, so its secret is
    /// the segment masked.
    static let capabilityPrefixes = ["/sign/prepare/", "/sign/", "/dl/", "/shared/static/", "/f/", EmbedLinksState.embedPagePrefix]

    /// The path with capability segments masked: `/sign/abc123/sign` is recorded as `/sign/***/sign`.
    static func redacted(path: String) -> String {
        for prefix in capabilityPrefixes where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            let segment = rest.prefix { $0 != "/" }
            guard !segment.isEmpty else { return path }
            return prefix + "***" + rest.dropFirst(segment.count)
        }
        return path
    }

    /// The query with the values of secret parameters (a download's `access_token`) masked.
    static func redacted(query: String) -> String {
        guard !query.isEmpty else { return query }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return secretParameters.contains(name.removingPercentEncoding ?? name) ? "\(name)=***" : String(pair)
        }.joined(separator: "&")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        var headers: [String: String] = [:]
        for field in request.headers where !Self.secretHeaders.contains(field.name.canonicalName) {
            let name = field.name.canonicalName
            let value = Self.parameterHeaders.contains(name) ? Self.redacted(query: field.value) : field.value
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        var tokenId: String?
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            tokenId = TokenFingerprint.of(String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        } else if let queryToken = AuthenticationMiddleware.queryToken(request) {
            tokenId = TokenFingerprint.of(queryToken)
        }
        var form: [String: String] = [:]
        var grantType: String?
        var assertionClaims: [String: String] = [:]
        if request.uri.path.hasPrefix("/oauth2/"), request.method == .post,
           request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            let body = try await request.collectBody(upTo: 64 * 1024)
            for (key, value) in FormData.parse(String(buffer: body)) {
                form[key] = Self.secretParameters.contains(key) ? "***" : value
                if key == "assertion", let jwt = ReceivedJWT(value) { assertionClaims = jwt.loggableFields }
            }
            grantType = form["grant_type"]
        }
        let loggedPath = Self.redacted(path: request.uri.path)
        let sequence = await log.append(RequestLogEntry(
            sequence: 0, date: Date(), method: request.method.rawValue, path: loggedPath,
            query: Self.redacted(query: request.uri.query ?? ""), headers: headers, tokenId: tokenId, grantType: grantType,
            formParameters: form, assertionClaims: assertionClaims, status: nil))
        logger.debug("request", metadata: ["method": "\(request.method)", "path": "\(loggedPath)", "token": "\(tokenId ?? "-")"])
        var context = context
        let match = OperationMatch()
        context.operationMatch = match
        let response = try await next(request, context)
        await log.complete(sequence, status: Int(response.status.code), operationIds: match.operationIds)
        return response
    }
}
