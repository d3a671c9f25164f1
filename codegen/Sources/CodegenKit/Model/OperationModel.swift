/// One API call as a manager method.
package struct OperationModel: Hashable, Sendable {
    /// The Swift method name (`getFolderById`).
    package var methodName: String
    /// The operation's identifier on the wire, for logs and metrics.
    package var operationId: String
    /// The HTTP method in lower case (`get`).
    package var httpMethod: String
    /// The server the path is relative to (`api`, `upload`).
    package var serverId: String
    /// The `ServerID` constant naming that server (`upload`; `oauth-2` → `oauth2`).
    package var serverConstantName: String
    /// The path template with `{wire_name}` placeholders.
    package var pathTemplate: String
    /// Whether the spec's path key carries a `#fragment` (`/shared_items#folders`): Box's way
    /// of describing another operation on a method and path that a plain key already has.
    package var isPathVariant: Bool
    /// The doc comment's text.
    package var documentation: String
    /// Parameters substituted into the path, in path order.
    package var pathParameters: [ParameterModel]
    /// The query parameter struct, when the operation has query parameters.
    package var query: ParameterGroup?
    /// The header struct (header and cookie parameters); every operation has one for extra
    /// headers.
    package var headers: ParameterGroup
    /// Headers and query parameters with one possible value (the API version an operation
    /// needs, `box-version: 2025.0`), sent on every call and never asked of the caller.
    package var constantParameters: [ConstantParameterModel]
    /// The request body, if any.
    package var body: RequestBodyModel?
    /// What a successful response returns.
    package var response: ResponseModel
    /// Whether the call carries the caller's credentials.
    package var requiresAuthentication: Bool
    /// How a list operation pages, when it does: it then also gets a `…Sequence` method.
    package var pagination: PaginationModel?
    /// The name of the `…Sequence` method (`getFolderItemsSequence`), when ``pagination`` is set.
    package var sequenceMethodName: String?
    /// Whether the spec declares the operation safe to repeat (`x-idempotent: true`) although
    /// its method alone would not say so (a `POST` that revokes a token, say).
    package var isDeclaredIdempotent: Bool
    /// The OAuth scopes a token must carry one of to call the operation (`x-box-scopes`, space
    /// separated as in an OAuth `scope` parameter); `nil` when the spec states none, and an
    /// empty list when any token may call it.
    package var requiredScopes: [String]?
    /// Whether a token restricted to one item (downscoped to it, or exchanged for a shared
    /// link) may call the operation (`x-box-restricted-tokens: true`); no by default.
    package var allowsRestrictedTokens: Bool

    /// Creates an operation.
    package init(methodName: String, operationId: String, httpMethod: String, serverId: String, pathTemplate: String,
                documentation: String, pathParameters: [ParameterModel], query: ParameterGroup?,
                headers: ParameterGroup, constantParameters: [ConstantParameterModel] = [], body: RequestBodyModel?,
                response: ResponseModel, requiresAuthentication: Bool, pagination: PaginationModel? = nil,
                isDeclaredIdempotent: Bool = false, requiredScopes: [String]? = nil, allowsRestrictedTokens: Bool = false,
                isPathVariant: Bool = false, serverConstantName: String? = nil, sequenceMethodName: String? = nil) {
        self.methodName = methodName
        self.operationId = operationId
        self.httpMethod = httpMethod
        self.serverId = serverId
        self.serverConstantName = serverConstantName ?? Naming.serverConstantName(serverId)
        self.sequenceMethodName = pagination == nil ? nil : sequenceMethodName ?? Naming.sequenceMethodName(methodName)
        self.pathTemplate = pathTemplate
        self.documentation = documentation
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.constantParameters = constantParameters
        self.body = body
        self.response = response
        self.requiresAuthentication = requiresAuthentication
        self.pagination = pagination
        self.isDeclaredIdempotent = isDeclaredIdempotent
        self.requiredScopes = requiredScopes
        self.allowsRestrictedTokens = allowsRestrictedTokens
        self.isPathVariant = isPathVariant
    }
}

