import Foundation
import Testing
@testable import BoxLikeServer

/// The `boxlike-server` executable, when the build produced it next to the test bundle.
private let executablePath: String? = {
    let candidates = [
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("boxlike-server").path,
        URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().appendingPathComponent("boxlike-server").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

@Suite("boxlike-server executable")
struct ExecutableTests {
    @Test(.enabled(if: executablePath != nil, "the executable is built with `swift build`"))
    func printsItsURLsServesAndStopsOnSIGTERM() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(executablePath))
        process.arguments = ["--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("Users (login / password):\n") || !text.contains("bob@"), Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let firstLine = try #require(text.split(separator: "\n").first)
        let origin = try #require(firstLine.split(separator: " ").last.map(String.init))
        #expect(origin.hasPrefix("http://127.0.0.1:"))
        #expect(text.contains("boxlike-ccg-client"))
        #expect(text.contains("admin@boxlike.test / admin-password"))
        let unauthenticated = try await TestHTTP.send(.GET, origin + "/2.0/users/me")
        #expect(unauthenticated.status == 401)
        process.terminate()
        let exited = Date().addingTimeInterval(15)
        while process.isRunning, Date() < exited { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
    }
}
