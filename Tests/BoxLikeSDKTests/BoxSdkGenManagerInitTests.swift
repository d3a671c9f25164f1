import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Box's Swift SDK makes a manager on its own (`FoldersManager(auth:networkSession:)`); so can
/// code written for it here.
@Suite("Managers made on their own")
struct BoxSdkGenManagerInitTests {
    static let sdkSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/BoxLikeSDK")

    @Test func aManagerMadeFromAnAuthAndASessionCallsTheAPI() async throws {
        try await withServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let folders = FoldersManager(auth: BoxDeveloperTokenAuth(token: token), networkSession: server.networkSession())
            let folder = try await folders.getFolderById(folderId: server.seed.adminUser.folderId)

            #expect(folder.name == "Projects")
        }
    }

    @Test func everyGeneratedManagerHasTheInitializer() throws {
        let managers = Self.sdkSources.appendingPathComponent("Generated/Managers")
        var declared: [String] = []
        for file in try FileManager.default.contentsOfDirectory(at: managers, includingPropertiesForKeys: nil) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("public struct ") && line.contains("Manager") {
                declared.append(String(line.dropFirst("public struct ".count).prefix { $0.isLetter || $0.isNumber }))
            }
        }
        let inits = try String(contentsOf: Self.sdkSources.appendingPathComponent("Compatibility/BoxSdkGenManagerInits.swift"), encoding: .utf8)

        let missing = declared.filter { !inits.contains("extension \($0) {") }
        #expect(declared.count > 80)
        #expect(missing.isEmpty, "run codegen/tools/box-type-aliases.py for \(missing)")
    }
}
