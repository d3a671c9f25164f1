import Foundation

/// Finds the Swift package the generator runs in, so default paths work from any
/// directory inside it.
package enum PackageRoot {
    /// The nearest directory at or above `start` that holds a `Package.swift`.
    package static func find(from start: URL) -> URL? {
        var directory = start.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }
}
