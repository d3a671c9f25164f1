import Foundation
import Testing
@testable import BoxLikeServer

@Suite("AI extract_structured numbers")
struct AiExtractStructuredNumberTests {
    @Test func anIntegerFieldWithANumberPast64BitsIsAnsweredWithoutTrapping() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let fileId = try await server.uploadFile(
                token: token, name: "ledger.txt", bytes: Array("Total: 12345678901234567890123\n".utf8))

            let result = try await server.api(.POST, "/ai/extract_structured", token: token, json: [
                "items": [["id": .string(fileId), "type": "file"]],
                "fields": [["key": "total", "type": "integer"]],
            ])

            #expect(result.status == 200)
            #expect(result.json?["answer"]?["total"]?.numberValue == 1.2345678901234568e22)
        }
    }
}
