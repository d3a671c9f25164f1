import Foundation

/// Which hand-written type names generated code must avoid, so the output depends only on
/// the spec and the module it joins, never on what else lies near the output directory.
///
/// ```swift
/// let directories = ReservedNames.defaultDirectories(forOutput: output, runtimePackage: root)
/// let names = ReservedNames.names(in: directories, excluding: output)
/// ```
package enum ReservedNames {
    /// The runtime's sources, relative to the package root.
    package static let runtimeSourcesPath = "Sources/BoxLikeRuntime"

    /// The directories to scan when none are given:
    /// - the sources of the module the output belongs to: the directory directly inside a
    ///   `Sources` folder that holds the output (`Sources/BoxLikeSDK` for
    ///   `Sources/BoxLikeSDK/Generated`), when that folder is inside the package that holds
    ///   the output;
    /// - the runtime's sources in `runtimePackage`, when they exist.
    ///
    /// Output outside any package (a temporary directory) only avoids the runtime's names.
    package static func defaultDirectories(forOutput output: URL, runtimePackage: URL?) -> [URL] {
        var directories: [URL] = []
        if let module = moduleDirectory(containing: output) {
            directories.append(module)
        }
        if let runtimePackage {
            let runtime = runtimePackage.appendingPathComponent(runtimeSourcesPath).standardizedFileURL
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: runtime.path, isDirectory: &isDirectory), isDirectory.boolValue,
               !directories.contains(runtime) {
                directories.append(runtime)
            }
        }
        return directories
    }

    /// The sources directory of the module `output` is part of, or `nil` when `output` is
    /// not inside a `Sources/<Module>` folder of a package.
    package static func moduleDirectory(containing output: URL) -> URL? {
        let components = output.standardizedFileURL.pathComponents
        // The package is the nearest directory above the output with a Package.swift.
        guard let package = PackageRoot.find(from: output.standardizedFileURL.deletingLastPathComponent()) else {
            return nil
        }
        let packageComponents = package.standardizedFileURL.pathComponents
        guard components.starts(with: packageComponents) else { return nil }
        let inside = components.dropFirst(packageComponents.count)
        // The first `Sources` folder below the package root, then the module's folder.
        guard let sources = inside.firstIndex(of: "Sources"), sources + 1 < components.count else { return nil }
        return URL(fileURLWithPath: NSString.path(withComponents: Array(components[...(sources + 1)])))
            .standardizedFileURL
    }

    /// The type names declared in the Swift files of `directories`, skipping `output`.
    package static func names(in directories: [URL], excluding output: URL) -> Set<String> {
        var names: Set<String> = []
        for directory in directories {
            names.formUnion(DeclaredTypeScanner.declaredNames(in: directory, excluding: output))
        }
        return names
    }
}
