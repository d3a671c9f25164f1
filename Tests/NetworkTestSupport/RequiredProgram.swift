import Foundation

/// A program some tests run (tinyproxy, openssl, unzip, PostgreSQL's initdb) that README's
/// install line provides. A test that cannot find one fails with one line naming the program
/// and that line, instead of a failure further on that hides the cause.
public enum RequiredProgram {
    /// README's install line ("Two commands").
    public static let installLine =
        "apt-get update && apt-get install -y libcurl4-openssl-dev libssl-dev postgresql tinyproxy openssl unzip"

    /// Why a test stopped: the program is not installed.
    public struct Missing: Error, CustomStringConvertible {
        /// The program looked for.
        public let program: String
        /// One line naming the program and how to install it.
        public var description: String {
            "\(program) is not installed (not found on PATH); install what the tests need with: \(installLine)"
        }
    }

    /// The path of `program` on `PATH`.
    ///
    /// - Throws: ``Missing`` when no directory on `PATH` holds an executable of that name.
    @discardableResult
    public static func locate(_ program: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> String {
        let directories = (path ?? "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Missing(program: program)
    }
}
