import BoxLikeJSON
import Hummingbird

/// A failure the server answers with a Box-style error body
/// (`type: error`, `status`, `code`, `message`, `context_info`, `help_url`, `request_id`).
///
/// Handlers throw it; the error-rendering middleware turns it into the response so every
/// failure has the same shape and carries the request id.
public struct ServerErrorResponse: Error, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// Box's machine-readable code, e.g. `not_found`, `item_name_in_use`.
    public var code: String
    /// A human-readable message.
    public var message: String
    /// Extra detail, e.g. `conflicts` for a name clash.
    public var contextInfo: JSONValue?
    /// Headers to add, e.g. `Retry-After` or `WWW-Authenticate`.
    public var headers: HTTPFields

    /// Creates an error.
    public init(
        _ status: HTTPResponse.Status, code: String, message: String,
        contextInfo: JSONValue? = nil, headers: HTTPFields = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.contextInfo = contextInfo
        self.headers = headers
    }

    static func notFound(_ what: String = "item") -> ServerErrorResponse {
        ServerErrorResponse(.notFound, code: "not_found", message: "Not Found: the \(what) could not be found")
    }

    static func badRequest(_ message: String, code: String = "bad_request") -> ServerErrorResponse {
        ServerErrorResponse(.badRequest, code: code, message: message)
    }

    static func forbidden(_ message: String, code: String = "access_denied_insufficient_permissions") -> ServerErrorResponse {
        ServerErrorResponse(.forbidden, code: code, message: message)
    }

    static func insufficientScope(_ message: String = "The request requires higher privileges than provided by the access token.") -> ServerErrorResponse {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = #"Bearer realm="Service", error="insufficient_scope", error_description="\#(message)""#
        return ServerErrorResponse(.forbidden, code: "insufficient_scope", message: message, headers: headers)
    }

    static func preconditionFailed() -> ServerErrorResponse {
        ServerErrorResponse(.preconditionFailed, code: "precondition_failed", message: "The resource has been modified. Please retrieve the resource again and retry")
    }

    static func nameInUse(conflicting: JSONValue) -> ServerErrorResponse {
        ServerErrorResponse(
            .conflict, code: "item_name_in_use", message: "Item with the same name already exists",
            contextInfo: ["conflicts": conflicting])
    }

    static func invalidToken(_ description: String) -> ServerErrorResponse {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = #"Bearer realm="Service", error="invalid_token", error_description="\#(description)""#
        return ServerErrorResponse(.unauthorized, code: "unauthorized", message: description, headers: headers)
    }

    /// The JSON body for this error.
    func body(requestId: String) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": "error",
            "status": .int(Int(status.code)),
            "code": .string(code),
            "message": .string(message),
            "help_url": "http://developers.box.com/docs/#errors",
            "request_id": .string(requestId),
        ]
        if let contextInfo { object["context_info"] = contextInfo }
        return .object(object)
    }
}
