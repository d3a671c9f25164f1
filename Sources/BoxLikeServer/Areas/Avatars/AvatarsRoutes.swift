import BoxLikeJSON
import Hummingbird

/// `/2.0/users/{id}/avatar`: users' avatar images.
struct AvatarsRoutes: ServerArea, AvatarsOperations {
    let services: ServerServices

    func getUserAvatar(_ input: OperationInput) async throws -> Response {
        let avatar = try await state.withArea(AvatarsState.self) { area, core in try area.avatar(core: core, of: try input.path("user_id")) }
        return Responses.image(avatar.bytes, contentType: avatar.contentType)
    }

    func createUserAvatar(_ input: OperationInput) async throws -> Response {
        let userId = try input.path("user_id")
        let bytes = try await MultipartStream.part("pic", of: input.request, limit: 1024 * 1024 + 64 * 1024)
        try await state.withArea(AvatarsState.self) { area, core in try area.setAvatar(core: core, of: userId, bytes: bytes, principal: input.principal) }
        let url = "\(await state.origin)/2.0/users/\(userId)/avatar"
        return Responses.json(["pic_urls": ["small": .string(url), "large": .string(url), "preview": .string(url)]])
    }

    func deleteUserAvatar(_ input: OperationInput) async throws -> Response {
        try await state.withArea(AvatarsState.self) { area, core in try area.removeAvatar(core: core, of: try input.path("user_id"), principal: input.principal) }
        return Responses.empty()
    }
}
