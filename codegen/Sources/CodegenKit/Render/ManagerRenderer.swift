/// Renders a manager struct, its methods, and its operations' parameter structs.
enum ManagerRenderer {
    static func render(_ manager: ManagerModel, into writer: inout SwiftWriter) {
        writer.documentation(manager.documentation)
        writer.block("public struct \(manager.typeName): Sendable") { writer in
            writer.documentation("Sends the requests: authentication, retries and errors happen there.")
            writer.line("package let executor: any RequestExecutor")
            writer.line()
            writer.documentation("Creates a manager that sends its requests through `executor`.")
            writer.block("package init(executor: any RequestExecutor)") { writer in
                writer.line("self.executor = executor")
            }
            for operation in manager.operations {
                writer.line()
                renderMethod(operation, into: &writer)
                if let pagination = operation.pagination, let sequenceName = operation.sequenceMethodName {
                    writer.line()
                    renderSequenceMethod(operation, pagination, name: sequenceName, manager: manager, into: &writer)
                }
            }
        }
        for operation in manager.operations {
            let reference = "``\(manager.typeName)/\(methodSymbol(operation))``"
            if let query = operation.query {
                writer.line()
                renderParameterStruct(query, documentation: "The query parameters of \(reference).",
                                      extraHeaders: false, into: &writer)
            }
            writer.line()
            renderParameterStruct(operation.headers, documentation: "The headers of \(reference).",
                                  extraHeaders: true, into: &writer)
        }
    }

    /// `getFolderById(folderId:queryParams:headers:)`, for doc links.
    static func methodSymbol(_ operation: OperationModel) -> String {
        let labels = methodParameters(operation).map { "\(SwiftRenderer.bare($0.label)):" }
        return "\(SwiftRenderer.bare(operation.methodName))(\(labels.joined()))"
    }

    private struct MethodParameter {
        var label: String
        var declaration: String
        var documentation: String
    }

    private static func methodParameters(_ operation: OperationModel) -> [MethodParameter] {
        var parameters = operation.pathParameters.map { parameter in
            MethodParameter(label: parameter.name,
                            declaration: "\(parameter.name): \(SwiftRenderer.swiftType(parameter.type))",
                            documentation: parameter.documentation)
        }
        if let body = operation.body {
            let type = bodyType(body)
            parameters.append(MethodParameter(
                label: "requestBody",
                declaration: body.isRequired ? "requestBody: \(type)" : "requestBody: \(type)? = nil",
                documentation: body.documentation))
        }
        if let query = operation.query {
            let required = query.parameters.contains(where: \.isRequired)
            parameters.append(MethodParameter(
                label: "queryParams",
                declaration: required ? "queryParams: \(query.typeName)"
                    : "queryParams: \(query.typeName) = \(query.typeName)()",
                documentation: "The query parameters."))
        }
        let headersRequired = operation.headers.parameters.contains(where: \.isRequired)
        parameters.append(MethodParameter(
            label: "headers",
            declaration: headersRequired ? "headers: \(operation.headers.typeName)"
                : "headers: \(operation.headers.typeName) = \(operation.headers.typeName)()",
            documentation: "Headers to send; `extraHeaders` adds any others."))
        return parameters
    }

    private static func bodyType(_ body: RequestBodyModel) -> String {
        switch body.kind {
        case .json(let type, _), .form(let type): SwiftRenderer.swiftType(type)
        case .multipart(let typeName, _): typeName
        case .binary: "ByteSource"
        }
    }

    private static func renderMethod(_ operation: OperationModel, into writer: inout SwiftWriter) {
        let parameters = methodParameters(operation)
        writer.documentation(operation.documentation)
        writer.documentation("")
        if !operation.constantParameters.isEmpty {
            writer.documentation("Always sends " + constantsText(operation.constantParameters) + ".")
            writer.documentation("")
        }
        writeParameterDocs(parameters, into: &writer)
        let returnType: String
        switch operation.response {
        case .json(let type, let documentation):
            returnType = " -> " + SwiftRenderer.swiftType(type)
            writer.documentation("- Returns: " + firstLine(documentation))
        case .jsonIfPresent(let type, let documentation):
            returnType = " -> " + SwiftRenderer.swiftType(type) + "?"
            writer.documentation("- Returns: " + firstLine(documentation) + " `nil` when the server answers `204 No Content`.")
        case .binary(let documentation):
            returnType = " -> ByteStream"
            writer.documentation("- Returns: The body as it arrives: " + firstLine(documentation))
        case .none:
            returnType = ""
        }
        writer.documentation("- Throws: `BoxAPIError` for an error response, `BoxSDKError` or `BoxNetworkError` otherwise.")
        DeclarationRenderer.writeOpener(
            DeclarationRenderer.signature("public func \(operation.methodName)",
                                          parameters: parameters.map(\.declaration),
                                          suffix: " async throws" + returnType, indent: 4),
            into: &writer)
        writer.indent()
        renderBody(operation, into: &writer)
        writer.outdent()
        writer.line("}")
    }

