import BoxLikeJSON
import Hummingbird

/// `/2.0/users/{id}/avatar`: users' avatar images.
struct AvatarsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getUserAvatar) { _, context, principal in
            let avatar = try await state.avatar(of: try context.pathParameter("user_id"))
            return Responses.image(avatar.bytes, contentType: avatar.contentType)
        }
        routes.api.serve(.createUserAvatar) { request, context, principal in
            let userId = try context.pathParameter("user_id")
            let bytes = try await MultipartStream.part("pic", of: request, limit: 1024 * 1024 + 64 * 1024)
            try await state.setAvatar(of: userId, bytes: bytes, principal: principal)
            let url = "\(await state.origin)/2.0/users/\(userId)/avatar"
            return Responses.json(["pic_urls": ["small": .string(url), "large": .string(url), "preview": .string(url)]])
        }
        routes.api.serve(.deleteUserAvatar) { _, context, principal in
            try await state.removeAvatar(of: try context.pathParameter("user_id"), principal: principal)
            return Responses.empty()
        }
    }
}
