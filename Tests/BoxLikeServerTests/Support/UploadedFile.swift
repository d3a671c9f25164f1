import Foundation
@testable import BoxLikeServer

extension BoxLikeServer {
    /// Uploads `bytes` as `name` into `parent` with `token` and answers the new file's id.
    func uploadFile(token: String, name: String, bytes: [UInt8], parent: String = "0") async throws -> String {
        let result = try await send(
            .POST, uploadBaseURL + "/files/content",
            headers: [("Content-Type", Multipart.contentType), ("Authorization", "Bearer \(token)")],
            body: Multipart.upload(attributes: ["name": .string(name), "parent": ["id": .string(parent)]], file: bytes))
        guard result.status == 201, let id = result.json?["entries"]?[0]?["id"]?.stringValue else {
            throw TestFailure("upload of \(name) answered \(result.status): \(result.text)")
        }
        return id
    }
}
