import BoxLikeJSON
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /2.0/files/{id}/thumbnail.{png,jpg}`, the placeholder image, and
/// `/2.0/users/{id}/avatar`.
struct ImagesRoutes {
    let services: ServerServices
    static let placeholderPath = "/thumbnails/placeholder.png"

    func register(on router: BoxRouter) {
        let state = services.state
        for format in ["png", "jpg"] {
            router.get("/2.0/files/:file_id/thumbnail.\(format)") { request, context in
                let principal = try context.caller(requiring: Scope.read)
                let query = request.query
                let minSide = max(Int(query["min_width"] ?? "") ?? 0, Int(query["min_height"] ?? "") ?? 0)
                let maxSide = min(Int(query["max_width"] ?? "") ?? .max, Int(query["max_height"] ?? "") ?? .max)
                switch try await state.thumbnail(
                    fileId: try context.pathParameter("file_id"), format: format, minSide: minSide, maxSide: maxSide, principal: principal) {
                case .generating(let seconds):
                    var headers = HTTPFields()
                    headers[.retryAfter] = String(seconds)
                    headers[.location] = Self.placeholderPath
                    return Responses.empty(.accepted, headers: headers)
                case .placeholder:
                    return Responses.redirect(to: "\(await state.origin)\(Self.placeholderPath)")
                case .image(let bytes):
                    return Self.image(bytes, contentType: "image/png")
                }
            }
        }
        router.get(RouterPath(Self.placeholderPath)) { _, _ in
            Self.image(PNGImage.square(size: 32, red: 0xC8, green: 0xC8, blue: 0xC8), contentType: "image/png")
        }
        router.get("/2.0/users/:user_id/avatar") { _, context in
            _ = try context.caller(requiring: Scope.anyToken)
            let avatar = try await state.avatar(of: try context.pathParameter("user_id"))
            return Self.image(avatar.bytes, contentType: avatar.contentType)
        }
        router.post("/2.0/users/:user_id/avatar") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let userId = try context.pathParameter("user_id")
            let bytes = try await Self.multipartPart("pic", of: request, limit: 1024 * 1024 + 64 * 1024)
            try await state.setAvatar(of: userId, bytes: bytes, principal: principal)
            let url = "\(await state.origin)/2.0/users/\(userId)/avatar"
            return Responses.json(["pic_urls": ["small": .string(url), "large": .string(url), "preview": .string(url)]])
        }
        router.delete("/2.0/users/:user_id/avatar") { _, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            try await state.removeAvatar(of: try context.pathParameter("user_id"), principal: principal)
            return Responses.empty()
        }
    }

    static func image(_ bytes: [UInt8], contentType: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The bytes of one named part of a multipart body, refusing bodies over `limit`.
    static func multipartPart(_ name: String, of request: Request, limit: Int) async throws -> [UInt8] {
        guard let contentType = request.headers[.contentType], let boundary = MultipartParser.boundary(fromContentType: contentType) else {
            throw ServerErrorResponse.badRequest("the body must be multipart/form-data")
        }
        var parser = MultipartParser(boundary: boundary)
        var current: String?
        var bytes: [UInt8] = []
        var total = 0
        do {
            for try await chunk in request.body {
                total += chunk.readableBytes
                guard total <= limit else { throw ServerErrorResponse.badRequest("The image is larger than 1 MB") }
                for event in try parser.feed(chunk) {
                    switch event {
                    case .headers(let headers): current = MultipartParser.partName(headers)
                    case .data(let data) where current == name: bytes += data.readableBytesView
                    case .data, .partEnd: break
                    }
                }
            }
        } catch let failure as MultipartParser.Failure {
            throw ServerErrorResponse.badRequest("malformed multipart body: \(failure)")
        }
        guard parser.isComplete, !bytes.isEmpty || current == name else { throw ServerErrorResponse.badRequest("part '\(name)' is required") }
        return bytes
    }
}
