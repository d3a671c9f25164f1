import Foundation

/// The generator's speed mechanisms, in one place: each can be turned off to measure what
/// it buys (`BOXLIKE_CODEGEN_TUNING=-chunks,-schema-readers codegen ...`), and turning any off
/// gives the same files and diagnostics. The gains measured with each are in
/// `codegen/README.md`.
package struct GeneratorTuning: Sendable, Hashable {
    /// Large documents' component schemas and paths decoded in chunks side by side, with the
    /// checks and the extension table (``ComponentSchemaDecoding``, ``PathDecoding``), and
    /// their component schemas normalized side by side with the rest.
    package var decodesInChunks = true
    /// 3.0 schemas read straight from the tree (``SchemaReader30``, ``SchemaReader30To31``)
    /// instead of through OpenAPIKit's `Decodable` and converter.
    package var readsSchemasDirectly = true

    /// Every mechanism on.
    package static let all = GeneratorTuning()

    /// The names `BOXLIKE_CODEGEN_TUNING` turns off (`-name`, comma-separated).
    package static let names = ["chunks", "schema-readers"]

    /// Every mechanism on but those `text` names with a leading `-` (`-chunks,-schema-readers`);
    /// `nil` when it names one that does not exist.
    package init?(parsing text: String) {
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            switch item {
            case "-chunks": decodesInChunks = false
            case "-schema-readers": readsSchemasDirectly = false
            default: return nil
            }
        }
    }

    /// Every mechanism on.
    package init() {}
}
