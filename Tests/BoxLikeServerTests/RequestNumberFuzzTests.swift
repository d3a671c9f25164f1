import BoxLikeJSON
import Foundation
import NIOHTTP1
import OpenAPIKit
import Testing
@testable import BoxLikeServer

/// Numbers a client may send — too large for 32 or 53 bits, the largest `Int`, one no `Double`
/// holds — never trap the server: every integer field of every JSON request body in the spec,
/// and every integer query parameter, gets each of them, and every answer is an answer (no
/// 5xx, and the server still serves the next request).
@Suite("Numbers in requests", .timeLimit(.minutes(10)))
struct RequestNumberFuzzTests {
    /// The values, as JSON number literals.
    static let values = ["0", "-1", "2147483648", "9007199254740992", "9223372036854775807", "1e400"]
    /// Stands in for the value while a body is built, then replaced by the literal.
    static let placeholder = "__fuzzed_number__"

    /// Builds request bodies from the spec's schemas.
    struct Bodies {
        let components: OpenAPI.Components
        var maximumDepth = 6

        func resolved(_ schema: JSONSchema) -> JSONSchema {
            var current = schema
            for _ in 0..<16 {
                guard case .reference(let reference, _) = current.value, let name = reference.name,
                      let target = components.schemas[OpenAPI.ComponentKey(stringLiteral: name)] else { return current }
                current = target
            }
            return current
        }

        /// The property paths of integer fields in `schema`, through objects and `allOf`.
        func integerPaths(_ schema: JSONSchema, prefix: [String] = [], depth: Int = 0) -> [[String]] {
            guard depth < maximumDepth else { return [] }
            let schema = resolved(schema)
            switch schema.value {
            case .integer:
                return prefix.isEmpty ? [] : [prefix]
            case .object(_, let context):
                return context.properties.sorted { $0.key < $1.key }.flatMap { name, property in
                    integerPaths(property, prefix: prefix + [name], depth: depth + 1)
                }
            case .all(let parts, _):
                return parts.flatMap { integerPaths($0, prefix: prefix, depth: depth + 1) }
            default:
                return []
            }
        }

        /// A small value of `schema`: its required properties only, leaves as plain values.
        func sample(_ schema: JSONSchema, depth: Int = 0) -> JSONValue {
            guard depth < maximumDepth else { return .null }
            let schema = resolved(schema)
            if let allowed = schema.allowedValues?.first { return SchemaChecker.json(from: allowed.value) }
            switch schema.value {
            case .boolean: return false
            case .integer: return 1
            case .number: return 1
            case .string: return "x"
            case .array: return []
            case .object(_, let context):
                var members: [String: JSONValue] = [:]
                for name in context.requiredProperties {
                    if let property = context.properties[name] { members[name] = sample(property, depth: depth + 1) }
                }
                return .object(members)
            case .all(let parts, _):
                var members: [String: JSONValue] = [:]
                for part in parts {
                    for (name, value) in sample(part, depth: depth + 1).objectValue ?? [:] { members[name] = value }
                }
                return .object(members)
            case .one(let parts, _), .any(let parts, _):
                return parts.first.map { sample($0, depth: depth + 1) } ?? .null
            default:
                return .null
            }
        }
    }

    /// `value` with `path` set to `leaf`, objects made on the way.
    static func setting(_ path: ArraySlice<String>, to leaf: JSONValue, in value: JSONValue) -> JSONValue {
        guard let name = path.first else { return leaf }
        var members = value.objectValue ?? [:]
        members[name] = setting(path.dropFirst(), to: leaf, in: members[name] ?? .object([:]))
        return .object(members)
    }

    /// The operation's path with real ids where the seed has them.
    static func path(_ operation: SpecCatalog.Operation, seed: BoxLikeSeed) -> String {
        let filled = zip(operation.segments, operation.segmentNames).map { literal, name -> String in
            if let literal { return literal }
            switch name {
            case "file_id": return seed.adminUser.fileId
            case "folder_id": return "0"
            case "user_id": return seed.adminUser.id
            default: return "1"
            }
        }
        return (operation.basePaths.first ?? "") + "/" + filled.joined(separator: "/")
    }

    /// One request: the method, the URL (from the origin), the body text.
    struct Probe: Sendable, CustomStringConvertible {
        let method: String
        let path: String
        let body: String?
        var description: String { "\(method) \(path) \(body ?? "")" }
    }

    static func probes(catalog: SpecCatalog, seed: BoxLikeSeed) -> [Probe] {
        let bodies = Bodies(components: catalog.components)
        var probes: [Probe] = []
        for operation in catalog.operations {
            let path = Self.path(operation, seed: seed)
            if let schema = operation.bodySchemas["application/json"] ?? nil {
                let base = bodies.sample(schema)
                for field in bodies.integerPaths(schema) {
                    let text = String(decoding: setting(field[...], to: .string(placeholder), in: base).serialized(), as: UTF8.self)
                    for value in values {
                        probes.append(Probe(method: operation.method, path: path,
                                            body: text.replacingOccurrences(of: "\"\(placeholder)\"", with: value)))
                    }
                }
            }
            for parameter in operation.parameters where parameter.location == .query {
                guard let schema = parameter.schema, case .integer = bodies.resolved(schema).value else { continue }
                for value in values {
                    probes.append(Probe(method: operation.method, path: path + "?\(parameter.name)=\(value)", body: nil))
                }
            }
        }
        return probes
    }

    @Test func everyIntegerFieldAndQueryParameterSurvivesExtremeValues() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let probes = Self.probes(catalog: try SpecCatalog.shared(), seed: server.seed)
            #expect(probes.count > 100)

            var failures: [String] = []
            for probe in probes {
                var headers = [("Authorization", "Bearer \(token)")]
                if probe.body != nil { headers.append(("Content-Type", "application/json")) }
                let result = try await server.send(HTTPMethod(rawValue: probe.method), server.origin + probe.path,
                                                     headers: headers, body: probe.body.map { Array($0.utf8) })
                if result.status >= 500 { failures.append("\(probe) → \(result.status) \(result.text.prefix(200))") }
            }

            #expect(failures.isEmpty, "\(failures.count) answers were server errors:\n\(failures.prefix(20).joined(separator: "\n"))")
            let alive = try await server.api(.GET, "/users/me", token: token)
            #expect(alive.status == 200)
        }
    }

    @Test func aRangeEndingAtTheLargestIntegerServesTheWholeFile() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let redirect = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)/content", token: token)
            let location = try #require(redirect.header("location"))

            let ranged = try await server.send(.GET, location, headers: [("Range", "bytes=0-9223372036854775807")])

            #expect(ranged.status == 206)
            #expect(ranged.text == server.seed.adminUser.fileContent)
        }
    }

    @Test(arguments: [Int.max, Int.max - 1, 500 * 1024 * 1024 * 1024 + 1])
    func anUploadSessionForAFileTooLargeForAnyPlanIsABadRequest(size: Int) async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let fileId = server.seed.adminUser.fileId
            let newFile = try await server.api(.POST, "/files/upload_sessions", token: token,
                                               json: ["folder_id": "0", "file_size": .int(size), "file_name": "huge.bin"],
                                               base: server.uploadBaseURL)
            let newVersion = try await server.api(.POST, "/files/\(fileId)/upload_sessions", token: token,
                                                  json: ["file_size": .int(size)], base: server.uploadBaseURL)
            #expect(newFile.status == 400)
            #expect(newVersion.status == 400)
        }
    }
}
