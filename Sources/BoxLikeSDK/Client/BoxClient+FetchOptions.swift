import BoxLikeJSON
import Foundation
import HTTPTypes

// Box's Swift SDK's raw call (`client.makeRequest(fetchOptions:)`), under its names and labels,
// so a program written for it builds here. It runs through the same pipeline as
// ``BoxClient/makeRequest(method:path:server:query:headers:body:response:)``.

/// How a raw call's response is read (Box's `ResponseFormat`).
public enum ResponseFormat: String, Sendable, Hashable {
    /// A JSON body, decoded into ``FetchResponse/data``.
    case json
    /// Any body, handed over as ``FetchResponse/content`` (or written to
    /// ``FetchOptions/downloadDestinationUrl``).
    case binary
    /// No body is read.
    case noContent = "no_content"
}

/// One part of a `multipart/form-data` raw call (Box's `MultipartItem`): JSON `data`, or the
/// bytes of `fileStream` with their file name and content type.
public struct MultipartItem: Sendable {
    /// The form field's name.
    public var partName: String
    /// A JSON value for the part.
    public var data: JSONValue?
    /// The part's bytes, read when the call is sent.
    public var fileStream: ByteSource?
    /// The file name sent with the bytes.
    public var fileName: String?
    /// The bytes' content type (`application/octet-stream` when not given).
    public var contentType: String?

    /// A part as Box's SDK makes one: `data` for JSON, or `fileStream` for bytes.
    public init(partName: String, data: JSONValue? = nil, fileStream: InputStream? = nil, fileName: String? = nil,
                contentType: String? = nil) {
        self.partName = partName
        self.data = data
        self.fileStream = fileStream.map { ByteSource(InputStreamChunks($0), length: nil) }
        self.fileName = fileName
        self.contentType = contentType
    }

    /// A part whose bytes come from a `ByteSource` (a file, bytes in memory), which can be
    /// sent again on a retry.
    public init(partName: String, source: ByteSource, fileName: String? = nil, contentType: String? = nil) {
        self.partName = partName
        self.fileStream = source
        self.fileName = fileName
        self.contentType = contentType
    }
}

/// A raw call as Box's SDK describes one (`FetchOptions`).
///
/// ```swift
/// let response = try await client.makeRequest(fetchOptions: FetchOptions(
///     url: "https://api.box.com/2.0/folders/0/items", params: ["limit": "10"]))
/// let entries = response.data?["entries"]?.arrayValue ?? []
/// ```
public struct FetchOptions: Sendable {
    /// The absolute URL: it must start with one of the client's base URLs (API, upload or
    /// OAuth 2.0), so credentials never go elsewhere. A query in it is kept.
    public var url: String
    /// The HTTP method (`GET`, `POST`...).
    public var method: String
    /// Query parameters, percent-encoded by the SDK.
    public var params: [String: String]?
    /// Extra headers.
    public var headers: [String: String]?
    /// A JSON body.
    public var data: JSONValue?
    /// A binary body, sent with ``contentType``.
    public var fileStream: ByteSource?
    /// A `multipart/form-data` body.
    public var multipartData: [MultipartItem]?
    /// The body's content type.
    public var contentType: String
    /// How the response is read.
    public var responseFormat: ResponseFormat
    /// Where a ``ResponseFormat/binary`` body is written (it appears there only once complete).
    public var downloadDestinationUrl: URL?
    /// Authentication for this call instead of the client's.
    public var auth: (any Authentication)?
    /// A network session for this call instead of the client's.
    public var networkSession: NetworkSession?
    /// Whether a redirect is followed; this SDK never follows one for a raw call, so a
    /// `3xx` is answered as it is.
    public var followRedirects: Bool?

    /// A raw call, with Box's SDK's labels and defaults.
    public init(url: String, method: String = "GET", params: [String: String]? = nil, headers: [String: String]? = nil,
                data: JSONValue? = nil, fileStream: InputStream? = nil, multipartData: [MultipartItem]? = nil,
                contentType: String = "application/json", responseFormat: ResponseFormat = .json,
                downloadDestinationUrl: URL? = nil, auth: (any Authentication)? = nil, networkSession: NetworkSession? = nil,
                followRedirects: Bool? = true) {
        self.url = url
        self.method = method
        self.params = params
        self.headers = headers
        self.data = data
        self.fileStream = fileStream.map { ByteSource(InputStreamChunks($0), length: nil) }
        self.multipartData = multipartData
        self.contentType = contentType
        self.responseFormat = responseFormat
        self.downloadDestinationUrl = downloadDestinationUrl
        self.auth = auth
        self.networkSession = networkSession
        self.followRedirects = followRedirects
    }
}

