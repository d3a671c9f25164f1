/// One output file: a path relative to the output directory and its text.
public struct GeneratedFile: Sendable, Hashable {
    /// The path below the output directory, with `/` separators (`Managers/FoldersManager.swift`).
    public let path: String
    /// The Swift source.
    public let contents: String

    /// Creates a file.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
