import Foundation
import HTTPTypes

/// The server answered with an error status.
///
/// Carries what a caller needs to act: the status, the API's error code and message, the
/// request id to quote to support, and the request that failed, with secrets removed.
///
/// ```swift
/// do {
///     _ = try await client.folders.getFolderById(folderId: "missing")
/// } catch let error as BoxAPIError where error.status == 404 {
///     print(error.code ?? "", error.requestId ?? "")
/// }
/// ```
public struct BoxAPIError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status code.
    public let status: Int
    /// The API's machine-readable error code (`not_found`, `invalid_grant`...).
    public let code: String?
    /// The API's human-readable message.
    public let message: String?
    /// The server's id for the request, for support.
    public let requestId: String?
    /// Extra details the API sent, as raw JSON text (e.g. name conflicts).
    public let contextInfo: String?
    /// A link to documentation about the error.
    public let helpUrl: String?
    /// The method of the failed request.
    public let requestMethod: String
    /// The URL of the failed request, with secret query values removed.
    public let requestUrl: String
    /// The response headers, with secret values removed.
    public let responseHeaders: [String: String]
    /// The response body as text (up to a limit), with secret fields removed.
    public let rawBody: String?
    /// The operation that failed.
    public let operationId: String

    /// Creates an error from a response.
    public init(
        status: Int,
        operationId: String,
        requestMethod: String,
        requestUrl: String,
        responseHeaders: HTTPFields,
        body: [UInt8]
    ) {
        self.status = status
        self.operationId = operationId
        self.requestMethod = requestMethod
        self.requestUrl = Redaction.redact(url: requestUrl)
        var headers: [String: String] = [:]
        for (name, value) in Redaction.redact(responseHeaders) {
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        self.responseHeaders = headers
        let text = body.isEmpty ? nil : String(decoding: body, as: UTF8.self)
        self.rawBody = text.map(Redaction.redact(body:))
        let fields = ErrorBodyFields(body: body)
        self.code = fields.code
        self.message = fields.message
        self.requestId = fields.requestId ?? headers["box-request-id"] ?? headers["x-request-id"]
        self.contextInfo = fields.contextInfo
        self.helpUrl = fields.helpUrl
    }

    /// One line naming the status, code, message, request id and request.
    public var description: String {
        var text = "\(operationId) failed with HTTP \(status)"
        if let code { text += " \(code)" }
        if let message { text += ": \(message)" }
        if let requestId { text += " [request id \(requestId)]" }
        text += " (\(requestMethod) \(requestUrl))"
        return text
    }
}

/// The commonly used fields of an error body: Box-style (`code`, `message`, `request_id`,
/// `context_info`, `help_url`) and OAuth 2.0 (`error`, `error_description`).
struct ErrorBodyFields {
    var code: String?
    var message: String?
    var requestId: String?
    var contextInfo: String?
    var helpUrl: String?

    init(body: [UInt8]) {
        guard !body.isEmpty, case .object(let object)? = try? JSONCoding.decode(JSONValue.self, from: body)
        else { return }
        code = object["code"]?.stringValue ?? object["error"]?.stringValue
        message = object["message"]?.stringValue ?? object["error_description"]?.stringValue
        requestId = object["request_id"]?.stringValue
        helpUrl = object["help_url"]?.stringValue
        // An object or array, as compact JSON with sorted keys (a scalar is not context).
        if let context = object["context_info"], Self.isContainer(context),
           let data = try? JSONCoding.encoder.encode(context) {
            contextInfo = String(decoding: data, as: UTF8.self)
        }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }
}

/// The name the package's own code (generated managers among it) may still use; apps see
/// only ``BoxAPIError``.
package typealias APIError = BoxAPIError
