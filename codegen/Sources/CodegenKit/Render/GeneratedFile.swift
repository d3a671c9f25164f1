/// One output file: a path relative to the output directory and its text.
package struct GeneratedFile: Sendable, Hashable {
    /// The path below the output directory, with `/` separators (`Managers/FoldersManager.swift`).
    package let path: String
    /// The Swift source.
    package let contents: String

    /// Creates a file.
    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
