import Foundation
import HTTPTypes
import Instrumentation
import ServiceContextModule

/// Where one described request goes: the base URL, the full URL, and the HTTP request
/// head (without body headers), built once per call and reused by every attempt.
struct RequestTarget {
    let baseURL: URL
    /// The path and query after the base URL.
    private let pathAndQuery: String
    /// A whole URL given as such (redirect targets); otherwise the base URL and
    /// ``pathAndQuery`` are joined when the URL is first needed (errors, logs).
    private let absoluteURL: String?
    /// The full URL, for errors and logs.
    var url: String {
        if let absoluteURL { return absoluteURL }
        var text = baseURL.absoluteString
        if text.hasSuffix("/") { text.removeLast() }
        return text + pathAndQuery
    }
    /// The path and query sent to ``baseURL``.
    var path: String { pathAndQuery }
    /// The URL with secret query values removed, for logs (computed only when logged).
    var redactedURL: String { Redaction.redact(url: url) }
    private let head: HTTPRequest

    init(request: RequestDescription, configuration: ExecutorConfiguration) throws {
        guard let baseURL = configuration.baseURLs[request.server] else {
            throw BoxSDKError(.invalidArgument, "No base URL is configured for the server '\(request.server)'.")
        }
        let path: String
        do {
            path = try request.resolvedPath()
        } catch {
            throw BoxSDKError(.invalidArgument, String(describing: error))
        }
        // Transports resolve the request's path against the base URL, so the head carries
        // only the operation's path and query. Both are percent-encoded here and the base is
        // already a URL, so the result needs no parsing to be valid.
        var pathAndQuery = path
        if !request.query.isEmpty { pathAndQuery += "?" + request.query.encoded }
        self.baseURL = baseURL
        self.pathAndQuery = pathAndQuery
        self.absoluteURL = nil
        var head = HTTPRequest(method: request.method, scheme: nil, authority: nil, path: pathAndQuery)
        head.headerFields = request.headers
        if head.headerFields[.accept] == nil, request.responseKind == .json {
            head.headerFields[.accept] = "application/json"
        }
        self.head = head
    }

    /// A target for an absolute URL (redirects): the origin is the base, the rest the path.
    init(absoluteURL: URL, headerFields: HTTPFields = HTTPFields()) throws {
        guard var components = URLComponents(url: absoluteURL, resolvingAgainstBaseURL: true) else {
            throw BoxSDKError(.invalidResponse, "The redirect location is not a valid URL.")
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let pathAndQuery = components.percentEncodedQuery.map { path + "?" + $0 } ?? path
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        guard let origin = components.url else {
            throw BoxSDKError(.invalidResponse, "The redirect location is not a valid URL.")
        }
        self.baseURL = origin
        self.pathAndQuery = pathAndQuery
        self.absoluteURL = absoluteURL.absoluteString
        var head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: pathAndQuery)
        head.headerFields = headerFields
        self.head = head
    }

    /// The request head for one attempt: additional headers first, then the operation's own
    /// (which win), the credentials and the trace context.
    func httpRequest(authorization: String?, additional: HTTPFields,
                     instrument: any Instrument = InstrumentationSystem.instrument) -> HTTPRequest {
        var request = head
        if !additional.isEmpty {
            // Appended, not set by name: setting a field looks through all of them, and the
            // operation's own fields stay as they are (a repeated field is not joined).
            var fields = HTTPFields()
            fields.reserveCapacity(additional.count + head.headerFields.count)
            for field in additional where !head.headerFields.contains(field.name) {
                fields.append(field)
            }
            fields.append(contentsOf: head.headerFields)
            request.headerFields = fields
        }
        if let authorization {
            request.headerFields[.authorization] = authorization
        }
        if let context = ServiceContext.current {
            instrument.inject(context, into: &request.headerFields, using: HTTPFieldsInjector())
        }
        return request
    }
}

/// Writes trace context into request headers.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }
}
