import Logging
import HTTPTypes
import Hummingbird

/// Outermost layer: turns every thrown error into a Box-style error body and stamps the
/// `box-request-id` header on every response.
struct ErrorRenderingMiddleware: RouterMiddleware {
    typealias Context = BoxLikeRequestContext
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as ServerErrorResponse {
            response = Self.render(error, requestId: context.requestId)
        } catch let error as HTTPError {
            let boxError: ServerErrorResponse
            switch error.status {
            case .notFound:
                boxError = ServerErrorResponse(.notFound, code: "not_found", message: "Not Found: no route for \(request.method) \(request.uri.path)")
            case .methodNotAllowed:
                boxError = ServerErrorResponse(.methodNotAllowed, code: "method_not_allowed", message: "Method Not Allowed")
            case .contentTooLarge:
                boxError = ServerErrorResponse(.contentTooLarge, code: "request_entity_too_large", message: "The request body is too large")
            default:
                boxError = ServerErrorResponse(error.status, code: "bad_request", message: error.body ?? error.status.reasonPhrase)
            }
            response = Self.render(boxError, requestId: context.requestId)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as ConnectionAbort {
            throw error
        } catch {
            logger.error("Unhandled error", metadata: ["error.type": "\(type(of: error))"])
            response = Self.render(
                ServerErrorResponse(.internalServerError, code: "internal_server_error", message: "Internal Server Error"),
                requestId: context.requestId)
        }
        response.headers[.boxRequestId] = context.requestId
        return response
    }

    static func render(_ error: ServerErrorResponse, requestId: String) -> Response {
        var headers = error.headers
        if error.status == .unauthorized || error.status == .forbidden, headers[.wwwAuthenticate] == nil, error.code == "unauthorized" {
            headers[.wwwAuthenticate] = #"Bearer realm="Service""#
        }
        return Responses.json(error.body(requestId: requestId), status: error.status, headers: headers)
    }
}

/// Thrown after a fault closed the connection; nothing more can be written.
struct ConnectionAbort: Error {}
