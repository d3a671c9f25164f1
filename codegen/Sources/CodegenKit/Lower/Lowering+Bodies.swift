import OpenAPIKit

extension Lowering {
    // MARK: Request bodies

    /// Picks the body encoding the SDK supports best and lowers its schema; `nil` (with
    /// a warning) when no content type is supported.
    func lowerRequestBody(_ requestOrReference: Either<OpenAPI.Reference<OpenAPI.Request>, OpenAPI.Request>,
                          typePrefix: String, group: String, pointer: JSONPointer) -> LoweredRequestBody {
        guard let request = try? document.components.lookup(requestOrReference) else {
            diagnostics.error(pointer, "the request body reference does not point to #/components/requestBodies")
            return .operationSkipped
        }
        let docs = documentation(request.description, fallback: "The request body.")
        let candidates: [(type: String, content: OpenAPI.Content)] = request.content.compactMap { type, content in
            guard let content = try? document.components.lookup(content) else { return nil }
            return (type.rawValue, content)
        }
        let ranked = candidates.sorted { rank($0.type, $0.content) < rank($1.type, $1.content) }
        guard let chosen = ranked.first else {
            return leftOut(request, pointer: pointer, "a request body without content")
        }
        let contentPointer = pointer.appending("content", chosen.type, "schema")
        let mediaType = Self.mediaType(chosen.type)
        let kind: RequestBodyModel.Kind
        if Self.isJSON(mediaType) {
            let type = bodyType(chosen.content.schema, typePrefix: typePrefix, group: group, pointer: contentPointer)
            requestRoots.append(type)
            kind = .json(type, contentType: mediaType)
        } else if mediaType == "application/x-www-form-urlencoded" {
            let type = bodyType(chosen.content.schema, typePrefix: typePrefix, group: group, pointer: contentPointer)
            requestRoots.append(type)
            kind = .form(type)
        } else if mediaType == "multipart/form-data" {
            var encodings: [String: String] = [:]
            for (property, encoding) in chosen.content.encodingMap ?? [:] {
                encodings[property] = encoding.contentTypes.first?.rawValue
            }
            guard let multipart = lowerMultipart(chosen.content.schema, encodings: encodings, typePrefix: typePrefix,
                                                 group: group, pointer: contentPointer) else {
                return leftOut(request, pointer: contentPointer, "a multipart body needs an object schema with properties")
            }
            kind = multipart
        } else {
            kind = .binary(contentType: mediaType == "*/*" ? "application/octet-stream" : mediaType)
        }
        return .body(RequestBodyModel(kind: kind, isRequired: request.required, documentation: docs))
    }

    /// What became of a request body.
    enum LoweredRequestBody {
        case body(RequestBodyModel)
        /// The body cannot be expressed and is optional: the method sends none.
        case leftOut
        /// The body cannot be expressed and is required: the operation is skipped.
        case operationSkipped
    }

    /// Warns about a body that cannot be expressed: the smallest skip is the body when it
    /// is optional, the operation when not.
    private func leftOut(_ request: OpenAPI.Request, pointer: JSONPointer, _ reason: String) -> LoweredRequestBody {
        if request.required {
            diagnostics.warning(pointer, "\(reason); operation skipped")
            return .operationSkipped
        }
        diagnostics.warning(pointer, "\(reason); the optional body is left out")
        return .leftOut
    }

    /// Lower is better; anything else is sent as bytes with its own content type
    /// (`text/csv`, `application/xml`).
    private func rank(_ contentType: String, _ content: OpenAPI.Content) -> Int {
        let media = Self.mediaType(contentType)
        if media == "application/json" { return 0 }
        if Self.isJSON(media) { return 1 }
        if media == "application/x-www-form-urlencoded" { return 2 }
        if media == "multipart/form-data" { return 3 }
        if Self.isBinary(media, schema: content.schema) { return 4 }
        return 5
    }

