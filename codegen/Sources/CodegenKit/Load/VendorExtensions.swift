import Yams

/// The spec's string-valued `x-` extensions by JSON pointer of the object holding them
/// (`#/tags/3` → `x-swift-name: chunkedUploads`).
///
/// Read from the YAML tree rather than through OpenAPIKit, because having OpenAPIKit
/// collect extensions re-decodes every schema's whole subtree and dominates load time on
/// large documents.
public struct VendorExtensions: Sendable, Hashable {
    private var values: [String: [String: String]] = [:]

    /// No extensions.
    public init() {}

    /// The extension `name` on the object at `pointer`.
    public func string(_ name: String, at pointer: String) -> String? {
        values[pointer]?[name]
    }

    /// Every string-valued `x-` member of every mapping in the tree, and every `$ref`
    /// (so validation errors can name the reference they are about).
    static func collect(from root: Node) -> VendorExtensions {
        var table = VendorExtensions()
        var path: [String] = []
        func walk(_ node: Node) {
            switch node {
            case .mapping(let mapping):
                var found: [String: String] = [:]
                for (key, value) in mapping {
                    guard let name = key.string else { continue }
                    if name.hasPrefix("x-") || name == "$ref", case .scalar(let scalar) = value {
                        found[name] = scalar.string
                    }
                    path.append(name)
                    walk(value)
                    path.removeLast()
                }
                if !found.isEmpty { table.values[JSONPointer(path).description] = found }
            case .sequence(let sequence):
                for (index, element) in sequence.enumerated() {
                    path.append(String(index))
                    walk(element)
                    path.removeLast()
                }
            case .scalar, .alias:
                break
            }
        }
        walk(root)
        return table
    }
}
