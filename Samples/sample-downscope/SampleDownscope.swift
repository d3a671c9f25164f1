// Token downscoping: exchange a token for one that can only preview a single file.
//
//   swift run sample-downscope
//   BOX_BASE_URL=... BOX_DEVELOPER_TOKEN=... swift run sample-downscope --file-id 123
import ArgumentParser
import BoxLikeSDK
import SampleSupport

@main
struct SampleDownscope: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-downscope",
        abstract: "Downscope a token to one file and show that it cannot reach anything else.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "The file to restrict the token to (default: the first file in the root folder).")
    var fileId: String?

    func run() async throws {
        let target = try await connection.resolve()
        do {
            let token = try target.require(target.developerToken, "developer-token")
            let auth = BoxDeveloperTokenAuth(token: token, networkSession: target.networkSession)
            let client = BoxClient(auth: auth, networkSession: target.networkSession)
            let fileId: String
            if let chosen = self.fileId {
                fileId = chosen
            } else if let server = target.localServer {
                fileId = server.seed.adminUser.fileId
            } else {
                fileId = try await firstFileId(client)
            }
            let resource = target.networkSession.baseUrls.baseUrl.appendingPathComponent("files/\(fileId)").absoluteString

            let downscoped = try await auth.downscopeToken(scopes: ["item_preview"], resource: resource)
            print("Downscoped token: \(downscoped)")
            let limited = BoxClient(auth: BoxDeveloperTokenAuth(token: downscoped, networkSession: target.networkSession),
                                    networkSession: target.networkSession)
            let file = try await limited.files.getFileById(fileId: fileId)
            print("The downscoped token can read file \(file.id) (\(file.name ?? "?")).")
            do {
                _ = try await limited.folders.getFolderItems(folderId: "0")
                print("Unexpected: the downscoped token listed the root folder.")
                throw ExitCode.failure
            } catch let error as BoxAPIError where error.status == 403 {
                print("Listing the root folder is refused: \(error.status) \(error.code ?? "")")
            }
        } catch {
            await target.close()
            throw error
        }
        await target.close()
    }

    private func firstFileId(_ client: BoxClient) async throws -> String {
        for item in try await client.folders.getFolderItems(folderId: "0").entries ?? [] {
            if case .fileFull(let file) = item { return file.id }
        }
        throw ValidationError("The root folder has no file; pass --file-id.")
    }
}