/// The answer to a raw call (Box's `FetchResponse`).
public struct FetchResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The response headers, by lowercased name.
    public var headers: [String: String]
    /// The URL the call went to.
    public var url: String?
    /// The JSON body (``ResponseFormat/json``).
    public var data: JSONValue?
    /// The body as it arrives (``ResponseFormat/binary`` without a destination).
    public var content: ByteStream?
    /// Where the body was written (``FetchOptions/downloadDestinationUrl``).
    public var downloadDestinationUrl: URL?

    /// A response, with Box's SDK's labels.
    public init(status: Int, headers: [String: String], url: String? = nil, data: JSONValue? = nil,
                downloadDestinationUrl: URL? = nil) {
        self.status = status
        self.headers = headers
        self.url = url
        self.data = data
        self.downloadDestinationUrl = downloadDestinationUrl
    }
}

extension BoxClient {
    /// Sends a raw call described as Box's SDK describes one, through this client's pipeline
    /// (authentication, retries, typed errors, logging, metrics, tracing).
    ///
    /// - Throws: `BoxSDKError` (`.invalidArgument`) for a URL outside the client's servers or a
    ///   method, path or header that cannot be sent (nothing is sent), and what any call throws.
    public func makeRequest(fetchOptions: FetchOptions) async throws -> FetchResponse {
        let client = (fetchOptions.auth != nil || fetchOptions.networkSession != nil)
            ? BoxClient(auth: fetchOptions.auth ?? auth, networkSession: fetchOptions.networkSession ?? networkSession)
            : self
        let (server, path, urlQuery) = try client.locate(fetchOptions.url)
        try RawRequestValidation.checkPath(path)
        let method = HTTPRequest.Method(fetchOptions.method.uppercased())
        guard let method else { throw BoxSDKError(.invalidArgument, "'\(fetchOptions.method)' is not an HTTP method.") }
        var request = RequestDescription(operationId: "makeRequest", method: method, server: server.serverID, pathTemplate: path)
        for (name, value) in urlQuery { request.query.add(name, value) }
        for (name, value) in (fetchOptions.params ?? [:]).sorted(by: { $0.key < $1.key }) { request.query.add(name, value) }
        for (name, value) in (fetchOptions.headers ?? [:]).sorted(by: { $0.key < $1.key }) {
            request.headers[try RawRequestValidation.checkHeader(name: name, value: value)] = value
        }
        if let parts = fetchOptions.multipartData {
            request.body = .multipart(try parts.map { item in
                if let source = item.fileStream {
                    return MultipartPart(name: item.partName, filename: item.fileName,
                                         contentType: item.contentType ?? "application/octet-stream", source: source)
                }
                return try MultipartPart.json(name: item.partName, value: item.data ?? .null)
            })
        } else if let source = fetchOptions.fileStream {
            request.body = .binary(source, contentType: fetchOptions.contentType)
        } else if let data = fetchOptions.data {
            request.body = .json(data, contentType: fetchOptions.contentType)
        }
        let format = fetchOptions.responseFormat
        let raw = try await client.send(request, response: format == .json ? .json : .stream)
        var headers: [String: String] = [:]
        for field in raw.headers { headers[field.name.canonicalName] = field.value }
        var response = FetchResponse(status: raw.status, headers: headers, url: fetchOptions.url, data: raw.json)
        if case .stream(let stream) = raw.body {
            switch format {
            case .binary:
                if let destination = fetchOptions.downloadDestinationUrl {
                    try await stream.write(to: destination)
                    response.downloadDestinationUrl = destination
                } else {
                    response.content = stream
                }
            case .noContent, .json:
                for try await _ in stream {}
            }
        }
        return response
    }

    /// The server, path below it and query of an absolute URL on one of the client's servers.
    private func locate(_ url: String) throws -> (BoxServer, String, [(String, String)]) {
        guard let components = URLComponents(string: url), components.scheme != nil else {
            throw BoxSDKError(.invalidArgument, "'\(url)' is not an absolute URL.")
        }
        let query: [(String, String)] = (components.percentEncodedQueryItems ?? []).map { item in
            let value = item.value ?? ""
            return (item.name.removingPercentEncoding ?? item.name, value.removingPercentEncoding ?? value)
        }
        var bare = components
        bare.query = nil
        bare.fragment = nil
        let target = bare.string ?? url
        // The longest base first: the upload base (`…/api/2.0`) is not mistaken for another.
        func withoutTrailingSlash(_ url: URL) -> String {
            let text = url.absoluteString
            return text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        let urls = networkSession.baseUrls
        let unsorted: [(BoxServer, String)] = [
            (.upload, withoutTrailingSlash(urls.uploadUrl)), (.api, withoutTrailingSlash(urls.baseUrl)),
            (.oauth2, withoutTrailingSlash(urls.oauth2Url)),
        ]
        let bases = unsorted.sorted { $0.1.count > $1.1.count }
        for (server, base) in bases where target == base || target.hasPrefix(base + "/") {
            let path = String(target.dropFirst(base.count))
            return (server, path.isEmpty ? "/" : path, query)
        }
        throw BoxSDKError(.invalidArgument, "A raw call's URL must start with one of the client's base URLs; '\(target)' does not.")
    }
}
