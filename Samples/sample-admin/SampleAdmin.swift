// Enterprise administration: a group and its members, a metadata template, and a metadata
// query over files tagged with it.
//
//   swift run sample-admin                                  # against the local server
//   BOX_BASE_URL=... BOX_DEVELOPER_TOKEN=<admin token> swift run sample-admin
import ArgumentParser
import BoxLikeSDK
import SampleSupport

@main
struct SampleAdmin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-admin",
        abstract: "Manage a group, define a metadata template and query files by their metadata, as an enterprise admin.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await connection.withDeveloperTokenClient { client in
            try await AdminTour.run(admin: client)
        }
    }
}
