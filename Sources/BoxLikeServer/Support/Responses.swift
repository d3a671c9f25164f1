import BoxLikeJSON
import Hummingbird

/// Helpers that build the responses handlers return, so content types and encodings are uniform.
enum Responses {
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let bytes = value.serialized()
        var fields = headers
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(bytes.count)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func empty(_ status: HTTPResponse.Status = .noContent, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        if status != .noContent && status != .notModified { fields[.contentLength] = "0" }
        return Response(status: status, headers: fields, body: .init())
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        let bytes = Array(text.utf8)
        var fields = HTTPFields()
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.contentLength] = String(bytes.count)
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func redirect(to location: String) -> Response {
        var fields = HTTPFields()
        fields[.location] = location
        fields[.contentLength] = "0"
        fields[.cacheControl] = "no-store"
        return Response(status: .found, headers: fields, body: .init())
    }

    /// An image with its content type.
    static func image(_ bytes: [UInt8], contentType: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