/// How a list operation pages (the spec's `x-pagination`), for its `…Sequence` method.
package struct PaginationModel: Hashable, Sendable {
    /// The paging style.
    package enum Style: String, Hashable, Sendable, CaseIterable {
        /// `offset` in the query, `total_count` in the response.
        case offset
        /// `marker` in the query, `next_marker` in the response.
        case marker
        /// `stream_position` in the query, `next_stream_position` in the response; an
        /// empty page means the stream is caught up.
        case streamPosition = "stream-position"
    }

    /// The paging style.
    package var style: Style
    /// The type of one item.
    package var itemType: TypeReference
    /// The response property holding the page's items.
    package var itemsProperty: String
    /// Whether that property is optional (a missing list is an empty page).
    package var itemsOptional: Bool
    /// The property carrying the position (`offset`, `marker`, `streamPosition`): of the
    /// query, or of the JSON request body when ``positionInBody``.
    package var positionParameter: String
    /// Whether the position travels in the JSON request body rather than the query (a
    /// search posted as a document, such as Box's metadata queries).
    package var positionInBody: Bool
    /// The response property with the next position (the total count for offsets).
    package var nextProperty: String
    /// Boolean query properties set to `true` to turn this style on (`usemarker`).
    package var enablingParameters: [String]
    /// Query properties cleared because they belong to another style (`offset` when
    /// paging by marker).
    package var clearedParameters: [String]

    /// Creates a pagination description.
    package init(style: Style, itemType: TypeReference, itemsProperty: String, itemsOptional: Bool = false,
                positionParameter: String, positionInBody: Bool = false,
                nextProperty: String,
                enablingParameters: [String] = [], clearedParameters: [String] = []) {
        self.style = style
        self.itemType = itemType
        self.itemsProperty = itemsProperty
        self.itemsOptional = itemsOptional
        self.positionParameter = positionParameter
        self.positionInBody = positionInBody
        self.nextProperty = nextProperty
        self.enablingParameters = enablingParameters
        self.clearedParameters = clearedParameters
    }
}

/// A path, query, header or cookie parameter.
package struct ParameterModel: Hashable, Sendable {
    /// Where the parameter goes.
    package enum Location: String, Hashable, Sendable {
        /// A placeholder in the path.
        case path
        /// The query string.
        case query
        /// A request header.
        case header
        /// A pair in the `Cookie` header (declared with the headers).
        case cookie
    }

    /// How the value is laid out; the runtime does the work.
    package enum Serialization: Hashable, Sendable {
        /// A scalar or an array of scalars as text (`QueryParameterValue`): comma-joined, or
        /// the name repeated per element when ``ParameterModel/explode`` is set.
        case plain
        /// Any encodable value (objects too) laid out by a style.
        case styled(Style)
        /// The value's JSON text (`content: application/json`).
        case json
    }

    /// The layout rules of OpenAPI's `style` that the runtime implements.
    package enum Style: String, Hashable, Sendable {
        /// `name=a,b` / `name=a&name=b`; objects `name=k,v` / `k=v&k2=v2`.
        case form
        /// Values separated by `%20`.
        case spaceDelimited
        /// Values separated by `%7C`.
        case pipeDelimited
        /// `name[key]=value`.
        case deepObject
        /// Headers: `a,b`; objects `k,v` / `k=v`.
        case simple
        /// Cookies as OpenAPI 3.2's `cookie` style: `form` without percent-encoding.
        case cookie
    }

    /// The Swift identifier.
    package var name: String
    /// The name on the wire.
    package var wireName: String
    /// The value's type.
    package var type: TypeReference
    /// Whether the caller must give a value.
    package var isRequired: Bool
    /// Whether arrays and objects are exploded: for a query, the name repeated per array
    /// element (`a=1&a=2`) rather than the values joined with commas.
    package var explode: Bool
    /// The doc comment's text.
    package var documentation: String
    /// Where the parameter goes.
    package var location: Location
    /// How the value is laid out.
    package var serialization: Serialization

    /// Creates a parameter.
    package init(name: String, wireName: String, type: TypeReference, isRequired: Bool, explode: Bool = false,
                documentation: String, location: Location = .query, serialization: Serialization = .plain) {
        self.name = name
        self.wireName = wireName
        self.type = type
        self.isRequired = isRequired
        self.explode = explode
        self.documentation = documentation
        self.location = location
        self.serialization = serialization
    }
}

