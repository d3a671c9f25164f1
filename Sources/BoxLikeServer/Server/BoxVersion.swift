import Foundation
import HTTPTypes
import Hummingbird

/// A version of Box's API that some operations are served in only (`x-box-version` in the
/// spec): Box answers them only when the request names that version in its `box-version`
/// header, and with `400 invalid_api_version` otherwise.
///
/// An area registers such operations on ``APIRoutes/versioned(_:)``:
///
/// ```swift
/// let api = routes.api.versioned(.v2025_0)
/// api.serve(.getDocgenJobsV2025R0) { request, context, principal in ... }
/// ```
///
/// The check runs before the route's scope check; the spec-driven validation leaves the
/// header to it, so the caller gets Box's own error rather than a generic `bad_request`.
enum BoxVersion: String, Sendable, CaseIterable {
    case v2025_0 = "2025.0"

    /// The request header naming the version.
    static let headerName = "box-version"

    /// Every version Box has published: naming another one of them is "unsupported" for the
    /// operation, naming anything else is "invalid".
    static let publishedVersions: Set<String> = ["2024.0", "2025.0"]

    /// Refuses a request whose `box-version` header does not name exactly this version, with
    /// the message Box gives for each way it can be wrong.
    func check(_ headers: HTTPFields) throws {
        guard let name = HTTPField.Name(Self.headerName) else { return }
        let values = headers[values: name]
        guard !values.isEmpty else { throw Self.invalid("Missing required box-version header. Supported API versions: [\(rawValue)].") }
        let given = values.joined(separator: ",").trimmingCharacters(in: .whitespaces)
        guard !given.isEmpty else { throw Self.invalid("Invalid (empty) API version specified in 'box-version' header.") }
        guard values.count == 1, !given.contains(",") else {
            throw Self.invalid("The 'box-version' header supports only one header value per request, do not use comas.")
        }
        guard given == rawValue else {
            if Self.publishedVersions.contains(given) {
                throw Self.invalid("Unsupported API version specified in 'box-version' header. Supported API versions: [\(rawValue)].")
            }
            throw Self.invalid("Invalid API version specified in 'box-version' header. Supported API versions: [\(rawValue)].")
        }
    }

    private static func invalid(_ message: String) -> ServerErrorResponse {
        ServerErrorResponse.badRequest(message, code: "invalid_api_version")
    }
}

/// Answers a request only when its `box-version` header names `version`.
struct BoxVersionMiddleware: RouterMiddleware {
    typealias Context = BoxLikeRequestContext
    let version: BoxVersion

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try version.check(request.headers)
        return try await next(request, context)
    }
}

extension APIRoutes {
    /// The same base path, for operations Box serves only in `version`: every route
    /// registered on the result first checks the request's `box-version` header.
    func versioned(_ version: BoxVersion) -> APIRoutes {
        APIRoutes(group: group.group().add(middleware: BoxVersionMiddleware(version: version)), server: server, basePath: basePath,
                  table: table, validation: validation)
    }
}
