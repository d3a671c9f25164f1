import Foundation

/// Users' avatar images.
extension AvatarsState {
    // MARK: - Avatars

    /// Users change their own avatar; admins anyone's.
    private mutating func mayChangeAvatar(core: isolated ServerState, of userId: String, principal: Principal) throws {
        guard core.users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the user or an admin may change the avatar.")
        }
    }

    mutating func setAvatar(core: isolated ServerState, of userId: String, bytes: [UInt8], principal: Principal) throws {
        try mayChangeAvatar(core: core, of: userId, principal: principal)
        guard bytes.count <= 1024 * 1024 else { throw ServerErrorResponse.badRequest("The image is larger than 1 MB") }
        let contentType: String
        if bytes.starts(with: PNGImage.signature) {
            contentType = "image/png"
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            contentType = "image/jpeg"
        } else {
            throw ServerErrorResponse.badRequest("The image must be a PNG or a JPEG", code: "bad_request")
        }
        self.avatars[userId] = (bytes, contentType)
    }

    mutating func avatar(core: isolated ServerState, of userId: String) throws -> (bytes: [UInt8], contentType: String) {
        guard core.users[userId] != nil, let avatar = self.avatars[userId] else { throw ServerErrorResponse.notFound("avatar") }
        return avatar
    }

    mutating func removeAvatar(core: isolated ServerState, of userId: String, principal: Principal) throws {
        try mayChangeAvatar(core: core, of: userId, principal: principal)
        guard self.avatars.removeValue(forKey: userId) != nil else { throw ServerErrorResponse.notFound("avatar") }
    }
}
