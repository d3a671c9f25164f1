import BoxLikeJSON
import HTTPTypes
import Hummingbird
import NIOCore

/// The `files` manager: `GET /2.0/files/{id}/thumbnail.{png,jpg}` and the images it points at
/// here; reading, changing, deleting and copying a file are ``ItemsRoutes``' for every kind.
struct FilesRoutes: ServerArea, FilesOperations {
    let services: ServerServices

    static let placeholderPath = "/thumbnails/placeholder.png"
    /// The formats Box makes thumbnails in.
    static let formats: Set<String> = ["png", "jpg"]

    func getFileThumbnailById(_ input: OperationInput) async throws -> Response {
        // Box makes thumbnails as PNG and JPEG; any other extension names no thumbnail.
        let format = try input.path("extension")
        guard Self.formats.contains(format) else { throw ServerErrorResponse.notFound("thumbnail") }
        let query = input.query
        let minSide = max(Int(query["min_width"] ?? "") ?? 0, Int(query["min_height"] ?? "") ?? 0)
        let maxSide = min(Int(query["max_width"] ?? "") ?? .max, Int(query["max_height"] ?? "") ?? .max)
        let fileId = try input.path("file_id")
        let thumbnail = try await state.withArea(ThumbnailsState.self) { area, core in
            try area.thumbnail(core: core, fileId: fileId, format: format, minSide: minSide, maxSide: maxSide, principal: input.principal)
        }
        switch thumbnail {
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

    /// Registers the pages this area serves outside the API (no bearer token).
    func registerPages(on router: BoxRouter) {
        // An expiring embed link's preview page: no token, the capability is the link.
        router.get(RouterPath(EmbedLinksState.embedPagePrefix + ":capability")) { _, context in
            let capability = try context.pathParameter("capability")
            guard let file = await state.withArea(EmbedLinksState.self, { area, core in area.embeddedFile(core: core, capability: capability) }) else {
                throw ServerErrorResponse.notFound("embed_link")
            }
            return Responses.html(EmbedPreviewPage.render(file))
        }
        for path in ["/representations/:token/content", "/representations/:token/content/:asset"] {
            router.get(RouterPath(path)) { _, context in
                // The bytes are made here, off the state actor, and not kept.
                let token = try context.pathParameter("token")
                guard let found = await state.withArea(RepresentationsState.self, { area, core in area.representationContent(core: core, token: token) }),
                      let made = found.source.render(from: found.version) else {
                    throw ServerErrorResponse.notFound("representation")
                }
                return Responses.image(made.bytes, contentType: made.contentType)
            }
        }
        router.get("/thumbnails/generated/:image") { _, context in
            let name = try context.pathParameter("image")
            guard name.hasSuffix(".png"), let recipe = await state.withArea(ThumbnailsState.self, { area, core in area.thumbnailRecipe(core: core, token: String(name.dropLast(4))) }) else {
                throw ServerErrorResponse.notFound("thumbnail")
            }
            // Drawn here, off the state actor, and not kept.
            return Responses.image(recipe.render(), contentType: "image/png")
        }
        router.get(RouterPath(Self.placeholderPath)) { _, _ in
            Responses.image(PNGImage.square(size: 32, red: 0xC8, green: 0xC8, blue: 0xC8), contentType: "image/png")
        }
    }
}
