/// The spec's string-valued `x-` extensions by JSON pointer of the object holding them
/// (`#/tags/3` → `x-swift-name: chunkedUploads`).
///
/// Read from the spec's tree rather than through OpenAPIKit, because having OpenAPIKit
/// collect extensions re-decodes every schema's whole subtree and dominates load time on
/// large documents.
package struct VendorExtensions: Sendable, Hashable {
    private var values: [String: [String: String]] = [:]
    /// Every extension name that occurs somewhere, so looking up one the document never
    /// uses costs no pointer text.
    private var names: Set<String> = []

    /// No extensions.
    package init() {}

    /// The extension `name` on the object at `pointer`.
    package func string(_ name: String, at pointer: @autoclosure () -> String) -> String? {
        guard names.contains(name) else { return nil }
        return values[pointer()]?[name]
    }

    /// Every scalar-valued `x-` member of every mapping in the tree, and every `$ref` (so
    /// validation errors can name the reference they are about).
    static func collect(from root: SpecValue) -> VendorExtensions {
        var table = VendorExtensions()
        var path: [String] = []
        func walk(_ value: SpecValue) {
            switch value {
            case .object(let object):
                var found: [String: String] = [:]
                for entry in object {
                    if entry.key.hasPrefix("x-") || entry.key == "$ref", entry.value != .null,
                       let text = entry.value.scalarText {
                        found[entry.key] = text
                        table.names.insert(entry.key)
                    }
                    path.append(entry.key)
                    walk(entry.value)
                    path.removeLast()
                }
                if !found.isEmpty { table.values[JSONPointer(path).description] = found }
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    path.append(String(index))
                    walk(element)
                    path.removeLast()
                }
            case .null, .bool, .number, .string:
                break
            }
        }
        walk(root)
        return table
    }
}
