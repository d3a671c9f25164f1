// Doc Gen: a .docx letter template with `{{ tag }}` placeholders, marked as a template, and
// three letters generated from it with data, into a folder.
//
//   swift run sample-docgen                                  # against the local server
//   BOX_BASE_URL=... BOX_DEVELOPER_TOKEN=<token> swift run sample-docgen
import ArgumentParser
import BoxLikeSDK
import SampleSupport

@main
struct SampleDocGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-docgen",
        abstract: "Make a .docx template, read its tags and generate three documents from it with Box Doc Gen.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await connection.withDeveloperTokenClient { client in
            try await DocGenTour.run(client: client)
        }
    }
}
