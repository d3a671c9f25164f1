import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// Box Sign's documents: a PDF copy of each source file, made with the request and listed in
/// `sign_files`, signed as a new version of that copy; and the sender's preparation page.
@Suite("Sign prepared documents")
struct SignPreparedDocumentsTests {
    /// Sends `contract.txt` for signature to one embedded signer, as the admin.
    private func send(_ server: BoxLikeServer, token: String, preparation: Bool = false) async throws -> JSONValue {
        let fileId = try await server.uploadFile(token: token, name: "contract.txt", bytes: Array("Contract\nParty: Ann\n".utf8))
        let created = try await server.api(.POST, "/sign_requests", token: token, json: [
            "source_files": [["id": .string(fileId), "type": "file"]],
            "parent_folder": ["id": "0", "type": "folder"],
            "signers": [["email": "ann@signers.example", "role": "signer", "embed_url_external_user_id": "ann"]],
            "is_document_preparation_needed": .bool(preparation),
        ])
        #expect(created.status == 201)
        return try #require(created.json)
    }

    private func downloaded(_ server: BoxLikeServer, file: String, token: String) async throws -> String {
        let answer = try await server.send(.GET, server.apiBaseURL + "/files/\(file)/content", headers: [("Authorization", "Bearer \(token)")])
        let location = try #require(answer.header("Location"))
        return String(decoding: try await server.send(.GET, location).body, as: UTF8.self)
    }

    private func embedURL(_ server: BoxLikeServer, request id: String, token: String) async throws -> String {
        let request = try await server.api(.GET, "/sign_requests/\(id)", token: token)
        return try #require(request.json?["signers"]?.arrayValue?.compactMap { $0["embed_url"]?.stringValue }.first)
    }

    @Test func aRequestListsThePDFCopyOfItsDocumentFromTheStart() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let request = try await send(server, token: admin)

            let copy = try #require(request["sign_files"]?["files"]?[0])
            #expect(copy["name"] == "contract.pdf")
            let text = try await downloaded(server, file: try #require(copy["id"]?.stringValue), token: admin)
            #expect(text.hasPrefix("%PDF-1.4"))
            #expect(text.contains("(Party: Ann) Tj"))
        }
    }

    @Test func theSignedDocumentIsANewVersionOfThePreparedCopy() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let request = try await send(server, token: admin)
            let id = try #require(request["id"]?.stringValue)
            let copy = try #require(request["sign_files"]?["files"]?[0]?["id"]?.stringValue)

            let signed = try await server.send(.POST, try await embedURL(server, request: id, token: admin) + "/sign")

            #expect(signed.status == 200)
            let done = try await server.api(.GET, "/sign_requests/\(id)", token: admin)
            #expect(done.json?["status"] == "signed")
            #expect(done.json?["sign_files"]?["files"]?[0]?["id"]?.stringValue == copy)
            #expect(done.json?["signing_log"]?["name"]?.stringValue?.hasSuffix("signing log.pdf") == true)
            let text = try await downloaded(server, file: copy, token: admin)
            #expect(text.hasPrefix("%PDF-1.4") && text.contains("(Signed by ann@signers.example at "))
            let versions = try await server.api(.GET, "/files/\(copy)/versions", token: admin)
            #expect(versions.json?["total_count"] == 1, "the unsigned copy is the one earlier version")
        }
    }

    @Test func aRequestThatNeedsPreparingWaitsForItsSenderToSendItFromThePreparePage() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let request = try await send(server, token: admin, preparation: true)
            let id = try #require(request["id"]?.stringValue)
            let prepareURL = try #require(request["prepare_url"]?.stringValue)
            let signerLink = try await embedURL(server, request: id, token: admin)

            let waiting = try await server.api(.GET, "/sign_requests/\(id)", token: admin)
            let early = try await server.send(.POST, signerLink + "/sign")
            let page = try await server.send(.GET, prepareURL)
            let sent = try await server.send(.POST, prepareURL + "/send")
            let after = try await server.api(.GET, "/sign_requests/\(id)", token: admin)
            let signed = try await server.send(.POST, signerLink + "/sign")

            #expect(waiting.json?["status"] == "created")
            #expect(early.status == 409)
            #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("contract.pdf"))
            #expect(sent.status == 200)
            #expect(after.json?["status"] == "sent")
            #expect(after.json?["prepare_url"] == .null)
            #expect(signed.status == 200)
            #expect(try await server.send(.POST, prepareURL + "/send").status == 409, "a sent request is not sent twice")
        }
    }
}