/// A header or query parameter that has one possible value, so generated code sends it
/// itself: a required parameter whose schema allows one value (`enum: ['2025.0']` or
/// `const`), or the version an operation's `x-box-version` names.
package struct ConstantParameterModel: Hashable, Sendable {
    /// Where the value goes.
    package enum Location: String, Hashable, Sendable {
        /// A request header.
        case header
        /// The query string.
        case query
    }

    /// The name on the wire (`box-version`).
    package var wireName: String
    /// The value as it is sent (`2025.0`).
    package var value: String
    /// Where the value goes.
    package var location: Location

    /// Creates a constant parameter.
    package init(wireName: String, value: String, location: Location) {
        self.wireName = wireName
        self.value = value
        self.location = location
    }
}

/// The query parameters, or the header and cookie parameters, of an operation, declared as
/// one struct.
package struct ParameterGroup: Hashable, Sendable {
    /// The struct's Swift name (`GetFolderItemsQueryParams`).
    package var typeName: String
    /// The parameters in declaration order (required first).
    package var parameters: [ParameterModel]
    /// The runtime struct that holds exactly these parameters, when there is one: ``typeName``
    /// is then declared as its alias instead of as a struct of its own.
    package var runtimeTypeName: String?

    /// Creates a group.
    package init(typeName: String, parameters: [ParameterModel], runtimeTypeName: String? = nil) {
        self.typeName = typeName
        self.parameters = parameters
        self.runtimeTypeName = runtimeTypeName
    }

    /// The runtime's shared struct for a group that holds only what it holds:
    /// `OperationHeaders` for headers that are only the caller's extras, `FieldsQueryParams`
    /// for a query that is only an optional `fields` list.
    static func sharedRuntimeType(of parameters: [ParameterModel], isHeaders: Bool) -> String? {
        if isHeaders { return parameters.isEmpty ? "OperationHeaders" : nil }
        guard parameters.count == 1, let only = parameters.first,
              only.name == "fields", only.wireName == "fields", only.type == .array(.string), !only.isRequired
        else { return nil }
        return "FieldsQueryParams"
    }
}

/// How an operation sends its body.
package struct RequestBodyModel: Hashable, Sendable {
    /// The encoding of the body.
    package enum Kind: Hashable, Sendable {
        /// A JSON document of this type with this content type.
        case json(TypeReference, contentType: String)
        /// A flat value as `application/x-www-form-urlencoded`.
        case form(TypeReference)
        /// `multipart/form-data` built from a struct's properties, in order.
        case multipart(typeName: String, parts: [MultipartPartModel])
        /// Raw bytes from a `ByteSource`.
        case binary(contentType: String)
    }

    /// The encoding.
    package var kind: Kind
    /// Whether the caller must give a body.
    package var isRequired: Bool
    /// The doc comment's text for the `requestBody` parameter.
    package var documentation: String

    /// Creates a body.
    package init(kind: Kind, isRequired: Bool, documentation: String) {
        self.kind = kind
        self.isRequired = isRequired
        self.documentation = documentation
    }
}

/// One part of a multipart body, taken from a property of the body struct.
package struct MultipartPartModel: Hashable, Sendable {
    /// How the part's bytes are produced.
    package enum Kind: Hashable, Sendable {
        /// The value encoded as JSON.
        case json
        /// The string as it is, as `text/plain` unless the spec's `encoding` names
        /// another content type (a JSON document passed as a string).
        case text(contentType: String?)
        /// Bytes from a `ByteSource`, with the properties holding the file name and
        /// content type, and the content type used when the caller gives none.
        case file(fileNameProperty: String, contentTypeProperty: String, defaultContentType: String)
    }

    /// The body struct's property.
    package var propertyName: String
    /// The form field name.
    package var wireName: String
    /// How it is encoded.
    package var kind: Kind
    /// Whether the property is optional (the part is left out when `nil`).
    package var isOptional: Bool

    /// Creates a part.
    package init(propertyName: String, wireName: String, kind: Kind, isOptional: Bool) {
        self.propertyName = propertyName
        self.wireName = wireName
        self.kind = kind
        self.isOptional = isOptional
    }
}

/// What a successful call returns.
package enum ResponseModel: Hashable, Sendable {
    /// A decoded JSON document.
    case json(TypeReference, documentation: String)
    /// A decoded JSON document, or nothing when the server answers `204 No Content` (the
    /// operation describes both).
    case jsonIfPresent(TypeReference, documentation: String)
    /// The body as a byte stream.
    case binary(documentation: String)
    /// Nothing.
    case none
}
