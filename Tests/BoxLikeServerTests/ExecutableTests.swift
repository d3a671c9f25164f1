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

    @Test(.enabled(if: executablePath != nil, "the executable is built with `swift build`"))
    func writesItsJWTAppSettingsOnlyItsOwnerCanRead() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-jwt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("box_config.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(executablePath))
        process.arguments = ["--port", "0", "--write-jwt-config", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("Users (login / password):\n"), Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        process.terminate()
        process.waitUntilExit()
        #expect(text.contains("JWT app:    settings written to \(path)"))
        #expect(text.contains("boxlike-jwt-client"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let app = try #require(settings["boxAppSettings"] as? [String: Any])
        let auth = try #require(app["appAuth"] as? [String: Any])
        #expect(app["clientID"] as? String == "boxlike-jwt-client")
        #expect((auth["privateKey"] as? String)?.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----") == true)
        let passphrase = try #require(auth["passphrase"] as? String)
        #expect(!text.contains(passphrase), "the passphrase is in the file only")
    }
}
