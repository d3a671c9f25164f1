// Compliance: a legal hold and a retention policy each stopping a file from being deleted
// for good, and the deletion going through once they are removed; then an information
// barrier refusing a collaboration between two teams it keeps apart.
//
//   swift run sample-compliance                                  # against the local server
//   BOX_BASE_URL=... BOX_DEVELOPER_TOKEN=<admin token> swift run sample-compliance
import ArgumentParser
import BoxLikeSDK
import SampleSupport

@main
struct SampleCompliance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-compliance",
        abstract: "Show a legal hold and a retention policy stopping a permanent deletion, and an information barrier refusing a collaboration, as an enterprise admin.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await connection.withDeveloperTokenClient { client in
            try await ComplianceTour.run(admin: client)
        }
    }
}
