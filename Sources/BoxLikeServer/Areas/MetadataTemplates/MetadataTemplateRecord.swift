import BoxLikeJSON
import Foundation

/// A metadata template: the fields instances of it may hold.
struct MetadataTemplateRecord: Sendable {
    struct Field: Sendable {
        var id: String
        var type: String
        var key: String
        var displayName: String
        var description = ""
        var hidden = false
        /// The choices of an `enum` or `multiSelect` field.
        var options: [Option] = []
        /// For a `taxonomy` field: its taxonomy's key and namespace, whether several nodes may
        /// be chosen, and the levels whose nodes may be (nil: every level).
        var taxonomyKey: String?
        var taxonomyNamespace: String?
        var multiSelect = false
        var selectableLevels: [Int]?
    }

    /// One choice of an `enum` or `multiSelect` field; a classification's option carries its
    /// definition and colour in `staticConfig`.
    struct Option: Sendable {
        var id: String
        var key: String
        var staticConfig: JSONValue?
    }

    var id: String
    /// `global`, or `enterprise_<id>`.
    var scope: String
    var templateKey: String
    var displayName: String
    var hidden = false
    var copyInstanceOnItemCopy = false
    var fields: [Field] = []
    /// Whether instances may hold any keys (the global `properties` template).
    var isFreeForm = false

    static let fieldTypes: Set<String> = ["string", "float", "date", "enum", "multiSelect", "taxonomy", "integer"]
}
