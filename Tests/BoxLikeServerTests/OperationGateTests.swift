import Foundation
import HTTPTypes
import NIOHTTP1
import Testing
@testable import BoxLikeServer

/// The spec states, per operation, the scopes a token needs and whether a token restricted to
/// one item may call it; ``OperationGate`` enforces both before any handler runs.
@Suite("Operation gate: scopes and restrictions from the spec, deny by default")
struct OperationGateTests {
    static func operation(scopes: Set<String>?, restricted: Bool) -> ServerOperation {
        ServerOperation(id: "probe", manager: "probe", method: .get, server: "api", path: "/probe",
                        requiredScopes: scopes, allowsRestrictedTokens: restricted, boxVersion: nil)
    }

    static func principal(scopes: Set<String>, restrictedTo: ItemRef? = nil) -> Principal {
        Principal(userId: "1", tokenUserId: "1", scopes: scopes, restrictedTo: restrictedTo, tokenId: "t", kind: .oauth)
    }

    /// The spec's API and upload operations: those the gate guards.
    static var guardedOperations: [ServerOperation] {
        ServerOperation.all.filter { $0.server == "api" || $0.server == "upload" }
    }

    @Test func anOperationWhoseSpecStatesNoScopesRefusesEveryToken() {
        #expect(throws: ServerErrorResponse.self) {
            try OperationGate.check([Self.operation(scopes: nil, restricted: true)], principal: Self.principal(scopes: Scope.all))
        }
    }

    @Test func aRouteServingNoOperationRefusesEveryToken() {
        #expect(throws: ServerErrorResponse.self) {
            try OperationGate.check([], principal: Self.principal(scopes: Scope.all))
        }
    }

    @Test func aTokenWithoutOneOfTheOperationsScopesIsRefused() throws {
        let operation = Self.operation(scopes: ["root_readwrite", "manage_groups"], restricted: false)
        #expect(throws: ServerErrorResponse.self) {
            try OperationGate.check([operation], principal: Self.principal(scopes: ["root_readonly"]))
        }
        try OperationGate.check([operation], principal: Self.principal(scopes: ["manage_groups"]))
    }

    @Test func aRestrictedTokenIsRefusedUnlessTheOperationAllowsIt() throws {
        let restricted = Self.principal(scopes: Scope.all, restrictedTo: .file("1"))
        #expect(throws: ServerErrorResponse.self) {
            try OperationGate.check([Self.operation(scopes: [], restricted: false)], principal: restricted)
        }
        try OperationGate.check([Self.operation(scopes: [], restricted: true)], principal: restricted)
    }

    @Test func everyAPIOperationOfTheSpecStatesItsScopes() {
        let unstated = Self.guardedOperations.filter { $0.requiredScopes == nil }.map(\.id)
        #expect(unstated.isEmpty, "operations without x-box-scopes: \(unstated)")
    }

    @Test func everyOperationIsServedAndEveryRouteServesAnOperation() async throws {
        let table = RouteTable()
        let configuration = BoxLikeServerConfiguration()
        let state = ServerState(configuration: configuration)
        let services = ServerServices(configuration: configuration, state: state, tokens: TokenRegistry(now: configuration.clock.now))
        _ = ServerRouter.build(services: services, faults: FaultInjector(), requestLog: RequestLog(), specification: nil, table: table)
        let served = Set(table.routes.flatMap { $0.operations.map(\.id) })
        let unserved = Self.guardedOperations.map(\.id).filter { !served.contains($0) }
        #expect(unserved.isEmpty, "operations no route serves: \(unserved)")
        let strays = table.routes.filter(\.operations.isEmpty).map { "\($0.method) \($0.server) \($0.path)" }
        #expect(strays.isEmpty, "routes that serve no operation of the spec: \(strays)")
        let misplaced = table.routes.filter { $0.server != $0.operation.server }.map(\.operation.id)
        #expect(misplaced.isEmpty, "operations registered under another server's base path: \(misplaced)")
        let twice = Dictionary(grouping: table.routes, by: \.operation.id).filter { $0.value.count > 1 }.keys.sorted()
        #expect(twice.isEmpty, "operations registered more than once: \(twice)")
    }

    /// A concrete request path for an operation's template: every placeholder becomes `1`
    /// (`thumbnail.{extension}` becomes `thumbnail.png`).
    static func concretePath(_ operation: ServerOperation) -> String {
        operation.segments.map { segment -> String in
            guard segment.contains("{") else { return String(segment) }
            if segment.hasPrefix("thumbnail.") { return "thumbnail.png" }
            return segment.replacingOccurrences(of: #"\{[^}]*\}"#, with: "1", options: .regularExpression)
        }.joined(separator: "/")
    }

    /// A token downscoped to one file, with every scope, is refused by every operation the
    /// spec does not open to restricted tokens: the account's and the enterprise's settings,
    /// admin areas (legal holds, barriers, shield lists, sessions, archives) and the like.
    @Test func aTokenRestrictedToOneFileIsRefusedByEveryOperationThatDoesNotAllowIt() async throws {
        var configuration = BoxLikeServerConfiguration()
        // The gate, not the spec's parameter validation, is under test: requests carry no
        // parameters or bodies worth validating.
        configuration.validatesRequests = false
        try await withTestServer(configuration) { server in
            let token = await server.tokens.issueAccessToken(
                userId: server.seed.adminUser.id, clientId: nil, scopes: Scope.all, lifetime: .seconds(3600), kind: .downscoped,
                restrictedTo: .file(server.seed.adminUser.fileId)).value
            var answered: [String] = []
            for operation in Self.guardedOperations where !operation.allowsRestrictedTokens {
                var headers = [("Authorization", "Bearer \(token)")]
                if let version = operation.boxVersion { headers.append(("box-version", version)) }
                let base = operation.server == "upload" ? server.uploadBaseURL : server.apiBaseURL
                let result = try await server.send(HTTPMethod(rawValue: operation.method.rawValue), base + "/" + Self.concretePath(operation),
                                                   headers: headers, body: operation.method == .get ? nil : Array("{}".utf8))
                if result.status != 403 || result.json?["code"]?.stringValue != "access_denied_insufficient_permissions" {
                    answered.append("\(operation.id) → \(result.status)")
                }
            }
            #expect(answered.isEmpty, "operations that let a restricted token through: \(answered)")
        }
    }

    @Test func tokenExchangeRefusesManageAndRootScopes() async throws {
        try await withTestServer { server in
            let subject = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            for scope in ["manage_groups", "manage_legal_hold", "root_readwrite"] {
                let result = try await server.token([
                    ("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange"), ("subject_token", subject),
                    ("subject_token_type", "urn:ietf:params:oauth:token-type:access_token"), ("scope", "item_preview \(scope)"),
                ])
                #expect(result.status == 400, "\(scope)")
                #expect(result.json?["error"]?.stringValue == "invalid_scope", "\(scope)")
            }
        }
    }
}
