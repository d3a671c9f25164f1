import Foundation

/// Thumbnails of files and avatars of users.
extension ServerState {
    /// The PNG thumbnail sizes there are.
    static let thumbnailSizes = [32, 64, 128, 256]

    enum Thumbnail {
        /// Being generated: ask again after the given seconds.
        case generating(retryAfter: Int)
        /// The image.
        case image([UInt8])
        /// None can be made; show a placeholder.
        case placeholder
    }

    /// The thumbnail of a file's current version: a square in a colour taken from its SHA-1.
    func thumbnail(fileId: String, format: String, minSide: Int, maxSide: Int, principal: Principal) throws -> Thumbnail {
        let item = try file(fileId, for: principal)
        guard let file = item.file else { throw ServerErrorResponse.notFound("file") }
        guard format == "png", let size = Self.thumbnailSizes.first(where: { $0 >= minSide && $0 <= maxSide }) else {
            return .placeholder
        }
        let version = file.currentVersion
        let key = "\(item.id)/\(version.id)/\(size)"
        if generatedThumbnails.insert(key).inserted {
            return .generating(retryAfter: configuration.thumbnailRetryAfterSeconds)
        }
        let digest = Array(version.content.sha1.utf8)
        func component(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: digest[index % Swift.max(digest.count, 1)] &* 37) }
        return .image(PNGImage.square(size: size, red: component(0), green: component(1), blue: component(2)))
    }

    // MARK: - Avatars

    /// Users change their own avatar; admins anyone's.
    private func mayChangeAvatar(of userId: String, principal: Principal) throws {
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || (users[principal.userId]?.mayActAsOthers ?? false) else {
            throw ServerErrorResponse.forbidden("Only the user or an admin may change the avatar.")
        }
    }

    func setAvatar(of userId: String, bytes: [UInt8], principal: Principal) throws {
        try mayChangeAvatar(of: userId, principal: principal)
        guard bytes.count <= 1024 * 1024 else { throw ServerErrorResponse.badRequest("The image is larger than 1 MB") }
        let contentType: String
        if bytes.starts(with: PNGImage.signature) {
            contentType = "image/png"
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            contentType = "image/jpeg"
        } else {
            throw ServerErrorResponse.badRequest("The image must be a PNG or a JPEG", code: "bad_request")
        }
        avatars[userId] = (bytes, contentType)
    }

    func avatar(of userId: String) throws -> (bytes: [UInt8], contentType: String) {
        guard users[userId] != nil, let avatar = avatars[userId] else { throw ServerErrorResponse.notFound("avatar") }
        return avatar
    }

    func removeAvatar(of userId: String, principal: Principal) throws {
        try mayChangeAvatar(of: userId, principal: principal)
        guard avatars.removeValue(forKey: userId) != nil else { throw ServerErrorResponse.notFound("avatar") }
    }
}
