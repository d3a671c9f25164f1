// A child process for the storage tests and benchmarks: several of these share one token
// file or one database, as separate apps on one machine or many would.
//
//   boxlike-storage-worker write-loop dir=… namespace=… credential=…
//       Stores tokens "seq-1", "seq-2", … forever; prints "ready" after the first.
//   boxlike-storage-worker refresh backend=file|postgres … origin=… client-id=… client-secret=…
//       enterprise=… start-at=<unix ms> [grant=ccg|oauth]
//       Waits until start-at, asks a CCG (or, with grant=oauth, an OAuth authentication
//       refreshing the stored refresh token) over the shared storage for a token, prints
//       "token <fingerprint>" (never the token itself).
//   boxlike-storage-worker migrate from=<dir> to=<dir> namespace=…
//       Migrates the credential store in <from> to <to> (encrypted files, same key); prints
//       "ready" before it starts. The parent kills it mid-way and migrates again.
//   boxlike-storage-worker rotate dir=… namespace=…
//       Re-encrypts the namespace under BOXLIKE_TOKEN_KEY, reading BOXLIKE_OLD_TOKEN_KEY
//       files too; prints "ready" before it starts.
//   boxlike-storage-worker benchmark
//       Runs the storm benchmarks and prints their `figure <name> <value>` lines.
//
// The key comes from BOXLIKE_TOKEN_KEY (base64). Exit status 0 on success, 1 on failure with
// the error on stderr.
import BoxLikeSDK
import BoxLikeSDKPostgres
import BoxLikeStorageTestSupport
import Crypto
import Foundation
import PostgresNIO

let arguments = Dictionary(
    CommandLine.arguments.dropFirst(2).compactMap { argument -> (String, String)? in
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    },
    uniquingKeysWith: { _, last in last })

struct WorkerFailure: Error, CustomStringConvertible {
    var description: String
}

func argument(_ name: String) throws -> String {
    guard let value = arguments[name] else { throw WorkerFailure(description: "missing \(name)=") }
    return value
}

func fileStorage() throws -> EncryptedFileTokenStorage {
    try EncryptedFileTokenStorage(
        directory: URL(fileURLWithPath: try argument("dir")), key: try EncryptedFileTokenStorage.Key(),
        namespace: try argument("namespace"), credentialId: try argument("credential"))
}

func fingerprint(_ token: AccessToken) -> String {
    SHA256.hash(data: Data((token.accessToken ?? "").utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
}

/// Writes forever; the parent kills it with SIGKILL at a random moment.
func writeLoop() async throws {
    let storage = try fileStorage()
    var sequence = 0
    while true {
        sequence += 1
        try await storage.store(token: AccessToken(
            accessToken: "seq-\(sequence)", expiresIn: 3600, refreshToken: "refresh-\(sequence)"))
        if sequence == 1 {
            // Unbuffered, so the parent sees it while this process keeps writing.
            FileHandle.standardOutput.write(Data("ready\n".utf8))
        }
    }
}

func refresh(using storage: any TokenStorage) async throws {
    var session = NetworkSession(baseUrls: .singleOrigin(URL(fileURLWithPath: "/")))
    if let origin = URL(string: try argument("origin")) {
        session.baseUrls = .singleOrigin(origin)
    }
    let auth: any Authentication
    if arguments["grant"] == "oauth" {
        auth = BoxOAuth(
            config: OAuthConfig(clientId: try argument("client-id"), clientSecret: try argument("client-secret"),
                                tokenStorage: storage),
            networkSession: session)
    } else {
        auth = BoxCCGAuth(
            config: CCGConfig(clientId: try argument("client-id"), clientSecret: try argument("client-secret"),
                              enterpriseId: try argument("enterprise"), tokenStorage: storage),
            networkSession: session)
    }
    if let startAt = Double(try argument("start-at")) {
        let delay = startAt / 1000 - Date().timeIntervalSince1970
        // Kept: the workers are separate processes started one by one; a shared start time
        // makes their refreshes meet (the storage's lock is what is under test).
        if delay > 0 { try await Task.sleep(for: .milliseconds(Int(delay * 1000))) }
    }
    let token = try await auth.retrieveToken()
    print("token \(fingerprint(token))")
}

func postgresClient() throws -> PostgresClient {
    var configuration = PostgresClient.Configuration(
        host: try argument("pg-host"), port: Int(try argument("pg-port")) ?? 5432,
        username: try argument("pg-user"), password: arguments["pg-password"],
        database: try argument("pg-database"), tls: .disable)
    configuration.options.maximumConnections = 2
    return PostgresClient(configuration: configuration)
}

/// Migrates a credential store from a directory into another directory, or into PostgreSQL
/// with `to-backend=postgres`; killed mid-way by the parent.
func migrate() async throws {
    let key = try EncryptedFileTokenStorage.Key()
    let namespace = try argument("namespace")
    let source = try EncryptedFileTokenStorage(directory: URL(fileURLWithPath: try argument("from")), key: key, namespace: namespace)
    let store = CredentialStore(storage: source, authentication: .oauth(clientId: "app", clientSecret: "secret"))
    if arguments["to-backend"] == "postgres" {
        let client = try postgresClient()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            let destination = PostgresTokenStorage(client: client, namespace: namespace)
            FileHandle.standardOutput.write(Data("ready\n".utf8))
            try await store.migrate(to: destination)
            group.cancelAll()
        }
    } else {
        let destination = try EncryptedFileTokenStorage(directory: URL(fileURLWithPath: try argument("to")), key: key, namespace: namespace)
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        try await store.migrate(to: destination)
    }
}

/// Rotates a namespace to a new key; killed mid-way by the parent.
func rotate() async throws {
    let storage = try EncryptedFileTokenStorage(
        directory: URL(fileURLWithPath: try argument("dir")), key: try EncryptedFileTokenStorage.Key(),
        previousKeys: [try EncryptedFileTokenStorage.Key(environmentVariable: "BOXLIKE_OLD_TOKEN_KEY")],
        namespace: try argument("namespace"))
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    try await storage.rotateKey()
}

do {
    switch CommandLine.arguments.dropFirst().first {
    case "migrate":
        try await migrate()
    case "rotate":
        try await rotate()
    case "write-loop":
        try await writeLoop()
    case "refresh":
        if try argument("backend") == "postgres" {
            let client = try postgresClient()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                try await refresh(using: PostgresTokenStorage(
                    client: client, namespace: try argument("namespace"), credentialId: try argument("credential")))
                group.cancelAll()
            }
        } else {
            try await refresh(using: try fileStorage())
        }
    case "benchmark":
        for figure in try await StormBenchmark.figures() {
            print("figure \(figure.name) \(figure.value)")
        }
    default:
        throw WorkerFailure(description: "usage: boxlike-storage-worker write-loop|refresh key=value…")
    }
} catch {
    FileHandle.standardError.write(Data("boxlike-storage-worker: \(error)\n".utf8))
    exit(1)
}
