// The whole SDK on one page: starts the local Box-style server and runs every feature
// against it, one short step at a time. Exits 0 only if every step worked.
//
//   swift run demo
import ArgumentParser
import BoxLikeSDK
import BoxLikeServer
import Foundation
import SampleSupport

@main
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run every SDK feature against an in-process Box-style server and print a summary.")

    @Option(help: "Size of the generated upload in megabytes.")
    var uploadMb = 50

    func run() async throws {
        var serverConfiguration = BoxLikeServerConfiguration()
        serverConfiguration.logger.logLevel = .error
        serverConfiguration.uploadPartSize = 8 * 1024 * 1024
        serverConfiguration.minimumChunkedUploadSize = 1024 * 1024
        let server = try await BoxLikeServer.start(serverConfiguration)
        print("Box-style server on \(server.origin)\n")
        let steps = DemoSteps(server: server, uploadMegabytes: uploadMb)
        let results = await steps.runAll()
        await server.stop()

        let passed = results.filter(\.passed).count
        print("\n\(passed) of \(results.count) steps passed" + (passed == results.count ? "." : ": "
            + results.filter { !$0.passed }.map(\.name).joined(separator: ", ") + " failed."))
        if passed != results.count { throw ExitCode.failure }
    }
}
