import Foundation

/// Compares generated files with a directory and replaces the directory's contents as a
/// whole.
package enum OutputDirectory {
    /// The Swift files below `directory`, by path relative to it (`/` separators).
    package static func existingFiles(in directory: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: directory.path) else { return [:] }
        guard let enumerator = fileManager.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return [:]
        }
        let basePath = directory.standardizedFileURL.path
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(basePath + "/") else { continue }
            let relative = String(path.dropFirst(basePath.count + 1))
            files[relative] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// Paths that differ between the generated files and the directory: changed,
    /// missing or extra, sorted.
    package static func differences(between generated: [GeneratedFile], and existing: [String: String]) -> [String] {
        var differing: [String] = []
        let generatedPaths = Set(generated.map(\.path))
        for file in generated where existing[file.path] != file.contents {
            differing.append(file.path)
        }
        for path in existing.keys where !generatedPaths.contains(path) {
            differing.append(path)
        }
        return differing.sorted()
    }

    /// Replaces the directory's contents with the files.
    ///
    /// The files are written to a sibling temporary directory first and swapped in with
    /// renames, so a failure while writing leaves the previous output as it was.
    package static func replaceContents(of directory: URL, with files: [GeneratedFile]) throws {
        let fileManager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let name = directory.lastPathComponent
        let token = UUID().uuidString.prefix(8)
        let staging = parent.appendingPathComponent(".\(name).new-\(token)")
        let retired = parent.appendingPathComponent(".\(name).old-\(token)")
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            }
            if fileManager.fileExists(atPath: directory.path) {
                try fileManager.moveItem(at: directory, to: retired)
            }
            do {
                try fileManager.moveItem(at: staging, to: directory)
            } catch {
                if fileManager.fileExists(atPath: retired.path) {
                    try? fileManager.moveItem(at: retired, to: directory)
                }
                throw error
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        try? fileManager.removeItem(at: retired)
    }
}
