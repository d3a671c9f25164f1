import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// One call of the generated sweep (`Generated/OperationSweep.swift`, written by
/// `swift run codegen` from the spec): the operation it calls and how, through `BoxClient`.
struct SweptOperation: Sendable {
    /// The spec's `operationId`.
    let id: String
    /// The `BoxClient` method it calls (`files.getFileById`).
    let method: String
    /// The call, with placeholder arguments.
    let call: @Sendable (BoxClient) async throws -> Void

    init(id: String, method: String, _ call: @escaping @Sendable (BoxClient) async throws -> Void) {
        self.id = id
        self.method = method
        self.call = call
    }
}

/// Every operation of the spec, called once through `BoxClient` against the local Box: the
/// SDK's request reaches the server's route for that very operation (the server's request
/// log names the operation its route matched), whatever the answer to placeholder arguments.
@Suite("Every operation through BoxClient")
struct OperationSweepTests {
    /// The `operationId`s of `specs/boxlike.yaml`, in order.
    static func specOperationIds() throws -> [String] {
        let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("specs/boxlike.yaml")
        return try String(contentsOf: spec, encoding: .utf8).split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("operationId:") else { return nil }
            return trimmed.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func theSweepCallsEachOperationOfTheSpecOnce() throws {
        let spec = try Self.specOperationIds()
        #expect(spec.count >= 336)
        #expect(operationSweep.count == spec.count)
        #expect(Set(operationSweep.map(\.id)) == Set(spec))
    }

    @Test func eachCallReachesTheServersRouteForItsOperation() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient(maxAttempts: 1)
            var misrouted: [String] = []
            var failed: [String] = []
            for operation in operationSweep {
                await server.requestLog.clear()
                // Any answer will do (placeholder ids are not found, placeholder bodies refused):
                // the point is which route answered.
                _ = try? await operation.call(client)
                let sent = await server.requestLog.entries()
                if !sent.contains(where: { $0.operationIds.contains(operation.id) }) {
                    misrouted.append("\(operation.method) [\(operation.id)]: \(sent.map { "\($0) \($0.operationIds)" })")
                }
                failed += sent.filter { ($0.status ?? 500) >= 500 }.map { "\(operation.method): \($0)" }
            }
            #expect(misrouted.isEmpty, "\(misrouted.count) calls did not reach their operation:\n\(misrouted.joined(separator: "\n"))")
            #expect(failed.isEmpty, "server errors:\n\(failed.joined(separator: "\n"))")
        }
    }
}
