import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Sign request names")
struct SignRequestNameTests {
    @Test func aNameThatIsNotAValidItemNameIsRefusedAsBoxDoes() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let fileId = try await server.uploadFile(token: token, name: "contract.txt", bytes: Array("Sign here.\n".utf8))

            let result = try await server.api(.POST, "/sign_requests", token: token, json: [
                "source_files": [["id": .string(fileId), "type": "file"]],
                "parent_folder": ["id": "0", "type": "folder"],
                "signers": [["email": "signer@example.com", "role": "signer"]],
                "name": "../../../outside/x",
            ])

            #expect(result.status == 400)
            #expect(result.json?["code"] == "item_name_invalid")
        }
    }
}
