// Signs in with a developer token and lists the root folder.
//
//   swift run sample-developer-token                      # against the local server
//   BOX_BASE_URL=... BOX_DEVELOPER_TOKEN=... swift run sample-developer-token
import ArgumentParser
import BoxLikeSDK
import SampleSupport

@main
struct SampleDeveloperToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-developer-token",
        abstract: "Call the API with a developer token: who am I, and what is in my root folder.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let target = try await connection.resolve()
        do {
            let token = try target.require(target.developerToken, "developer-token")
            let auth = BoxDeveloperTokenAuth(token: token, networkSession: target.networkSession)
            let client = BoxClient(auth: auth, networkSession: target.networkSession)

            let me = try await client.users.getUserMe()
            print("Signed in as \(me.name ?? "?") <\(me.login ?? "?")> (id \(me.id))")

            let root = try await client.folders.getFolderItems(
                folderId: "0", queryParams: GetFolderItemsQueryParams(limit: 20))
            print("Root folder:")
            for item in root.entries ?? [] { print("  " + Describe.item(item)) }
        } catch {
            await target.close()
            throw error
        }
        await target.close()
    }
}
