import BoxLikeNetworkTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a PostgreSQL server for the storage tests can be reached.
public struct PostgresEndpoint: Sendable, Hashable {
    /// Host name or address.
    public var host: String
    /// TCP port.
    public var port: Int
    /// Role to connect as.
    public var username: String
    /// Password, when the server asks for one.
    public var password: String?
    /// Database to use.
    public var database: String

    /// Parses `postgres://user:password@host:port/database`.
    public init?(url text: String) {
        guard let components = URLComponents(string: text), let host = components.host,
              let user = components.user else { return nil }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user
        self.password = components.password
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.database = path.isEmpty ? user : path
    }

    /// Creates an endpoint.
    public init(host: String, port: Int, username: String, password: String?, database: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }

    /// The endpoint as `key=value` arguments for `boxlike-storage-worker`.
    public var workerArguments: [String] {
        ["pg-host=\(host)", "pg-port=\(port)", "pg-user=\(username)", "pg-database=\(database)"]
            + (password.map { ["pg-password=\($0)"] } ?? [])
    }
}

/// A throwaway PostgreSQL cluster in a temporary directory, for tests and benchmarks.
///
/// `initdb` and `pg_ctl` refuse to run as root, so as root they run as the `postgres` user
/// (which owns the temporary directory). A watchdog shell stops the cluster and deletes its
/// directory when the process that started it exits, however it exits, so a crashed test run
/// leaves no server behind.
public final class PostgresCluster: Sendable {
    /// Where to connect.
    public let endpoint: PostgresEndpoint
    /// The temporary directory holding data, socket and log.
    public let directory: String
    private let binDirectory: String
    private let runAsUser: String?

    /// The endpoint from `BOXLIKE_POSTGRES_URL` when set, otherwise a private cluster started
    /// now. The returned cluster is `nil` when an external server is used.
    public static func endpointFromEnvironmentOrStart() throws -> (PostgresEndpoint, PostgresCluster?) {
        if let text = ProcessInfo.processInfo.environment["BOXLIKE_POSTGRES_URL"], !text.isEmpty {
            guard let endpoint = PostgresEndpoint(url: text) else {
                throw ClusterError(message: "BOXLIKE_POSTGRES_URL is not a postgres://user@host:port/db URL")
            }
            return (endpoint, nil)
        }
        let cluster = try PostgresCluster.start()
        return (cluster.endpoint, cluster)
    }

    /// Starts a cluster on a free port.
    public static func start() throws -> PostgresCluster {
        let binDirectory = try findBinDirectory()
        let runAsUser: String? = geteuid() == 0 ? "postgres" : nil
        var lastError: (any Error)?
        for _ in 0..<3 {
            let directory = try makeTemporaryDirectory(owner: runAsUser)
            let port = try freePort()
            do {
                return try PostgresCluster(directory: directory, port: port, binDirectory: binDirectory, runAsUser: runAsUser)
            } catch {
                lastError = error
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
        throw lastError ?? ClusterError(message: "could not start PostgreSQL")
    }

    private init(directory: String, port: Int, binDirectory: String, runAsUser: String?) throws {
        self.directory = directory
        self.binDirectory = binDirectory
        self.runAsUser = runAsUser
        self.endpoint = PostgresEndpoint(host: "127.0.0.1", port: port, username: "boxlike", password: nil, database: "postgres")
        let data = directory + "/data"
        try Self.run(binDirectory + "/initdb", ["-D", data, "-U", "boxlike", "-A", "trust", "-E", "UTF8", "--no-sync"],
                     as: runAsUser)
        // Before the server starts, so that a test process dying at any later point still
        // takes the server down with it.
        try startWatchdog()
        let options = "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        try Self.run(binDirectory + "/pg_ctl", ["-D", data, "-o", options, "-l", directory + "/server.log", "-w", "-t", "60", "start"],
                     as: runAsUser)
    }

    /// Stops the server now and deletes its directory.
    public func stop() {
        try? Self.run(binDirectory + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "stop"], as: runAsUser)
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func startWatchdog() throws {
        let stopCommand = ([binDirectory + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "stop"])
            .map(Self.shellQuoted).joined(separator: " ")
        let asUser = runAsUser.map { "runuser -u \($0) -- " } ?? ""
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(asUser)\(stopCommand) >/dev/null 2>&1
            rm -rf \(Self.shellQuoted(directory))
            """
        _ = try ChildProcess.spawn("/bin/sh", ["-c", script])
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func run(_ executable: String, _ arguments: [String], as user: String?) throws {
        // A file, not a pipe: the server that pg_ctl starts inherits the descriptors, and a
        // pipe would then never reach end-of-file.
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-pg-tool-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let child = try user.map {
            try ChildProcess.spawn("/usr/sbin/runuser", ["-u", $0, "--", executable] + arguments,
                                   standardOutput: .file(outputPath), standardError: .file(outputPath))
        } ?? ChildProcess.spawn(executable, arguments, standardOutput: .file(outputPath), standardError: .file(outputPath))
        let status = child.waitBlocking()
        guard status == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw ClusterError(message: "\((executable as NSString).lastPathComponent) failed (\(status)): \(text.suffix(2000))")
        }
    }

    private static func findBinDirectory() throws -> String {
        let fileManager = FileManager.default
        let versions = ((try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .compactMap(Int.init).sorted(by: >)
        for version in versions where fileManager.isExecutableFile(atPath: "/usr/lib/postgresql/\(version)/bin/initdb") {
            return "/usr/lib/postgresql/\(version)/bin"
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where fileManager.isExecutableFile(atPath: "\(directory)/initdb") {
            return String(directory)
        }
        throw ClusterError(message: "initdb not found: install PostgreSQL (apt-get install postgresql) or set BOXLIKE_POSTGRES_URL")
    }

    private static func makeTemporaryDirectory(owner: String?) throws -> String {
        var template = Array("/tmp/boxlike-pg-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw ClusterError(message: "mkdtemp failed (errno \(errno))") }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let owner {
            guard let entry = getpwnam(owner) else { throw ClusterError(message: "no user \(owner) to run PostgreSQL as") }
            guard chown(path, entry.pointee.pw_uid, entry.pointee.pw_gid) == 0 else {
                throw ClusterError(message: "chown \(path) failed (errno \(errno))")
            }
        }
        return path
    }

    private static func freePort() throws -> Int {
        try LoopbackSocket.freePort()
    }
}

/// A cluster that could not be started, with the tool's output.
public struct ClusterError: Error, CustomStringConvertible {
    /// What failed.
    public var message: String
    /// The message.
    public var description: String { message }
}
