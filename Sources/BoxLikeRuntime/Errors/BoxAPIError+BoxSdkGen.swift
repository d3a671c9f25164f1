import BoxLikeJSON
import Foundation

/// The request behind a ``BoxAPIError``, in the shape Box's Swift SDK gives it
/// (`error.requestInfo`), with secrets removed: no header is kept (the credentials travel in
/// them) and secret query values are masked.
public struct RequestInfo: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The URL, secret query values masked.
    public var url: String
    /// The query parameters of ``url``.
    public var queryParams: [String: String]
    /// The request headers this error keeps: none, as they carry credentials.
    public var headers: [String: String]
    /// The request body this error keeps: none.
    public var body: String?
    /// The request's content type, when known.
    public var contentType: String?

    /// A request description, with Box's SDK's labels.
    public init(method: String, url: String, queryParams: [String: String] = [:], headers: [String: String] = [:],
                body: String? = nil, contentType: String? = nil) {
        self.method = method
        self.url = url
        self.queryParams = queryParams
        self.headers = headers
        self.body = body
        self.contentType = contentType
    }
}

/// The error response behind a ``BoxAPIError``, in the shape Box's Swift SDK gives it
/// (`error.responseInfo`), with secrets removed.
public struct ResponseInfo: Sendable, Hashable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The response headers, secret values masked.
    public var headers: [String: String]
    /// The JSON body, when it is JSON.
    public var body: JSONValue?
    /// The body as text, secret fields masked.
    public var rawBody: String?
    /// The API's error code.
    public var code: String?
    /// Extra details the API sent.
    public var contextInfo: JSONValue?
    /// The server's id for the request.
    public var requestId: String?
    /// A link to documentation about the error.
    public var helpUrl: String?
    /// The API's message.
    public var message: String?

    /// A response description, with Box's SDK's labels.
    public init(statusCode: Int, headers: [String: String], body: JSONValue? = nil, rawBody: String? = nil, code: String? = nil,
                contextInfo: JSONValue? = nil, requestId: String? = nil, helperUrl: String? = nil, message: String? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.rawBody = rawBody
        self.code = code
        self.contextInfo = contextInfo
        self.requestId = requestId
        self.helpUrl = helperUrl
        self.message = message
    }
}

extension BoxAPIError {
    /// The failed request, as Box's Swift SDK describes it.
    public var requestInfo: RequestInfo {
        let items = URLComponents(string: requestUrl)?.queryItems ?? []
        var query: [String: String] = [:]
        for item in items { query[item.name] = item.value ?? "" }
        return RequestInfo(method: requestMethod, url: requestUrl, queryParams: query)
    }

    /// The error response, as Box's Swift SDK describes it.
    public var responseInfo: ResponseInfo {
        let parsed = rawBody.flatMap { try? JSONCoding.decode(JSONValue.self, from: Array($0.utf8)) }
        let context = contextInfo.flatMap { try? JSONCoding.decode(JSONValue.self, from: Array($0.utf8)) }
        return ResponseInfo(statusCode: status, headers: responseHeaders, body: parsed, rawBody: rawBody, code: code,
                            contextInfo: context, requestId: requestId, helperUrl: helpUrl, message: message)
    }
}
