import BoxLikeSDK
import BoxLikeServer
import Foundation
import Logging
import Synchronization
import Testing

/// A server, a network session and auth loggers that capture every line, plus the secrets
/// the test has seen, so each test can end by checking nothing secret was logged.
final class AuthTestHarness: Sendable {
    let server: BoxLikeServer
    let capture = LogCapture()
    private let secrets = Mutex<Set<String>>([])

    init(server: BoxLikeServer) {
        self.server = server
        remember(server.seed.ccgClient.secret, server.seed.oauthClient.secret)
        for user in [server.seed.adminUser, server.seed.serviceAccount] + server.seed.appUsers {
            remember(user.password)
        }
    }

    /// The session the SDK uses, logging into ``capture``.
    var session: NetworkSession { server.networkSession(logger: capture.logger(label: "boxlike.network")) }
    /// The logger handed to the auth strategies.
    var authLogger: Logger { capture.logger(label: "boxlike.auth") }

    /// Marks values that must never appear in a log line.
    func remember(_ values: String?...) {
        secrets.withLock { set in
            for value in values.compactMap({ $0 }) where !value.isEmpty { set.insert(value) }
        }
    }

    /// Marks the secrets of a token.
    func remember(_ token: AccessToken) {
        remember(token.accessToken, token.refreshToken)
    }

    /// Records a failure for each captured log line containing a remembered secret.
    func expectNoSecretsLogged(sourceLocation: SourceLocation = #_sourceLocation) {
        let known = secrets.withLock { $0 }
        let leaks = capture.linesLeaking(known)
        #expect(leaks.isEmpty, "secrets in log lines: \(leaks.count)", sourceLocation: sourceLocation)
        #expect(!capture.lines.isEmpty, "nothing was logged, so the check proves nothing", sourceLocation: sourceLocation)
    }

    // MARK: - Calls the tests make

    /// The caller's user id, from `GET /users/me` sent with `auth` (over `session`, the
    /// harness's own by default).
    func currentUserId(_ auth: any Authentication, over session: NetworkSession? = nil) async throws -> String {
        let response = try await (session ?? self.session).executor(auth: auth).execute(
            RequestDescription(operationId: "getUserMe", method: .get, server: "api", pathTemplate: "/users/me"))
        return try response.decode(Identified.self).id
    }

    /// The status of `GET /files/{id}` sent with `auth` (an ``APIError``'s status when it fails).
    func fileStatus(_ fileId: String, auth: any Authentication) async throws -> Int {
        try await status(RequestDescription(operationId: "getFileById", method: .get, server: "api",
                                            pathTemplate: "/files/{file_id}", pathParameters: ["file_id": fileId]),
                         auth: auth)
    }

    /// The status of `GET /folders/{id}` sent with `auth`.
    func folderStatus(_ folderId: String, auth: any Authentication) async throws -> Int {
        try await status(RequestDescription(operationId: "getFolderById", method: .get, server: "api",
                                            pathTemplate: "/folders/{folder_id}", pathParameters: ["folder_id": folderId]),
                         auth: auth)
    }

    /// The status of `GET /users/me` sent with `Authorization: Bearer <accessToken>` as is.
    func statusWithRawToken(_ accessToken: String) async throws -> Int {
        try await status(RequestDescription(operationId: "getUserMe", method: .get, server: "api", pathTemplate: "/users/me"),
                         auth: BoxDeveloperTokenAuth(token: accessToken, networkSession: session))
    }

    private func status(_ request: RequestDescription, auth: any Authentication) async throws -> Int {
        do {
            return Int(try await session.executor(auth: auth).execute(request).status.code)
        } catch let error as APIError {
            return error.status
        }
    }

    private struct Identified: Decodable {
        var id: String
    }
}

/// Runs `body` with a fresh server and harness, then checks that nothing secret was logged.
/// The server is in process unless `loopback` asks for one on a socket (sign-in pages a
/// browser opens, the loopback redirect flow).
func withAuthHarness(
    loopback: Bool = false,
    configure: (inout BoxLikeServerConfiguration) -> Void = { _ in },
    _ body: (AuthTestHarness) async throws -> Void
) async throws {
    let run: (BoxLikeServer) async throws -> Void = { server in
        let harness = AuthTestHarness(server: server)
        try await body(harness)
        harness.expectNoSecretsLogged()
    }
    if loopback {
        try await withLoopbackServer(configure, run)
    } else {
        try await withServer(configure, run)
    }
}

extension BoxLikeServer {
    /// The API URL of a file, as downscoping's `resource` expects it.
    func fileResource(_ fileId: String) -> String {
        "\(apiBaseURL)/files/\(fileId)"
    }
}
