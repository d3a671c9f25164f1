/// Checks namespaces and credential ids before they become file names or database keys.
///
/// Names end up in paths, so anything that could climb out of the storage directory
/// (`..`, `/`) or hide a file (a leading dot) is refused instead of escaped: a refused name
/// is easier to reason about than an escaping scheme that must stay stable forever.
/// Capital letters are refused too: on a file system that ignores case (macOS and Windows by
/// default) `Work` and `work` would be one file, and two credentials would share a token.
enum StorageName {
    /// The namespace every storage uses unless told otherwise.
    static let defaultNamespace = "default"
    /// The credential id a storage uses unless told otherwise.
    static let defaultCredentialId = "default"

    static func validate(_ name: String) throws -> String {
        guard !name.isEmpty, name.utf8.count <= 200, name.first != "." else {
            throw TokenStorageError.invalidName(name)
        }
        for scalar in name.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", ".", "_", "-", "@":
                continue
            default:
                throw TokenStorageError.invalidName(name)
            }
        }
        return name
    }
}
