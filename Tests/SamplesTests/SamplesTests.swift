import BoxLikeNetworkTestSupport
import Foundation
import Testing

/// Runs every sample and the demo as the user would (a subprocess, no configuration, so
/// each starts its own local server), so none of them rots.
@Suite("Samples and demo")
struct SamplesTests {
    /// The directory holding the built executables (beside the test bundle).
    static var productsDirectory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("demo").path) { return url }
        }
        return Bundle.main.bundleURL.deletingLastPathComponent()
    }

    /// Runs a built executable with a clean `BOX_*` and proxy environment plus `environment`,
    /// and returns its exit code and output.
    static func run(_ name: String, _ arguments: [String] = [], environment: [String: String] = [:],
                    timeout: Duration = .seconds(240)) async throws -> (status: Int32, output: String) {
        try await ChildProcess.run(
            productsDirectory.appendingPathComponent(name).path, arguments,
            environment: ProcessInfo.processInfo.environment
                .filter { !$0.key.hasPrefix("BOX_") && !$0.key.lowercased().hasSuffix("_proxy") }
                .merging(environment) { _, given in given },
            timeout: timeout)
    }

    @Test func developerTokenSampleListsTheRootFolder() async throws {
        let result = try await Self.run("sample-developer-token")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Signed in as"))
        #expect(result.output.contains("Root folder:"))
    }

    @Test func ccgSampleSwitchesToTheUser() async throws {
        let result = try await Self.run("sample-ccg")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Enterprise service account"))
        #expect(result.output.contains("Now acting as"))
    }

    @Test func jwtSampleReadsTheAppSettingsAndSwitchesToTheUser() async throws {
        let result = try await Self.run("sample-jwt")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("App settings: JWTConfig("))
        #expect(result.output.contains("Enterprise service account"))
        #expect(result.output.contains("Now acting as"))
        #expect(!result.output.contains("BEGIN ENCRYPTED PRIVATE KEY"))
    }

    @Test func oauthSampleSignsInRefreshesAndRevokes() async throws {
        let result = try await Self.run("sample-oauth", ["--timeout", "30"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Signed in as"))
        #expect(result.output.contains("Revoked the token"))
    }

    @Test func downscopeSampleIsRefusedOutsideItsFile() async throws {
        let result = try await Self.run("sample-downscope")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("can read file"))
        #expect(result.output.contains("is refused: 403"))
    }

    @Test func uploadSampleUploadsInOneRequestAndInParts() async throws {
        let single = try await Self.run("sample-upload", ["--size-mb", "1"])
        #expect(single.status == 0, "\(single.output)")
        #expect(single.output.contains("Uploaded") && single.output.contains("1000000 bytes"))
        let chunked = try await Self.run("sample-upload", ["--size-mb", "21", "--chunked"])
        #expect(chunked.status == 0, "\(chunked.output)")
        #expect(chunked.output.contains("21000000 bytes"))
    }

    @Test func adminSampleQueriesFilesByTheirMetadata() async throws {
        let result = try await Self.run("sample-admin")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("has 1 member(s): Rita Reviewer (admin)"), "\(result.output)")
        #expect(result.output.contains("EMEA contracts of at least 100,000: acme.pdf"), "\(result.output)")
    }

    @Test func complianceSampleIsRefusedAPurgeByAHoldAndByARetentionAndACollaborationByABarrier() async throws {
        let result = try await Self.run("sample-compliance")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.components(separatedBy: "is refused: 403").count == 3, "\(result.output)")
        #expect(result.output.contains("Hold released: evidence.txt deleted for good"), "\(result.output)")
        #expect(result.output.contains("Retention removed: ledger.csv deleted for good"), "\(result.output)")
        #expect(result.output.contains("is refused by the barrier: 403 forbidden_by_policy"), "\(result.output)")
        #expect(result.output.contains("Barrier disabled and its segments removed"), "\(result.output)")
    }

    @Test func signSampleHasTwoSignersSignAndReadsTheSignedDocument() async throws {
        let result = try await Self.run("sample-sign")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ann@example.com signed"), "\(result.output)")
        #expect(result.output.contains("Sign request is signed"), "\(result.output)")
        #expect(result.output.contains("Signed document: agreement.pdf, a PDF of"), "\(result.output)")
    }

    @Test func aiSampleAnswersFromTheUploadedInvoice() async throws {
        let result = try await Self.run("sample-ai")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("A: Late payments carry a fee of 2 percent per month."), "\(result.output)")
        #expect(result.output.contains("(model invoice-model)"), "\(result.output)")
    }

    @Test func docGenSampleGeneratesThreeDocumentsFromATemplate() async throws {
        let result = try await Self.run("sample-docgen")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("has tags: {{ recipient.name }} {{ amount }} {{ recipient.city }} {{ sender }}"), "\(result.output)")
        #expect(result.output.components(separatedBy: ": completed → letter-").count == 4, "\(result.output)")
        #expect(result.output.contains("Generated 3 documents"), "\(result.output)")
    }

    @Test func everySampleExplainsItselfWithHelp() async throws {
        for name in ["sample-developer-token", "sample-ccg", "sample-jwt", "sample-oauth", "sample-downscope", "sample-upload", "sample-admin",
                     "sample-compliance", "sample-events", "sample-webhooks", "sample-sign", "sample-ai", "sample-docgen", "demo"] {
            let result = try await Self.run(name, ["--help"])
            #expect(result.status == 0, "\(name): \(result.output)")
            #expect(result.output.contains("USAGE: \(name)"), "\(name): \(result.output)")
            #expect(name == "demo" || result.output.contains("--base-url"), "\(name)")
        }
    }

    @Test func eventsSampleTailsTheChangesItMakes() async throws {
        let result = try await Self.run("sample-events", ["--exit-after", "4"], timeout: .seconds(60))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ITEM_CREATE by"), "\(result.output)")
        #expect(result.output.components(separatedBy: "ITEM_UPLOAD by").count == 4, "\(result.output)")
        #expect(result.output.contains("checkpoint: {\"handledEventIds\""), "\(result.output)")
        #expect(result.output.contains("Stopped cleanly."), "\(result.output)")
    }

    @Test(.timeLimit(.minutes(10)))
    func eventsSampleStopsCleanlyOnCtrlC() async throws {
        let pipe = try ChildPipe()
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                Self.productsDirectory.appendingPathComponent("sample-events").path, ["--demo-changes", "1"],
                environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BOX_") },
                standardOutput: .descriptor(pipe.writeFD), standardError: .descriptor(pipe.writeFD))
        } catch {
            close(pipe.writeFD)
            close(pipe.readFD)
            throw error
        }
        close(pipe.writeFD)
        // The sample's output line by line as it writes it, so the test waits for the line it
        // needs instead of polling a file; the stream ends when the sample exits.
        let (lines, emit) = AsyncStream<String>.makeStream()
        Thread.detachNewThread {
            while let line = pipe.readLineBlocking() { emit.yield(line) }
            close(pipe.readFD)
            emit.finish()
        }
        var output = ""
        var reader = lines.makeAsyncIterator()
        while let line = await reader.next() {
            output += line + "\n"
            if line.contains("ITEM_UPLOAD") { break }
        }

        #expect(output.contains("ITEM_UPLOAD"), "\(output)")
        child.send(SIGINT)
        // Without its Ctrl-C handling the sample would go on polling until the SIGKILL, and
        // would not exit with status 0.
        let status = await child.wait(timeout: .seconds(20), thenSend: SIGKILL)
        while let line = await reader.next() { output += line + "\n" }

        #expect(status == 0, "\(output)")
        #expect(output.contains("Stopped cleanly."), "\(output)")
    }

    @Test func webhooksSampleVerifiesADeliveryAndRejectsATamperedOne() async throws {
        let result = try await Self.run("sample-webhooks", timeout: .seconds(60))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Verified delivery"), "\(result.output)")
        #expect(result.output.contains("FILE.UPLOADED (signed with the primary key)"), "\(result.output)")
        #expect(result.output.contains("Rejected delivery: The signature does not match."), "\(result.output)")
        #expect(result.output.contains("answered 400 to the tampered delivery"), "\(result.output)")
        #expect(!result.output.contains("boxlike-webhook-primary-signature-key"), "\(result.output)")
        #expect(result.output.contains("Stopped cleanly."), "\(result.output)")
    }

    @Test func theDemoRunsEveryStep() async throws {
        let result = try await Self.run("demo", ["--upload-mb", "2"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("13 of 13 steps passed."), "\(result.output)")
    }
}
