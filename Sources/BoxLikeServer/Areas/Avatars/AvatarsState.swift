import Foundation

/// What this area keeps for itself in the state actor.
struct AvatarsState: AreaState {
    /// Avatars by user id: the image and its content type.
    var avatars: [String: (bytes: [UInt8], contentType: String)] = [:]
}