    /// "the header `box-version: 2025.0`": what a method always sends, for its doc comment.
    private static func constantsText(_ constants: [ConstantParameterModel]) -> String {
        let items = constants.map { constant in
            switch constant.location {
            case .header: "the header `\(constant.wireName): \(constant.value)`"
            case .query: "the query parameter `\(constant.wireName)=\(constant.value)`"
            }
        }
        guard items.count > 1, let last = items.last else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `getFolderItemsSequence(...)`: the list operation as a `PagedSequence` that fetches
    /// pages lazily, with the same parameters (the position among them is managed by it).
    private static func renderSequenceMethod(_ operation: OperationModel, _ pagination: PaginationModel, name: String,
                                             manager: ManagerModel, into writer: inout SwiftWriter) {
        let parameters = methodParameters(operation)
        let itemType = SwiftRenderer.swiftType(pagination.itemType)
        let styleName = switch pagination.style {
        case .offset: "offset pagination"
        case .marker: "marker pagination"
        case .streamPosition: "`stream_position` pagination"
        }
        writer.documentation("Every item of ``\(manager.typeName)/\(methodSymbol(operation))``,")
        writer.documentation("fetched a page at a time as the sequence is iterated (\(styleName)).")
        writer.documentation("")
        switch pagination.style {
        case .marker where pagination.positionInBody:
            writer.documentation("The page size is the body's `limit`; the sequence moves the body's "
                + "`\(SwiftRenderer.bare(pagination.positionParameter))` itself, starting where `requestBody` says.")
        case .offset, .marker:
            writer.documentation("The page size is the query's `limit`; the sequence moves `\(SwiftRenderer.bare(pagination.positionParameter))` "
                + "itself, starting where `queryParams` says.")
        case .streamPosition:
            writer.documentation("The sequence ends when the stream has no newer events. Start from `\"now\"` to see "
                + "only new events, or from a position saved earlier.")
        }
        writer.documentation("")
        writeParameterDocs(parameters, into: &writer)
        writer.documentation("- Returns: The items, as an `AsyncSequence` that throws what the call throws.")
        DeclarationRenderer.writeOpener(
            DeclarationRenderer.signature("public func \(name)",
                                          parameters: parameters.map(\.declaration),
                                          suffix: " -> PagedSequence<\(itemType)>", indent: 4),
            into: &writer)
        writer.indent()
        let position = pagination.positionParameter
        let start: String
        let cursor: String
        switch pagination.style {
        case .offset:
            start = "queryParams.\(position) ?? 0"
            writer.line(".offsetPaginated(startingAt: \(start)) { offset in")
            cursor = "offset"
        case .marker, .streamPosition:
            let container = pagination.positionInBody ? "requestBody" : "queryParams"
            writer.line(".markerPaginated(startingAt: \(container).\(position)) { position in")
            cursor = "position"
        }
        writer.indent()
        let pagedLabel = pagination.positionInBody ? "requestBody" : "queryParams"
        writer.line("var page = \(pagedLabel)")
        for name in pagination.enablingParameters { writer.line("page.\(name) = true") }
        for name in pagination.clearedParameters { writer.line("page.\(name) = nil") }
        writer.line("page.\(position) = \(cursor)")
        let arguments = parameters.map { parameter in
            let label = SwiftRenderer.bare(parameter.label)
            return label == pagedLabel ? "\(pagedLabel): page" : "\(label): \(parameter.label)"
        }
        writer.line("let result = try await \(operation.methodName)(\(arguments.joined(separator: ", ")))")
        let items = pagination.itemsOptional ? "result.\(pagination.itemsProperty) ?? []" : "result.\(pagination.itemsProperty)"
        switch pagination.style {
        case .offset:
            let total = "result.\(pagination.nextProperty)"
            writer.line("return (\(items), \(total))")
        case .marker:
            writer.line("return (\(items), result.\(pagination.nextProperty))")
        case .streamPosition:
            writer.line("let items = \(items)")
            writer.line("// An empty page means the stream is caught up.")
            writer.line("return (items, items.isEmpty ? nil : result.\(pagination.nextProperty))")
        }
        writer.outdent()
        writer.line("}")
        writer.outdent()
        writer.line("}")
    }

    /// The `- Parameters:` list of a method's doc comment, one line per parameter.
    private static func writeParameterDocs(_ parameters: [MethodParameter], into writer: inout SwiftWriter) {
        writer.documentation("- Parameters:")
        for parameter in parameters {
            writer.documentation("  - \(SwiftRenderer.bare(parameter.label)): \(firstLine(parameter.documentation))")
        }
    }

    private static func firstLine(_ text: String) -> String {
        // The first non-empty line, found on bytes (descriptions are long); text with
        // carriage returns keeps `Character` splitting, where `\r\n` is one character.
        guard !text.utf8.contains(UInt8(ascii: "\r")) else {
            return (text.split(separator: "\n").first.map(String.init) ?? "").trimmingTrailingWhitespace()
        }
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            if end > start { return String(SwiftWriter.trimmingTrailingWhitespace(text[start..<end])) }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        return ""
    }

    private static func renderBody(_ operation: OperationModel, into writer: inout SwiftWriter) {
        var arguments = [
            "operationId: \(SwiftRenderer.literal(operation.operationId))",
            "method: .\(operation.httpMethod)",
            "server: .\(operation.serverConstantName)",
            "pathTemplate: \(SwiftRenderer.literal(operation.pathTemplate))",
        ]
        if !operation.pathParameters.isEmpty {
            let entries = operation.pathParameters.map { parameter in
                "\(SwiftRenderer.literal(parameter.wireName)): \(pathValue(parameter))"
            }
            arguments.append("pathParameters: [\(entries.joined(separator: ", "))]")
        }
        if !operation.requiresAuthentication { arguments.append("requiresAuthentication: false") }
        if operation.isDeclaredIdempotent { arguments.append("isDeclaredIdempotent: true") }
        let single = "var request = RequestDescription(\(arguments.joined(separator: ", ")))"
        if single.count + 8 <= 120 {
            writer.line(single)
        } else {
            writer.line("var request = RequestDescription(")
            for (index, argument) in arguments.enumerated() {
                writer.line("    " + argument + (index == arguments.count - 1 ? "" : ","))
            }
            writer.line(")")
        }
        for constant in operation.constantParameters {
            let name = SwiftRenderer.literal(constant.wireName)
            let value = SwiftRenderer.literal(constant.value)
            switch constant.location {
            case .header: writer.line("request.setHeader(\(name), \(value))")
            case .query: writer.line("request.query.add(\(name), \(value))")
            }
        }
        for parameter in operation.query?.parameters ?? [] {
            writer.line(queryStatement(parameter))
        }
        for parameter in operation.headers.parameters {
            writer.line(headerStatement(parameter))
        }
        writer.line("request.setHeaders(headers.extraHeaders)")
        if let body = operation.body {
            renderRequestBody(body, into: &writer)
        }
        switch operation.response {
        case .json(let type, _):
            writer.line("return try await executor.json(request, as: \(SwiftRenderer.swiftType(type)).self)")
        case .jsonIfPresent(let type, _):
            writer.line("return try await executor.jsonIfPresent(request, as: \(SwiftRenderer.swiftType(type)).self)")
        case .binary:
            writer.line("return try await executor.stream(request)")
        case .none:
            writer.line("try await executor.send(request)")
        }
    }

    /// The call that adds a query parameter; the runtime lays the value out.
    private static func queryStatement(_ parameter: ParameterModel) -> String {
        let name = SwiftRenderer.literal(parameter.wireName)
        let value = "queryParams.\(parameter.name)"
        switch parameter.serialization {
        case .plain:
            let explode = parameter.explode && isArray(parameter.type) ? ", explode: true" : ""
            return "request.query.add(\(name), \(value)\(explode))"
        case .styled(let style):
            return "try request.query.add(\(name), \(value), style: .\(runtimeStyle(style)), explode: \(parameter.explode))"
        case .json:
            return "try request.query.addJSON(\(name), \(value))"
        }
    }

    /// The call that sets a header or adds a cookie.
    private static func headerStatement(_ parameter: ParameterModel) -> String {
        let name = SwiftRenderer.literal(parameter.wireName)
        let value = "headers.\(parameter.name)"
        switch (parameter.location, parameter.serialization) {
        case (.cookie, .json):
            return "try request.addJSONCookie(\(name), \(value))"
        case (.cookie, .styled(.cookie)):
            return "try request.addCookie(\(name), \(value), style: .cookie, explode: \(parameter.explode))"
        case (.cookie, _):
            return "try request.addCookie(\(name), \(value), explode: \(parameter.explode))"
        case (_, .json):
            return "try request.setJSONHeader(\(name), \(value))"
        case (_, .styled):
            return "try request.setHeader(\(name), \(value), explode: \(parameter.explode))"
        case (_, .plain):
            return "request.setHeader(\(name), \(headerValue(parameter)))"
        }
    }

    /// The runtime's `ParameterStyle` member for a style (headers use `simple`, which the
    /// runtime's header call implies).
    private static func runtimeStyle(_ style: ParameterModel.Style) -> String {
        switch style {
        case .form, .simple: "form"
        case .spaceDelimited: "spaceDelimited"
        case .pipeDelimited: "pipeDelimited"
        case .deepObject: "deepObject"
        case .cookie: "cookie"
        }
    }

    private static func isArray(_ type: TypeReference) -> Bool {
        if case .array = type { return true }
        return false
    }

    /// A path parameter as the string the runtime escapes into the path.
    private static func pathValue(_ parameter: ParameterModel) -> String {
        switch parameter.type {
        case .string: parameter.name
        case .named: "\(parameter.name).queryParameterStrings.joined(separator: \",\")"
        default: "String(\(parameter.name))"
        }
    }

    private static func headerValue(_ parameter: ParameterModel) -> String {
        let access = "headers.\(parameter.name)"
        if parameter.type == .string { return access }
        let optional = parameter.isRequired ? "" : "?"
        return "\(access)\(optional).queryParameterStrings.joined(separator: \",\")"
    }

    private static func renderRequestBody(_ body: RequestBodyModel, into writer: inout SwiftWriter) {
        let value = "requestBody"
        var statements: [String] = []
        switch body.kind {
        case .json(_, let contentType):
            statements = contentType == "application/json"
                ? ["request.body = .json(\(value))"]
                : ["request.body = .json(\(value), contentType: \(SwiftRenderer.literal(contentType)))"]
        case .form:
            statements = ["request.body = .form(\(value))"]
        case .binary(let contentType):
            statements = ["request.body = .binary(\(value), contentType: \(SwiftRenderer.literal(contentType)))"]
        case .multipart(_, let parts):
            statements = ["var parts: [MultipartPart] = []"]
            for part in parts {
                let access = "\(value).\(part.propertyName)"
                let name = SwiftRenderer.literal(part.wireName)
                let source = part.isOptional ? "value" : access
                let append: String
                switch part.kind {
                case .json:
                    append = "parts.append(try MultipartPart.json(name: \(name), value: \(source)))"
                case .text(nil):
                    append = "parts.append(MultipartPart.text(name: \(name), value: \(source)))"
                case .text(let contentType?):
                    append = "parts.append(MultipartPart(name: \(name), contentType: \(SwiftRenderer.literal(contentType)), "
                        + "source: .bytes(Array(\(source).utf8))))"
                case .file(let fileNameProperty, let contentTypeProperty, let defaultContentType):
                    append = "parts.append(MultipartPart(name: \(name), filename: \(value).\(fileNameProperty) ?? \(name), "
                        + "contentType: \(value).\(contentTypeProperty) ?? \(SwiftRenderer.literal(defaultContentType)), "
                        + "source: \(source)))"
                }
                if part.isOptional {
                    statements.append("if let value = \(access) {")
                    statements.append("    " + append)
                    statements.append("}")
                } else {
                    statements.append(append)
                }
            }
            statements.append("request.body = .multipart(parts)")
        }
        if body.isRequired {
            for statement in statements { writer.line(statement) }
        } else {
            writer.block("if let requestBody") { writer in
                for statement in statements { writer.line(statement) }
            }
        }
    }

    /// A struct of query or header parameters with a memberwise `init`, or a name for the
    /// runtime's shared struct when the group holds only what that struct holds.
    private static func renderParameterStruct(_ group: ParameterGroup, documentation: String, extraHeaders: Bool,
                                              into writer: inout SwiftWriter) {
        writer.documentation(documentation)
        if let shared = group.runtimeTypeName {
            writer.line("public typealias \(group.typeName) = \(shared)")
            return
        }
        writer.block("public struct \(group.typeName): Sendable") { writer in
            var initParameters: [String] = []
            for parameter in group.parameters {
                let type = SwiftRenderer.swiftType(parameter.type) + (parameter.isRequired ? "" : "?")
                writer.documentation(parameter.documentation)
                writer.line("public var \(parameter.name): \(type)")
                initParameters.append("\(parameter.name): \(type)" + (parameter.isRequired ? "" : " = nil"))
            }
            if extraHeaders {
                writer.documentation("More headers to send, by name; a `nil` value removes a header the SDK would send.")
                writer.line("public var extraHeaders: [String: String?]")
                initParameters.append("extraHeaders: [String: String?] = [:]")
            }
            writer.line()
            writer.documentation("Creates the parameters; optional ones default to `nil`.")
            DeclarationRenderer.writeOpener(
                DeclarationRenderer.signature("public init", parameters: initParameters, suffix: "", indent: 4),
                into: &writer)
            writer.indent()
            for parameter in group.parameters {
                writer.line("self.\(parameter.name) = \(parameter.name)")
            }
            if extraHeaders { writer.line("self.extraHeaders = extraHeaders") }
            writer.outdent()
            writer.line("}")
        }
    }
}
