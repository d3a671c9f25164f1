import BoxLikeJSON
import BoxLikeNetworkTestSupport
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
    /// Starts `boxlike-server` with `arguments` and returns it with what it printed until
    /// every one of `markers` appeared (or it closed its output, or 30 s passed).
    private func start(_ arguments: [String], printing markers: [String]) async throws -> (ChildProcess, String) {
        let pipe = try ChildPipe()
        let server: ChildProcess
        do {
            server = try ChildProcess.spawn(try #require(executablePath), arguments, standardOutput: .descriptor(pipe.writeFD))
        } catch {
            close(pipe.writeFD)
            close(pipe.readFD)
            throw error
        }
        close(pipe.writeFD)
        // A server that prints nothing is killed, which ends the read below.
        let watchdog = Task {
            // Kept: a time limit on another process, not a wait for a condition.
            try await Task.sleep(for: .seconds(30))
            server.send(SIGKILL)
        }
        let text = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var text = ""
                while !markers.allSatisfy(text.contains), let line = pipe.readLineBlocking() {
                    text += line + "\n"
                }
                continuation.resume(returning: text)
                // Keep reading until the server exits, so its later output never meets a
                // closed pipe (SIGPIPE would end it before the test does).
                _ = pipe.readAllBlocking()
            }
        }
        watchdog.cancel()
        return (server, text)
    }

    @Test(.enabled(if: executablePath != nil, "the executable is built with `swift build`"))
    func printsItsURLsServesAndStopsOnSIGTERM() async throws {
        let (server, text) = try await start(["--port", "0"], printing: ["Users (login / password):\n", "bob@"])
        let firstLine = try #require(text.split(separator: "\n").first)
        let origin = try #require(firstLine.split(separator: " ").last.map(String.init))
        #expect(origin.hasPrefix("http://127.0.0.1:"))
        #expect(text.contains("boxlike-ccg-client"))
        #expect(text.contains("admin@boxlike.test / admin-password"))
        let unauthenticated = try await TestHTTP.send(.GET, origin + "/2.0/users/me")
        #expect(unauthenticated.status == 401)
        server.send(SIGTERM)
        #expect(await server.wait(timeout: .seconds(15), thenSend: SIGKILL) == 0, "it stops on SIGTERM, cleanly")
    }

    @Test(.enabled(if: executablePath != nil, "the executable is built with `swift build`"))
    func makesTheFixturesItsCommandLineAsksFor() async throws {
        let (server, text) = try await start(
            ["--port", "0", "--external-user", "Pat Partner <pat@partner.example>", "--teams-tenant", "tenant-from-cli"],
            printing: ["Box for Teams: tenant tenant-from-cli\n"])
        server.send(SIGTERM)
        _ = await server.wait(timeout: .seconds(15), thenSend: SIGKILL)

        #expect(text.contains("Pat Partner  pat@partner.example"))
        #expect(text.contains("Box for Teams: tenant tenant-from-cli"))
    }

    @Test(.enabled(if: executablePath != nil, "the executable is built with `swift build`"))
    func writesItsJWTAppSettingsOnlyItsOwnerCanRead() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-jwt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("box_config.json").path
        let (server, text) = try await start(["--port", "0", "--write-jwt-config", path], printing: ["Users (login / password):\n"])
        server.send(SIGTERM)
        _ = await server.wait(timeout: .seconds(15), thenSend: SIGKILL)
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

    @Test(.enabled(if: executablePath != nil, "the executable is built with `swift build`"))
    func writesItsCredentialsOnceListeningOnlyItsOwnerCanRead() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-credentials-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("credentials.json").path
        let (server, text) = try await start(["--port", "0", "--write-credentials", path], printing: ["Credentials: written to"])
        // The checks talk to the running server; it is stopped whatever they find.
        var failure: (any Error)?
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let credentials = try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            let origin = try #require(credentials["origin"]?.stringValue)
            #expect(text.hasPrefix("BoxLike server listening on \(origin)\n"), "the file names the port the server took")
            #expect(credentials["upload_base_url"]?.stringValue == origin + "/api/2.0")
            #expect(credentials["clients"]?["ccg"]?["secret"]?.stringValue == "boxlike-ccg-secret")
            let admin = try #require(credentials["admin_user"])
            let token = try #require(admin["developer_token"]?.stringValue)
            let me = try await TestHTTP.send(.GET, origin + "/2.0/users/me", headers: [("Authorization", "Bearer \(token)")])
            #expect(me.status == 200)
            #expect(me.json?["id"]?.stringValue == admin["id"]?.stringValue)
            #expect(!text.contains(token), "the developer token is in the file only")
            let workflowId = try #require(credentials["automate_workflow_id"]?.stringValue)
            #expect(credentials["automate_workflow_action_id"]?.stringValue?.isEmpty == false)
            #expect(text.contains("Automate workflow: \(workflowId) "))
            let relayWorkflowId = try #require(credentials["relay_workflow_id"]?.stringValue)
            #expect(text.contains("Relay workflow (delete_file): \(relayWorkflowId) "))
            #expect(credentials["external_user_login"] == "erin@partner.example")
            #expect(credentials["teams_tenant_id"]?.stringValue?.isEmpty == false)
        } catch {
            failure = error
        }
        server.send(SIGTERM)
        _ = await server.wait(timeout: .seconds(15), thenSend: SIGKILL)
        if let failure { throw failure }
    }
}
