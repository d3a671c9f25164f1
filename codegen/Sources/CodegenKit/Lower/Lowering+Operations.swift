import Foundation
import OpenAPIKit

/// A parameter's schema and layout, from its `schema` or its JSON `content`.
struct ParameterSource {
    var schema: JSONSchema
    var schemaPointer: JSONPointer
    var style: OpenAPI.Parameter.SchemaContext.Style
    var explode: Bool
    var isJSON: Bool
}

/// An operation found in the spec, named but not yet lowered.
struct PlannedOperation {
    var path: String
    var method: String
    var operation: OpenAPI.Operation
    var pathItem: OpenAPI.PathItem
    var pointer: JSONPointer
    var methodName: String
    var managerIndex: Int
}

/// A manager being assembled.
struct PlannedManager {
    var tag: String?
    var typeName: String
    var propertyName: String
    var documentation: String
}

extension Lowering {
    /// The HTTP methods the runtime's `HTTPMethod` has static members for.
    static let supportedMethods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Finds every operation, names it and assigns it to a manager.
    func planOperations() -> (managers: [PlannedManager], operations: [PlannedOperation]) {
        var managers: [PlannedManager] = []
        var managerIndexByTag: [String: Int] = [:]
        var managerProperties = NameRegistry(reserved: ["executor", "init"])
        var methodNames = NameRegistry(reserved: ["executor", "init"])
        var operations: [PlannedOperation] = []
        var tagObjects: [String: (tag: OpenAPI.Tag, pointer: String)] = [:]
        for (index, tag) in (document.tags ?? []).enumerated() where tagObjects[tag.name] == nil {
            tagObjects[tag.name] = (tag, JSONPointer(["tags", String(index)]).description)
        }

        func managerIndex(for tag: String?) -> Int {
            let key = tag ?? ""
            if let index = managerIndexByTag[key] { return index }
            let tagEntry = tag.flatMap { tagObjects[$0] }
            let tagObject = tagEntry?.tag
            let preferred = tagEntry.flatMap { extensions.string("x-swift-name", at: $0.pointer) }
                ?? tag.map { Naming.lowerCamelCase($0) } ?? "default"
            let property = managerProperties.claim(Naming.identifier(preferred, fallback: "default"))
            let typeName = typeNames.claim(Naming.capitalizingFirst(property) + "Manager")
            let docs = documentation(tagObject?.description, tagObject?.summary,
                                     fallback: tag.map { "Operations tagged `\($0)`." } ?? "Operations without a tag.")
            managers.append(PlannedManager(tag: tag, typeName: typeName, propertyName: property, documentation: docs))
            managerIndexByTag[key] = managers.count - 1
            return managers.count - 1
        }

        for (path, pathItemOrReference) in document.paths {
            let pathPointer = JSONPointer(["paths", path.rawValue])
            guard let pathItem = try? document.components.lookup(pathItemOrReference) else {
                diagnostics.warning(pathPointer, "the path item reference cannot be resolved; its operations are skipped")
                continue
            }
            for endpoint in pathItem.endpoints {
                let method = endpoint.method.rawValue.lowercased()
                let pointer = pathPointer.appending(method)
                guard Self.supportedMethods.contains(method) else {
                    diagnostics.warning(pointer, "HTTP method \(endpoint.method.rawValue) is not supported; operation skipped")
                    continue
                }
                let operation = endpoint.operation
                let preferred = extensions.string("x-swift-name", at: pointer.description)
                    ?? operation.operationId
                    ?? ([method] + path.components.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "{}")) })
                        .joined(separator: "_")
                let methodName = methodNames.claim(Naming.identifier(preferred, fallback: method))
                operations.append(PlannedOperation(
                    path: path.rawValue, method: method, operation: operation, pathItem: pathItem, pointer: pointer,
                    methodName: methodName, managerIndex: managerIndex(for: operation.tags?.first)))
            }
        }
        return (managers, operations)
    }

    /// Lowers every planned operation and returns the managers, sorted by property name.
    func lowerOperations(_ plan: (managers: [PlannedManager], operations: [PlannedOperation])) -> [ManagerModel] {
        var operationsByManager: [[OperationModel]] = Array(repeating: [], count: plan.managers.count)
        for (index, planned) in plan.operations.enumerated() {
            if let operation = lowerOperation(planned, group: plan.managers[planned.managerIndex].typeName) {
                operationsByManager[planned.managerIndex].append(operation)
            }
        }
        return plan.managers.enumerated().map { index, manager in
            ManagerModel(typeName: manager.typeName, propertyName: manager.propertyName,
                         documentation: manager.documentation, operations: operationsByManager[index],
                         handlerProtocolName: Naming.handlerProtocolName(managerTypeName: manager.typeName))
        }
        .sorted { Naming.unescaped($0.propertyName) < Naming.unescaped($1.propertyName) }
    }

    /// Lowers one operation, or returns `nil` (with a warning) when part of it cannot be
    /// expressed.
    private func lowerOperation(_ planned: PlannedOperation, group: String) -> OperationModel? {
        let operation = planned.operation
        let pointer = planned.pointer
        let typePrefix = Naming.capitalizingFirst(planned.methodName)

        guard let parameters = resolvedParameters(planned) else { return nil }
        var methodParameterNames = NameRegistry(reserved: ["requestBody", "queryParams", "headers", "request", "parts", "executor"])
        var pathParameters: [ParameterModel] = []
        var queryParameters: [ParameterModel] = []
        var headerParameters: [ParameterModel] = []
        var queryNames = NameRegistry()
        var headerNames = NameRegistry(reserved: ["extraHeaders"])
        var constants: [ConstantParameterModel] = []

        for (parameter, parameterPointer) in parameters {
            if let constant = constantParameter(parameter) {
                constants.append(constant)
                continue
            }
            guard let source = parameterSource(parameter, parameterPointer) else {
                if !skippable(parameter, parameterPointer, "parameters described by `content` other than JSON are not supported",
                              hint: "describe the value with `schema`, or with `content: application/json`") {
                    return nil
                }
                continue
            }
            let docs = documentation(parameter.description, fallback: "The `\(parameter.name)` parameter.")
            switch parameter.context {
            case .path:
                guard !source.isJSON else {
                    diagnostics.warning(parameterPointer, "path parameter `\(parameter.name)` is described by `content`; operation skipped")
                    return nil
                }
                let lowered = lowerSchema(source.schema, nameHint: typePrefix + Naming.typeName(parameter.name),
                                          group: group, pointer: source.schemaPointer)
                guard isScalar(lowered.type) else {
                    diagnostics.warning(parameterPointer, "path parameter `\(parameter.name)` is not a scalar; operation skipped")
                    return nil
                }
                pathParameters.append(ParameterModel(
                    name: methodParameterNames.claim(Naming.identifier(parameter.name)), wireName: parameter.name,
                    type: lowered.type, isRequired: true, documentation: docs, location: .path))
            case .query:
                let lowered = lowerSchema(source.schema,
                                          nameHint: Naming.fieldTypeName(owner: typePrefix + "QueryParams", wireName: parameter.name),
                                          group: group, pointer: source.schemaPointer)
                guard let serialization = querySerialization(lowered.type, source, parameterPointer) else {
                    if !skippable(parameter, parameterPointer, "query parameters of this type are not supported",
                                  hint: Self.parameterTypeHint) {
                        return nil
                    }
                    continue
                }
                queryParameters.append(ParameterModel(
                    name: queryNames.claim(Naming.identifier(parameter.name)), wireName: parameter.name,
                    type: lowered.type, isRequired: parameter.required, explode: source.explode,
                    documentation: docs, location: .query, serialization: serialization))
            case .header, .cookie:
                let isCookie = parameter.location == .cookie
                let lowered = lowerSchema(source.schema,
                                          nameHint: Naming.fieldTypeName(owner: typePrefix + (isCookie ? "Cookie" : "Headers"),
                                                                         wireName: parameter.name),
                                          group: group, pointer: source.schemaPointer)
                let serialization = isCookie
                    ? cookieSerialization(lowered.type, source, parameterPointer)
                    : headerSerialization(lowered.type, source, parameterPointer)
                guard let serialization else {
                    if !skippable(parameter, parameterPointer, "\(parameter.location.rawValue) parameters of this type are not supported",
                                  hint: Self.parameterTypeHint) {
                        return nil
                    }
                    continue
                }
                headerParameters.append(ParameterModel(
                    name: headerNames.claim(Naming.identifier(parameter.name)), wireName: parameter.name,
                    type: lowered.type, isRequired: parameter.required, explode: source.explode, documentation: docs,
                    location: isCookie ? .cookie : .header, serialization: serialization))
            case .querystring:
                if !skippable(parameter, parameterPointer, "\(parameter.location.rawValue) parameters are not supported",
                              hint: "describe the query's parameters one by one") {
                    return nil
                }
            }
        }

        versionConstant(planned, into: &constants)

        let placeholders = Self.placeholders(in: planned.path)
        for placeholder in placeholders where !pathParameters.contains(where: { $0.wireName == placeholder }) {
            diagnostics.warning(pointer, "the path placeholder `{\(placeholder)}` has no path parameter; operation skipped")
            return nil
        }
        pathParameters.sort { lhs, rhs in
            (placeholders.firstIndex(of: lhs.wireName) ?? Int.max) < (placeholders.firstIndex(of: rhs.wireName) ?? Int.max)
        }

        var body: RequestBodyModel?
        if let requestBody = operation.requestBody {
            switch lowerRequestBody(requestBody, typePrefix: typePrefix, group: group,
                                    pointer: pointer.appending("requestBody")) {
            case .body(let lowered): body = lowered
            case .leftOut: body = nil
            case .operationSkipped: return nil
            }
        }
        let response = lowerResponse(operation, typePrefix: typePrefix, group: group, pointer: pointer)
        let pagination = lowerPagination(planned, query: queryParameters, body: body, response: response)

        let orderedQuery = requiredFirst(queryParameters)
        let query = queryParameters.isEmpty ? nil : ParameterGroup(
            typeName: typeNames.claim(typePrefix + "QueryParams"),
            parameters: orderedQuery,
            runtimeTypeName: ParameterGroup.sharedRuntimeType(of: orderedQuery, isHeaders: false))
        let orderedHeaders = requiredFirst(headerParameters)
        let headers = ParameterGroup(typeName: typeNames.claim(typePrefix + "Headers"),
                                     parameters: orderedHeaders,
                                     runtimeTypeName: ParameterGroup.sharedRuntimeType(of: orderedHeaders, isHeaders: true))

        let summary = operation.summary?.trimmingWhitespaceAndNewlines() ?? ""
        let description = operation.description?.trimmingWhitespaceAndNewlines() ?? ""
        var docs = [summary, description].filter { !$0.isEmpty }.joined(separator: "\n\n")
        if docs.isEmpty { docs = "Calls `\(planned.method.uppercased()) \(planned.path)`." }
        if operation.deprecated { docs += "\n\n- Note: Deprecated by the API." }

        let server = serverId(for: planned)
        return OperationModel(
            methodName: planned.methodName,
            operationId: operation.operationId ?? planned.methodName,
            httpMethod: planned.method,
            serverId: server,
            pathTemplate: Self.requestPath(planned.path),
            documentation: docs,
            pathParameters: pathParameters,
            query: query,
            headers: headers,
            constantParameters: constants,
            body: body,
            response: response,
            requiresAuthentication: operation.security.map { !$0.isEmpty } ?? true,
            pagination: pagination,
            isDeclaredIdempotent: extensions.string("x-idempotent", at: planned.pointer.description) == "true",
            requiredScopes: extensions.string("x-box-scopes", at: planned.pointer.description).map {
                $0.split(whereSeparator: \.isWhitespace).map(String.init)
            },
            allowsRestrictedTokens: extensions.string("x-box-restricted-tokens", at: planned.pointer.description) == "true",
            isPathVariant: planned.path.contains("#"),
            serverConstantName: Naming.serverConstantName(server),
            sequenceMethodName: pagination.map { _ in Naming.sequenceMethodName(planned.methodName) }
        )
    }

    /// Path-level parameters merged with the operation's own (which win), resolved.
    private func resolvedParameters(_ planned: PlannedOperation) -> [(OpenAPI.Parameter, JSONPointer)]? {
        var result: [(OpenAPI.Parameter, JSONPointer)] = []
        let sources: [(OpenAPI.Parameter.Array, JSONPointer)] = [
            (planned.pathItem.parameters, JSONPointer(["paths", planned.path, "parameters"])),
            (planned.operation.parameters, planned.pointer.appending("parameters")),
        ]
        for (list, listPointer) in sources {
            for (index, item) in list.enumerated() {
                let parameterPointer = listPointer.appending(String(index))
                guard let parameter = try? document.components.lookup(item) else {
                    diagnostics.error(parameterPointer, "the parameter reference does not point to #/components/parameters")
                    return nil
                }
                result.removeAll { $0.0.name == parameter.name && $0.0.location == parameter.location }
                result.append((parameter, parameterPointer))
            }
        }
        return result
    }

    // MARK: Constants

    /// The header an operation's `x-box-version` sets.
    static let versionHeader = "box-version"

    /// A required header or query parameter whose schema allows exactly one value
    /// (`enum: ['2025.0']`; a `const` is read as that when loading) as a value generated
    /// code always sends, so no caller can leave it out or get it wrong; `nil` for others.
    private func constantParameter(_ parameter: OpenAPI.Parameter) -> ConstantParameterModel? {
        let location: ConstantParameterModel.Location
        switch parameter.context {
        case .header: location = .header
        case .query: location = .query
        default: return nil
        }
        guard parameter.required, case .a(let context) = parameter.schemaOrContent else { return nil }
        let written: JSONSchema
        switch context.schema {
        case .a(let reference): written = .reference(reference.jsonReference)
        case .b(let inline): written = inline
        }
        guard let schema = try? document.components.lookup(written), let allowed = schema.allowedValues,
              allowed.count == 1, let value = allowed.first.flatMap({ Self.constantText($0.value) }) else { return nil }
        return ConstantParameterModel(wireName: parameter.name, value: value, location: location)
    }

    /// A scalar enum value as it is sent.
    private static func constantText(_ value: Any) -> String? {
        switch value {
        case let text as String: text
        case let flag as Bool: flag ? "true" : "false"
        case let integer as Int: String(integer)
        case let number as Double: String(number)
        default: nil
        }
    }

    /// Adds the `box-version` header an operation's `x-box-version: "2025.0"` asks for,
    /// unless a parameter already sends the header (a different value there is a warning:
    /// the parameter, which describes the wire, wins).
    private func versionConstant(_ planned: PlannedOperation, into constants: inout [ConstantParameterModel]) {
        guard let version = extensions.string("x-box-version", at: planned.pointer.description) else { return }
        let pointer = planned.pointer.appending("x-box-version")
        guard !version.isEmpty else {
            diagnostics.warning(pointer, "`x-box-version` is empty; no version header is sent")
            return
        }
        if let existing = constants.first(where: { $0.location == .header && $0.wireName.lowercased() == Self.versionHeader }) {
            if existing.value != version {
                diagnostics.warning(pointer, "`x-box-version: \(version)` disagrees with the `\(existing.wireName)` parameter, "
                    + "whose one value `\(existing.value)` is sent")
            }
            return
        }
        constants.append(ConstantParameterModel(wireName: Self.versionHeader, value: version, location: .header))
    }

    /// What to change in the spec for a parameter whose type has no layout.
    static let parameterTypeHint = "use a scalar, an array of scalars or an object of those (nested objects with "
        + "`style: deepObject`), or send the value as JSON with `content: application/json`"

    /// Warns about an unsupported parameter; returns whether the operation can go on
    /// without it (only when it is optional).
    private func skippable(_ parameter: OpenAPI.Parameter, _ pointer: JSONPointer, _ reason: String,
                           hint: String) -> Bool {
        let kind = Diagnostic.Kind.skippedParameter(reason, hint: hint)
        if parameter.required {
            diagnostics.warning(pointer, "\(reason); operation skipped", kind: kind)
            return false
        }
        diagnostics.warning(pointer, "\(reason); parameter `\(parameter.name)` skipped", kind: kind)
        return true
    }

    private func requiredFirst(_ parameters: [ParameterModel]) -> [ParameterModel] {
        parameters.filter(\.isRequired) + parameters.filter { !$0.isRequired }
    }

    /// Whether a type can be written into a path segment.
    private func isScalar(_ type: TypeReference) -> Bool {
        switch type {
        case .string, .int64, .double, .bool:
            return true
        case .named:
            switch resolvedDeclaration(type) {
            case .openEnum?: return true
            default:
                if case .alias(let alias)? = type.namedType.flatMap({ declarations[$0] }) { return isScalar(alias.target) }
                return false
            }
        default:
            return false
        }
    }

    /// Whether a type conforms to the runtime's `QueryParameterValue`.
    private func isQueryValue(_ type: TypeReference) -> Bool {
        switch type {
        case .date: return true
        case .array(let element): return isScalar(element) || element == .date
        case .named:
            if case .alias(let alias)? = type.namedType.flatMap({ declarations[$0] }) { return isQueryValue(alias.target) }
            return isScalar(type)
        default: return isScalar(type)
        }
    }

    /// A parameter's schema and how the spec lays it out: its `schema` with `style` and
    /// `explode`, or the schema of its `content`'s JSON media type. `nil` for other content.
    private func parameterSource(_ parameter: OpenAPI.Parameter, _ pointer: JSONPointer) -> ParameterSource? {
        switch parameter.schemaOrContent {
        case .a(let context):
            let schema: JSONSchema
            switch context.schema {
            case .a(let reference): schema = .reference(reference.jsonReference)
            case .b(let inline): schema = inline
            }
            return ParameterSource(schema: schema, schemaPointer: pointer.appending("schema"), style: context.style,
                                   explode: context.explode, isJSON: false)
        case .b(let content):
            guard let (contentType, mediaOrReference) = content.first(where: { Self.isJSONMediaType($0.key.rawValue) }),
                  let media = try? document.components.lookup(mediaOrReference) else {
                return nil
            }
            let mediaPointer = pointer.appending("content", contentType.rawValue)
            return ParameterSource(schema: media.schema ?? JSONSchema.fragment, schemaPointer: mediaPointer.appending("schema"), style: .form,
                                   explode: false, isJSON: true)
        }
    }

    /// `application/json` and `…+json` media types.
    static func isJSONMediaType(_ contentType: String) -> Bool {
        let base = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return base == "application/json" || base.hasSuffix("+json")
    }

    /// How a query parameter is serialized, or `nil` when its type cannot be.
    private func querySerialization(_ type: TypeReference, _ source: ParameterSource,
                                    _ pointer: JSONPointer) -> ParameterModel.Serialization? {
        if source.isJSON { return .json }
        let style: ParameterModel.Style
        switch source.style {
        case .form: style = .form
        case .spaceDelimited: style = .spaceDelimited
        case .pipeDelimited: style = .pipeDelimited
        case .deepObject:
            style = .deepObject
        default:
            diagnostics.warning(pointer.appending("style"),
                                "style `\(source.style.rawValue)` is not defined for query parameters; `form` used")
            style = .form
        }
        if style == .form, isQueryValue(type) { return .plain }
        guard isStyledValue(type, depth: 0) else { return nil }
        // Only said of a value that is sent: one that cannot be is reported as skipped.
        if style == .deepObject, !isObjectValue(type) {
            diagnostics.warning(pointer.appending("style"), "`deepObject` applies to objects; this value is sent as `form`",
                                kind: .deepObjectNotObject)
        }
        return .styled(style)
    }

    /// How a header parameter is serialized (`simple`), or `nil` when its type cannot be.
    private func headerSerialization(_ type: TypeReference, _ source: ParameterSource,
                                     _ pointer: JSONPointer) -> ParameterModel.Serialization? {
        if source.isJSON { return .json }
        if source.style != .simple {
            diagnostics.warning(pointer.appending("style"),
                                "style `\(source.style.rawValue)` is not defined for header parameters; `simple` used")
        }
        if isQueryValue(type), !(source.explode && isObjectValue(type)) { return .plain }
        return isStyledValue(type, depth: 0) ? .styled(.simple) : nil
    }

    /// How a cookie parameter is serialized (`form`, or 3.2's `cookie`), or `nil` when its
    /// type cannot be.
    private func cookieSerialization(_ type: TypeReference, _ source: ParameterSource,
                                     _ pointer: JSONPointer) -> ParameterModel.Serialization? {
        if source.isJSON { return .json }
        let style: ParameterModel.Style
        switch source.style {
        case .form: style = .form
        case .cookie: style = .cookie
        default:
            diagnostics.warning(pointer.appending("style"),
                                "style `\(source.style.rawValue)` is not defined for cookie parameters; `form` used")
            style = .form
        }
        return isStyledValue(type, depth: 0) ? .styled(style) : nil
    }

    /// Whether a type is a generated struct (not a tuple, which is an array) or a dictionary.
    private func isObjectValue(_ type: TypeReference) -> Bool {
        if case .dictionary = type { return true }
        if case .structure(let structure)? = resolvedDeclaration(type) { return structure.coding != .tuple }
        return false
    }

    /// Whether the runtime can lay a value of this type out by a style: scalars, arrays of
    /// scalars, dictionaries of those, and structs whose properties are those or (a few
    /// levels deep, for `deepObject`) such structs.
    private func isStyledValue(_ type: TypeReference, depth: Int) -> Bool {
        if isQueryValue(type) { return true }
        switch type {
        case .dictionary(let value):
            return isQueryValue(value)
        case .named:
            guard depth < 4, case .structure(let structure)? = resolvedDeclaration(type),
                  structure.coding == .codable else { return false }
            return structure.properties.allSatisfy { isStyledValue($0.type, depth: depth + 1) }
        default:
            return false
        }
    }

    /// The path requests go to. Box's own spec tells apart several operations on one path
    /// with a fragment in the key (`/shared_items#folders`); the fragment is not sent.
    static func requestPath(_ key: String) -> String {
        key.firstIndex(of: "#").map { String(key[..<$0]) } ?? key
    }

    /// `{folder_id}` placeholders in a path, in order.
    static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var remainder = Substring(path)
        while let open = remainder.firstIndex(of: "{"), let close = remainder[open...].firstIndex(of: "}") {
            names.append(String(remainder[remainder.index(after: open)..<close]))
            remainder = remainder[remainder.index(after: close)...]
        }
        return names
    }

    /// The name of the operation's server (its own, else its path's, else the root's):
    /// `x-server-id`, else the server's description, else `default`.
    private func serverId(for planned: PlannedOperation) -> String {
        let candidates: [(OpenAPI.Server?, JSONPointer)] = [
            (planned.operation.servers?.first, planned.pointer.appending("servers", "0")),
            (planned.pathItem.servers?.first, JSONPointer(["paths", planned.path, "servers", "0"])),
            (document.servers.first, JSONPointer(["servers", "0"])),
        ]
        guard let (server, pointer) = candidates.first(where: { $0.0 != nil }), let server else { return "default" }
        let id: String
        if let named = extensions.string("x-server-id", at: pointer.description), !named.isEmpty {
            id = named
        } else if let description = server.description, !description.isEmpty {
            id = description
        } else {
            id = "default"
        }
        record(server, as: id, at: pointer)
        return id
    }

    /// Notes a server's URL under its name; a name given two URLs keeps the first, with a
    /// warning.
    private func record(_ server: OpenAPI.Server, as id: String, at pointer: JSONPointer) {
        let url = Self.resolvedURL(server)
        guard let existing = servers.first(where: { $0.id == id }) else {
            servers.append(ServerModel(id: id, url: url))
            return
        }
        if existing.url != url, !warnedServers.contains(id) {
            warnedServers.insert(id)
            diagnostics.warning(pointer.appending("url"),
                                "server `\(id)` has another URL, `\(existing.url)`, which is used for every operation it serves; "
                                    + "this one is ignored")
        }
    }

    /// A server's URL with each `{variable}` replaced by its default.
    static func resolvedURL(_ server: OpenAPI.Server) -> String {
        var url = server.urlTemplate.absoluteString
        for (name, variable) in server.variables {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
        }
        return url
    }
}
