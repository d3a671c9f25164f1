import BoxLikeJSON
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /2.0/files/{id}/thumbnail.{png,jpg}` and the placeholder image.
struct ThumbnailsRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        ThumbnailsRoutes(services: routes.services).register(on: routes)
    }
    static let placeholderPath = "/thumbnails/placeholder.png"
    /// The formats Box makes thumbnails in.
    static let formats: Set<String> = ["png", "jpg"]

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.getFileThumbnailById) { request, context, principal in
            // Box makes thumbnails as PNG and JPEG; any other extension names no thumbnail.
            let format = try context.pathParameter("extension")
            guard Self.formats.contains(format) else { throw ServerErrorResponse.notFound("thumbnail") }
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
            case .ready(let location):
                return Responses.redirect(to: location)
            }
        }
        for path in ["/representations/:token/content", "/representations/:token/content/:asset"] {
            routes.root.get(RouterPath(path)) { _, context in
                // The bytes are made here, off the state actor, and not kept.
                guard let found = await state.representationContent(token: try context.pathParameter("token")),
                      let made = found.source.render(from: found.version) else {
                    throw ServerErrorResponse.notFound("representation")
                }
                return Responses.image(made.bytes, contentType: made.contentType)
            }
        }
        routes.root.get("/thumbnails/generated/:image") { _, context in
            let name = try context.pathParameter("image")
            guard name.hasSuffix(".png"), let recipe = await state.thumbnailRecipe(token: String(name.dropLast(4))) else {
                throw ServerErrorResponse.notFound("thumbnail")
            }
            // Drawn here, off the state actor, and not kept.
            return Responses.image(recipe.render(), contentType: "image/png")
        }
        routes.root.get(RouterPath(Self.placeholderPath)) { _, _ in
            Responses.image(PNGImage.square(size: 32, red: 0xC8, green: 0xC8, blue: 0xC8), contentType: "image/png")
        }
    }
}
