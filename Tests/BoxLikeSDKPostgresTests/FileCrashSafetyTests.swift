import BoxLikeSDK
import BoxLikeStorageTestSupport
import Foundation
import Testing

@Suite("Encrypted file storage under SIGKILL")
struct FileCrashSafetyTests {
    /// A writer killed at a random moment, 200 times over, must always leave a file that
    /// decrypts to one whole token it wrote (access and refresh token from the same write).
    @Test func aKilledWriterAlwaysLeavesAWholeToken() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = EncryptedFileTokenStorage.Key.generate()
        let storage = try EncryptedFileTokenStorage(directory: directory, key: key, namespace: "crash", credentialId: "victim")
        let arguments = ["write-loop", "dir=\(directory.path)", "namespace=crash", "credential=victim"]
        var generator = SystemRandomNumberGenerator()
        var killedMidLoop = 0
        for _ in 0..<200 {
            let worker = try StorageWorkerProcess.start(
                arguments, environment: ["BOXLIKE_TOKEN_KEY": key.base64EncodedString()])
            let ready = await StorageWorkerProcess.firstLine(of: worker)
            try #require(ready == "ready", "the worker did not start")
            // Kept: a random moment to kill the worker at, the point of the test (its work gives
            // no signal at every point where it could be interrupted).
            try await Task.sleep(for: .microseconds(Int.random(in: 0...15_000, using: &generator)))
            // Killed, not exited: 128 + SIGKILL.
            if await StorageWorkerProcess.kill(worker) == 128 + SIGKILL { killedMidLoop += 1 }

            let token = try #require(try await storage.get())
            let sequence = try #require(token.accessToken.flatMap { $0.hasPrefix("seq-") ? Int($0.dropFirst(4)) : nil })
            #expect(token.refreshToken == "refresh-\(sequence)")
        }
        #expect(killedMidLoop == 200)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("crash").path)
        #expect(Set(leftovers).isSubset(of: ["victim.token", "victim.lock", "victim.token.tmp"]))
    }
}
