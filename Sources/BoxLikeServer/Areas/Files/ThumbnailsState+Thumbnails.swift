import Foundation

/// Thumbnails of files.
extension ThumbnailsState {
    /// The PNG thumbnail sizes there are.
    static let thumbnailSizes = [32, 64, 128, 256]

    enum Thumbnail {
        /// Being generated: ask again after the given seconds.
        case generating(retryAfter: Int)
        /// Ready at this URL (Box answers `302` with it as `Location`).
        case ready(location: String)
        /// None can be made; show a placeholder.
        case placeholder
    }

    /// The thumbnail of a file's current version: a square in a colour taken from its SHA-1.
    /// The first request for a version and size starts making it (`202`); later ones find it
    /// at an unguessable URL that needs no token, as Box's representation URLs do.
    mutating func thumbnail(core: isolated ServerState, fileId: String, format: String, minSide: Int, maxSide: Int, principal: Principal) throws -> Thumbnail {
        let item = try core.file(fileId, for: principal, to: .preview)
        guard let file = item.file else { throw ServerErrorResponse.notFound("file") }
        guard format == "png", let size = Self.thumbnailSizes.first(where: { $0 >= minSide && $0 <= maxSide }) else {
            return .placeholder
        }
        let version = file.currentVersion
        let key = "\(item.id)/\(version.id)/\(size)"
        if let token = self.tokenByKey[key] {
            return .ready(location: "\(core.origin)\(Self.thumbnailPath(token: token))")
        }
        let token = TokenRegistry.randomToken(length: 24).lowercased()
        self.tokenByKey[key] = token
        self.recipeByToken[token] = ThumbnailRecipe(sha1: version.content.sha1, size: size)
        return .generating(retryAfter: core.configuration.thumbnailRetryAfterSeconds)
    }

    /// A `size`-pixel square in a colour taken from the version's SHA-1: what thumbnails and
    /// image representations show.
    static func image(of version: FileVersionRecord, size: Int) -> [UInt8] {
        image(sha1: version.content.sha1, size: size)
    }

    /// The square for content with this SHA-1.
    static func image(sha1: String, size: Int) -> [UInt8] {
        let digest = Array(sha1.utf8)
        func component(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: digest[index % Swift.max(digest.count, 1)] &* 37) }
        return PNGImage.square(size: size, red: component(0), green: component(1), blue: component(2))
    }

    /// Where a made thumbnail is served.
    static func thumbnailPath(token: String) -> String { "/thumbnails/generated/\(token).png" }

    /// What a made thumbnail's image is drawn from, by the token of its URL; the route draws it
    /// off the actor and keeps nothing.
    mutating func thumbnailRecipe(core: isolated ServerState, token: String) -> ThumbnailRecipe? {
        self.recipeByToken[token]
    }
}

/// What a thumbnail is drawn from: its content's SHA-1 (which picks the colour) and its side.
struct ThumbnailRecipe: Sendable {
    var sha1: String
    var size: Int

    /// The PNG.
    func render() -> [UInt8] { ThumbnailsState.image(sha1: sha1, size: size) }
}

/// The thumbnails made so far.
struct ThumbnailsState: AreaState {
    /// The token of each made thumbnail's URL, by `fileId/versionId/size`.
    var tokenByKey: [String: String] = [:]
    /// What each made thumbnail is drawn from, by token (a few bytes each, not the image).
    var recipeByToken: [String: ThumbnailRecipe] = [:]
}
