// Box Sign: send a contract to two signers, let them sign through their embedded signing
// links, and read back the finished request with its signed document and signing log.
//
//   swift run sample-sign                                   # against the local server
//   BOX_BASE_URL=... BOX_DEVELOPER_TOKEN=<token> swift run sample-sign
//
// Against the local server the two signers are played by `SignDriver`; against another
// server the sample prints their signing links and stops there.
import ArgumentParser
import BoxLikeSDK
import BoxLikeServer
import Foundation
import SampleSupport

@main
struct SampleSign: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-sign",
        abstract: "Send a document for signature with Box Sign, have two signers sign it and read the signed result.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let target = try await connection.resolve()
        do {
            let token = try target.require(target.developerToken, "developer-token")
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token, networkSession: target.networkSession),
                                   networkSession: target.networkSession)
            try await Self.tour(client, signsLocally: target.localServer != nil)
        } catch {
            await target.close()
            throw error
        }
        await target.close()
    }

    static func tour(_ client: BoxClient, signsLocally: Bool) async throws {
        let suffix = String(UUID().uuidString.prefix(6))
        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "Sign sample \(suffix)", parent: CreateFolderRequestBodyParentField(id: "0")))
        let uploaded = try await client.uploads.uploadFile(
            .bytes(Array("Services agreement\nClient: Example Ltd\nFee: 5000\n".utf8)), name: "agreement.txt", parentFolderId: folder.id)
        guard let document = uploaded.entries?.first else { throw ValidationError("the upload returned no file") }

        // Embedded signers get their signing links in the response instead of by email.
        let signers = ["ann@example.com", "ben@example.com"].map { email in
            SignRequestCreateSigner(email: .value(email), role: .signer, embedUrlExternalUserId: .value(email))
        }
        let created = try await client.signRequests.createSignRequest(requestBody: SignRequestCreateRequest(
            signers: signers, name: "Services agreement", daysValid: .value(14),
            sourceFiles: .value([FileBase(id: document.id, type: .file)]), parentFolder: FolderMini(id: folder.id, type: .folder)))
        guard let requestId = created.id else { throw ValidationError("the sign request has no id") }
        print("Sign request \(requestId) created: \(created.status?.rawValue ?? "?")")

        let sent = try await client.signRequests.getSignRequestById(signRequestId: requestId)
        print("Now \(sent.status?.rawValue ?? "?"), expiring \(sent.autoExpireAt.map { "\($0)" } ?? "never")")
        let links = (sent.signers ?? []).compactMap { signer in signer.embedUrl.map { (signer.email ?? "?", $0) } }
        guard signsLocally else {
            for (email, link) in links { print("Signing link for \(email): \(link)") }
            return
        }
        for (email, link) in links {
            try await SignDriver(link: link).sign()
            print("\(email) signed")
        }

        let done = try await client.signRequests.getSignRequestById(signRequestId: requestId)
        print("Sign request is \(done.status?.rawValue ?? "?")")
        let items = try await client.folders.getFolderItems(folderId: folder.id).entries ?? []
        print("Folder now holds: " + items.map { item -> String in
            switch item {
            case .fileFull(let file): file.name ?? "?"
            case .folderMini(let folder): folder.name ?? "?"
            case .webLink(let link): link.name ?? "?"
            case .unknown: "?"
            }
        }.sorted().joined(separator: ", "))
        if let signed = done.signFiles?.files?.first {
            let bytes = try await client.downloads.downloadFile(fileId: signed.id, progress: nil).collect(upTo: 1 << 20)
            let kind = bytes.starts(with: Array("%PDF-".utf8)) ? "a PDF" : "not a PDF"
            print("Signed document: \(signed.name ?? signed.id), \(kind) of \(bytes.count) bytes")
        }
        let all = try await client.signRequests.getSignRequestsSequence().collect()
        print("You have sent \(all.count) sign request(s)")
    }
}