    static func mediaType(_ contentType: String) -> String {
        String(contentType.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    static func isJSON(_ media: String) -> Bool {
        media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }

    /// Raw bytes: octet streams, wildcards, media files, or anything whose schema says
    /// `format: binary`.
    static func isBinary(_ media: String, schema: JSONSchema?) -> Bool {
        if media == "application/octet-stream" || media == "*/*" { return true }
        for prefix in ["image/", "video/", "audio/"] where media.hasPrefix(prefix) { return true }
        if ["application/pdf", "application/zip"].contains(media) { return true }
        return schema.map(isBinaryString) ?? false
    }

    /// `type: string` with `format: binary` (3.0 style) or a binary `contentEncoding` or
    /// `contentMediaType` (3.1 style).
    static func isBinaryString(_ schema: JSONSchema) -> Bool {
        guard case .string(let core, let string) = schema.value else { return false }
        if core.formatString == "binary" || string.contentEncoding == .binary { return true }
        if let media = string.contentMediaType?.rawValue, !media.hasPrefix("text/"), !isJSON(mediaType(media)) {
            return true
        }
        return false
    }

    /// The type of a JSON or form body; inline schemas are named `<Op>RequestBody`.
    private func bodyType(_ schema: JSONSchema?, typePrefix: String, group: String, pointer: JSONPointer) -> TypeReference {
        guard let schema else { return .jsonValue }
        return lowerSchema(schema, nameHint: typePrefix + "RequestBody", group: group, pointer: pointer).type
    }

    /// A multipart body: a struct whose properties become parts, binary ones streamed
    /// from a `ByteSource`.
    private func lowerMultipart(_ schema: JSONSchema?, encodings: [String: String],
                                typePrefix: String, group: String,
                                pointer: JSONPointer) -> RequestBodyModel.Kind? {
        guard let schema else { return nil }
        let owner = typePrefix + "RequestBody"
        let collected = collectObject(schema, pointer: pointer, ownerName: owner)
        guard !collected.properties.isEmpty else { return nil }
        let typeName = typeNames.claim(typePrefix + "RequestBody")
        var memberNames = NameRegistry()
        var properties: [PropertyDeclaration] = []
        var parts: [MultipartPartModel] = []
        for property in collected.properties {
            let name = memberNames.claim(Naming.identifier(property.wireName))
            let isRequired = collected.required.contains(property.wireName)
            let docs = documentation(property.schema.coreDescription, fallback: "The `\(property.wireName)` part.")
            let encodedAs = encodings[property.wireName]
            if Self.isBinaryString(property.schema) {
                let base = Naming.unescaped(name)
                let defaultType = encodedAs ?? "application/octet-stream"
                let fileName = memberNames.claim(base + "FileName")
                let contentType = memberNames.claim(base + "ContentType")
                properties.append(PropertyDeclaration(name: name, wireName: property.wireName, type: .byteSource,
                                                      isRequired: isRequired, documentation: docs))
                properties.append(PropertyDeclaration(
                    name: fileName, wireName: property.wireName, type: .string, isRequired: false,
                    documentation: "The file name sent with `\(property.wireName)`; the part's name when `nil`."))
                properties.append(PropertyDeclaration(
                    name: contentType, wireName: property.wireName, type: .string, isRequired: false,
                    documentation: "The content type of `\(property.wireName)`; `\(defaultType)` when `nil`."))
                parts.append(MultipartPartModel(propertyName: name, wireName: property.wireName,
                                                kind: .file(fileNameProperty: fileName, contentTypeProperty: contentType,
                                                            defaultContentType: defaultType),
                                                isOptional: !isRequired))
                continue
            }
            let lowered = lowerSchema(property.schema,
                                      nameHint: Naming.fieldTypeName(owner: property.ownerName ?? owner, wireName: property.wireName),
                                      group: group, pointer: property.pointer)
            requestRoots.append(lowered.type)
            let optional = !isRequired || lowered.isNullable
            properties.append(PropertyDeclaration(name: name, wireName: property.wireName, type: lowered.type,
                                                  isRequired: !optional, documentation: docs))
            parts.append(MultipartPartModel(propertyName: name, wireName: property.wireName,
                                            kind: lowered.type == .string ? .text(contentType: encodedAs) : .json,
                                            isOptional: optional))
        }
        declare(.structure(StructDeclaration(
            name: typeName, group: group,
            documentation: documentation(collected.description, fallback: "The parts of a multipart request."),
            properties: properties, coding: .none)))
        return .multipart(typeName: typeName, parts: parts)
    }

    // MARK: Responses

    /// What the first successful response with a body returns: decoded JSON (optional when a
    /// `204` is described too), a byte stream for anything else, nothing when no success
    /// response has a body.
    func lowerResponse(_ operation: OpenAPI.Operation, typePrefix: String, group: String,
                       pointer: JSONPointer) -> ResponseModel {
        let successes = operation.responses.filter { $0.key.isSuccess }.sorted { lhs, rhs in
            statusOrder(lhs.key) < statusOrder(rhs.key)
        }
        for (status, responseOrReference) in successes {
            let responsePointer = pointer.appending("responses", status.rawValue)
            guard let response = try? document.components.lookup(responseOrReference) else {
                diagnostics.error(responsePointer, "the response reference does not point to #/components/responses")
                return .none
            }
            guard !response.content.isEmpty else { continue }
            let docs = documentation(response.description, fallback: "The response.")
            if let (type, content) = response.content.first(where: { Self.isJSON(Self.mediaType($0.key.rawValue)) }) {
                let schema = (try? document.components.lookup(content))?.schema
                guard let schema else { return .json(.jsonValue, documentation: docs) }
                let lowered = lowerSchema(schema, nameHint: typePrefix + "Response", group: group,
                                          pointer: responsePointer.appending("content", type.rawValue, "schema"))
                // A 204 beside the JSON answer makes the result optional.
                let mayBeEmpty = successes.contains { statusOrder($0.key) == 204 }
                return mayBeEmpty ? .jsonIfPresent(lowered.type, documentation: docs) : .json(lowered.type, documentation: docs)
            }
            return .binary(documentation: docs)
        }
        return .none
    }

    private func statusOrder(_ status: OpenAPI.Response.StatusCode) -> Int {
        switch status.value {
        case .status(let code): code
        case .range: 299
        case .default: 999
        }
    }
}
