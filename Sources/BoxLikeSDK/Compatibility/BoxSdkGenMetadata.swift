import BoxLikeJSON
import BoxLikeRuntime

/// Box's Swift SDK's name for a JSON value of any shape, such as a metadata field's value:
/// this SDK's `JSONValue`, which compares with literals (`value == "legal"`) and reads as
/// `stringValue`, `intValue`, `boolValue`, `arrayValue` or `objectValue`.
public typealias AnyCodable = JSONValue

extension Metadata {
    /// The instance's own fields by key, as Box's Swift SDK names them: the same dictionary as
    /// `additionalProperties`, never `nil` here.
    public var extraData: [String: AnyCodable]? { additionalProperties }
}

extension MetadataFull {
    /// The instance's own fields by key, as Box's Swift SDK names them: the same dictionary as
    /// `additionalProperties`, never `nil` here.
    public var extraData: [String: AnyCodable]? { additionalProperties }
}

/// Box's Swift SDK's name for the value a metadata search filter matches (a string, a
/// number, a list of options, or a `gt` / `lt` range): a `JSONValue` here.
public typealias MetadataFilterValue = JSONValue

/// The scope of the template a metadata search filter names, as Box's Swift SDK types it:
/// `global`, `enterprise`, or an enterprise's full scope (`enterprise_12345`).
public struct MetadataFilterScopeField: OpenEnum {
    /// The value as the API spells it.
    public let rawValue: String

    /// Wraps a value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `global`
    public static var global: MetadataFilterScopeField { MetadataFilterScopeField(rawValue: "global") }
    /// `enterprise`
    public static var enterprise: MetadataFilterScopeField { MetadataFilterScopeField(rawValue: "enterprise") }
}

extension MetadataFilter {
    /// A filter as Box's Swift SDK makes one, its scope typed.
    public init(scope: MetadataFilterScopeField?, templateKey: String? = nil, filters: [String: MetadataFilterValue]? = nil) {
        self.init(scope: scope?.rawValue, templateKey: templateKey, filters: filters)
    }
}

/// Box's Swift SDK's name for the body of ``FileMetadataManager/createFileMetadataById(fileId:scope:templateKey:requestBody:headers:)``:
/// the instance's values by field key.
public typealias CreateFileMetadataByIdRequestBody = [String: JSONValue]

/// Box's Swift SDK's name for the body of ``FolderMetadataManager/createFolderMetadataById(folderId:scope:templateKey:requestBody:headers:)``:
/// the instance's values by field key.
public typealias CreateFolderMetadataByIdRequestBody = [String: JSONValue]
