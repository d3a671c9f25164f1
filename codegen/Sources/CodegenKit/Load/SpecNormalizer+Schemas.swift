/// The schema rules of ``SpecNormalizer``. Each reads and writes one schema object and
/// warns at the keyword it changed.
extension SpecNormalizer {
    static let knownTypes: Set<String> = ["string", "integer", "number", "boolean", "array", "object", "null"]

    /// Keywords that describe a schema without constraining it; they stay on the outer
    /// schema when its constraints move into an `allOf` / `anyOf` member.
    static let annotationKeys: Set<String> = ["title", "description", "deprecated", "readOnly", "writeOnly",
                                              "default", "example", "examples", "externalDocs", "xml", "$comment"]

    /// Keywords that only apply to one type, for splitting `type: [string, integer]`.
    static let keywordsByType: [String: Set<String>] = [
        "string": ["minLength", "maxLength", "pattern", "contentEncoding", "contentMediaType", "contentSchema"],
        "number": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "integer": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "array": ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains",
                  "maxContains", "unevaluatedItems"],
        "object": ["properties", "required", "additionalProperties", "patternProperties", "minProperties",
                   "maxProperties", "propertyNames", "unevaluatedProperties", "dependentRequired",
                   "dependentSchemas", "discriminator"],
    ]

    static let formatsByType: [String: Set<String>] = [
        "string": ["date", "date-time", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4",
                   "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
                   "relative-json-pointer", "regex", "byte", "binary", "password"],
        "integer": ["int32", "int64"],
        "number": ["float", "double"],
    ]

    /// Keys whose value is a schema or `true`/`false` meaning "allowed or not".
    private static let booleanAllowedKeys: Set<String> = ["additionalProperties", "unevaluatedProperties",
                                                          "unevaluatedItems"]

    func normalizeSchema(_ value: inout SpecValue, at pointer: JSONPointer) {
        switch value {
        case .object:
            value.withObject { normalizeSchemaObject(&$0, at: pointer) }
        case .bool(let allowed):
            guard let key = pointer.tokens.last, !Self.booleanAllowedKeys.contains(key) else { return }
            // OpenAPIKit reads only objects as schemas; `true` is `{}` and `false` is `{not: {}}`.
            value = allowed ? .object(SpecObject()) : .object(SpecObject(["not": .object(SpecObject())]))
        case .null:
            value = .object(SpecObject())
            diagnostics.warning(pointer, "the schema is empty; read as `{}` (any value)")
        default:
            value = .object(SpecObject())
            diagnostics.warning(pointer, "a schema must be an object; read as `{}` (any value)")
        }
    }

    private func normalizeSchemaObject(_ schema: inout SpecObject, at pointer: JSONPointer) {
        normalizeNullable(&schema, at: pointer)
        normalizeReferenceSiblings(&schema, at: pointer)
        guard schema["$ref"] == nil else { return }
        moveObjectKeywordsIntoAllOf(&schema)
        normalizeType(&schema, at: pointer)
        normalizeExclusiveBounds(&schema, at: pointer)
        normalizeNumbers(&schema, at: pointer)
        normalizeConst(&schema, at: pointer)
        normalizeEnum(&schema, at: pointer)
        normalizeFormat(&schema, at: pointer)
        normalizeSchemaExamples(&schema, at: pointer)
    }

    // MARK: nullable

    private func normalizeNullable(_ schema: inout SpecObject, at pointer: JSONPointer) {
        switch version {
        case .v3_0:
            // 3.0 ignores everything beside `$ref`; `allOf: [$ref]` is its way to make a reference nullable.
            guard schema["$ref"] != nil, schema["nullable"] == .bool(true) else { return }
            schema.removeValue(forKey: "nullable")
            wrap(&schema, in: "allOf", adding: nil)
            schema["nullable"] = .bool(true)
            diagnostics.warning(pointer.appending("nullable"),
                                "`nullable` beside `$ref` is ignored by OpenAPI 3.0; read as `allOf: [$ref]` with `nullable: true`",
                                kind: .nullableBesideReference30)
        case .v3_1:
            guard let flag = schema.removeValue(forKey: "nullable") else { return }
            let nullablePointer = pointer.appending("nullable")
            guard flag == .bool(true) else {
                diagnostics.warning(nullablePointer, "`nullable` is OpenAPI 3.0; removed", kind: .nullableFalseIn31)
                return
            }
            makeNullable(&schema)
            diagnostics.warning(nullablePointer, "`nullable` is OpenAPI 3.0; read as allowing `null` (`type: [..., 'null']`)",
                                kind: .nullableIn31)
        }
    }

    /// Adds `null` to what a schema allows, in the document version's own words.
    func makeNullable(_ schema: inout SpecObject) {
        if version == .v3_0 {
            schema["nullable"] = .bool(true)
            return
        }
        switch schema["type"] {
        case .string(let type)?:
            if type != "null" { schema["type"] = .array([.string(type), .string("null")]) }
        case .array(let types)?:
            if !types.contains(.string("null")) { schema["type"] = .array(types + [.string("null")]) }
        default:
            let nullSchema = SpecValue.object(SpecObject(["type": .string("null")]))
            if schema["$ref"] == nil, let keyword = ["oneOf", "anyOf"].first(where: { schema[$0]?.array != nil }),
               let members = schema[keyword]?.array {
                if !members.contains(nullSchema) { schema[keyword] = .array(members + [nullSchema]) }
            } else {
                wrap(&schema, in: "anyOf", adding: nullSchema)
            }
        }
    }

    /// Moves a schema's constraints into the first member of `keyword` (`anyOf: [{...},
    /// extra]`), keeping its annotations and extensions outside.
    private func wrap(_ schema: inout SpecObject, in keyword: String, adding extra: SpecValue?) {
        var outer = SpecObject()
        var inner = SpecObject()
        for entry in schema {
            if Self.annotationKeys.contains(entry.key) || entry.key.hasPrefix("x-") {
                outer[entry.key] = entry.value
            } else {
                inner[entry.key] = entry.value
            }
        }
        outer[keyword] = .array([.object(inner)] + (extra.map { [$0] } ?? []))
        schema = outer
    }

    // MARK: allOf siblings

    /// `allOf: [$ref]` beside `properties` means the referenced schema and these
    /// properties; OpenAPIKit keeps only the `allOf`, so the object's keywords become a member
    /// of it (the same meaning, in the form the model reads).
    private func moveObjectKeywordsIntoAllOf(_ schema: inout SpecObject) {
        guard case .array(let members)? = schema["allOf"] else { return }
        let objectKeys = Self.keywordsByType["object", default: []].subtracting(["discriminator"])
        guard schema.keys.contains(where: objectKeys.contains) else { return }
        var member = SpecObject(["type": .string("object")])
        for key in schema.keys where objectKeys.contains(key) {
            member[key] = schema.removeValue(forKey: key)
        }
        if schema["type"] == .string("object") { schema.removeValue(forKey: "type") }
        schema["allOf"] = .array(members + [.object(member)])
    }

    // MARK: $ref siblings

    private func normalizeReferenceSiblings(_ schema: inout SpecObject, at pointer: JSONPointer) {
        guard schema["$ref"] != nil else { return }
        let constraints = schema.keys.filter {
            $0 != "$ref" && !$0.hasPrefix("x-") && !Self.annotationKeys.contains($0) && $0 != "nullable"
        }
        guard !constraints.isEmpty else { return }
        let listed = constraints.map { "`\($0)`" }.joined(separator: ", ")
        // `type` and `format` only restate what the reference says; dropping them keeps the reference.
        let restating: Set<String> = ["type", "format"]
        if version == .v3_0 || constraints.allSatisfy(restating.contains) {
            for key in constraints { schema.removeValue(forKey: key) }
            let why = version == .v3_0 ? "OpenAPI 3.0 ignores keywords beside `$ref`" : "they restate the reference"
            diagnostics.warning(pointer, "\(listed) beside `$ref` removed: \(why)")
            return
        }
        for key in restating { schema.removeValue(forKey: key) }
        var reference = SpecObject()
        reference["$ref"] = schema.removeValue(forKey: "$ref")
        var rest = SpecObject()
        var outer = SpecObject()
        for entry in schema {
            if Self.annotationKeys.contains(entry.key) || entry.key.hasPrefix("x-") || entry.key == "nullable" {
                outer[entry.key] = entry.value
            } else {
                rest[entry.key] = entry.value
            }
        }
        outer["allOf"] = .array([.object(reference), .object(rest)])
        schema = outer
        diagnostics.warning(pointer, "\(listed) beside `$ref`: read as `allOf: [$ref, {\(constraints.joined(separator: ", "))}]`")
    }

    // MARK: type

    private func normalizeType(_ schema: inout SpecObject, at pointer: JSONPointer) {
        guard let type = schema["type"] else { return }
        let typePointer = pointer.appending("type")
        switch type {
        case .string(let name):
            if !Self.knownTypes.contains(name) {
                schema.removeValue(forKey: "type")
                diagnostics.warning(typePointer, "unknown type `\(name)` removed; any value is accepted", kind: .unknownType)
            } else if name == "null", version == .v3_0 {
                schema.removeValue(forKey: "type")
                schema["nullable"] = .bool(true)
                diagnostics.warning(typePointer, "`type: 'null'` is OpenAPI 3.1; read as `nullable: true`", kind: .nullType30)
            }
        case .array(let elements):
            normalizeTypeList(elements, in: &schema, at: typePointer)
        default:
            schema.removeValue(forKey: "type")
            diagnostics.warning(typePointer, "`type` must be a type name; removed, any value is accepted")
        }
    }

    private func normalizeTypeList(_ elements: [SpecValue], in schema: inout SpecObject, at typePointer: JSONPointer) {
        var names: [String] = []
        for element in elements {
            if let name = element.string, Self.knownTypes.contains(name), !names.contains(name) { names.append(name) }
        }
        let allowsNull = names.contains("null")
        let types = names.filter { $0 != "null" }
        let written = "`type: [\(elements.map { $0.scalarText ?? "…" }.joined(separator: ", "))]`"
        if version == .v3_1, types.count <= 1, names.count == elements.count { return }
        switch types.count {
        case 0:
            schema.removeValue(forKey: "type")
            if allowsNull {
                if version == .v3_1 { schema["type"] = .string("null") } else { schema["nullable"] = .bool(true) }
            }
            diagnostics.warning(typePointer, "\(written) names no usable type; \(allowsNull ? "only null" : "any value") is accepted")
        case 1:
            schema["type"] = .string(types[0])
            if allowsNull { makeNullable(&schema) }
            diagnostics.warning(typePointer, version == .v3_0
                ? "\(written) is OpenAPI 3.1; read as `type: \(types[0])`\(allowsNull ? " with `nullable: true`" : "")"
                : "\(written) has unknown entries; read as `type: \(types[0])`\(allowsNull ? " or null" : "")",
                kind: version == .v3_0 ? .typeList30 : nil)
        default:
            guard schema["oneOf"] == nil else {
                schema.removeValue(forKey: "type")
                diagnostics.warning(typePointer, "\(written) beside `oneOf` removed; the `oneOf` decides")
                return
            }
            splitTypes(types, allowsNull: allowsNull, in: &schema)
            // In 3.1 a list of types is JSON Schema's own way to write this union; the
            // `oneOf` the model reads (a Swift enum with a case per type) means the same.
            if version == .v3_0 {
                diagnostics.warning(typePointer, "\(written) is OpenAPI 3.1; read as `oneOf` with one schema per type",
                                    kind: .typeListSeveral30)
            }
        }
    }

    /// `type: [string, integer]` → `oneOf: [{type: string, ...}, {type: integer, ...}]`,
    /// each member taking the keywords (and `enum` values) of its type.
    private func splitTypes(_ types: [String], allowsNull: Bool, in schema: inout SpecObject) {
        schema.removeValue(forKey: "type")
        let enumValues = schema.removeValue(forKey: "enum")?.array
        let format = schema["format"]?.string
        var members: [SpecValue] = []
        var moved: Set<String> = []
        for type in types {
            var member = SpecObject(["type": .string(type)])
            for key in Self.keywordsByType[type] ?? [] {
                if let value = schema[key] {
                    member[key] = value
                    moved.insert(key)
                }
            }
            if let format, Self.formatsByType[type]?.contains(format) == true {
                member["format"] = .string(format)
                moved.insert("format")
            }
            if let enumValues {
                let matching = enumValues.filter { $0.jsonTypeName == type || (type == "number" && $0.jsonTypeName == "integer") }
                if !matching.isEmpty { member["enum"] = .array(matching) }
            }
            members.append(.object(member))
        }
        if allowsNull {
            members.append(.object(SpecObject(["type": .string("null")])))
        }
        for key in moved { schema.removeValue(forKey: key) }
        if version == .v3_0, allowsNull {
            members.removeLast()
            schema["nullable"] = .bool(true)
        }
        schema["oneOf"] = .array(members)
    }

    // MARK: Bounds and numbers

    /// Boolean `exclusiveMinimum` is 3.0; a number is 3.1. Each is read in the other's form.
    private func normalizeExclusiveBounds(_ schema: inout SpecObject, at pointer: JSONPointer) {
        for (exclusiveKey, boundKey) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            guard let exclusive = schema[exclusiveKey] else { continue }
            let exclusivePointer = pointer.appending(exclusiveKey)
            switch (version, exclusive) {
            case (.v3_1, .bool(let flag)):
                schema.removeValue(forKey: exclusiveKey)
                if flag, let bound = schema.removeValue(forKey: boundKey) {
                    schema[exclusiveKey] = bound
                    diagnostics.warning(exclusivePointer, "boolean `\(exclusiveKey)` is OpenAPI 3.0; read as `\(exclusiveKey): \(bound.scalarText ?? "…")`",
                                        kind: .booleanExclusiveBound31)
                } else {
                    diagnostics.warning(exclusivePointer, "boolean `\(exclusiveKey)` is OpenAPI 3.0; removed")
                }
            case (.v3_0, .number):
                schema[boundKey] = exclusive
                schema[exclusiveKey] = .bool(true)
                diagnostics.warning(exclusivePointer, "numeric `\(exclusiveKey)` is OpenAPI 3.1; read as `\(boundKey): \(exclusive.scalarText ?? "…")` with `\(exclusiveKey): true`",
                                    kind: .numericExclusiveBound30)
            default:
                break
            }
        }
    }

    /// Bounds and lengths a 64-bit integer or a finite double cannot hold (or that are
    /// not numbers) are dropped; numbers written as strings are read as numbers.
    private static let boundKeys = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]
    private static let countKeys = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
                                    "minContains", "maxContains"]
    private static let numericKeys = Set(boundKeys + countKeys)

    private func normalizeNumbers(_ schema: inout SpecObject, at pointer: JSONPointer) {
        // Most schemas have none of these keywords; one pass over the members says so.
        guard schema.entries.contains(where: { Self.numericKeys.contains($0.key) }) else { return }
        let isInteger = Self.isIntegerSchema(schema)
        let counts = Self.countKeys
        for key in Self.boundKeys + counts {
            guard var value = schema[key] else { continue }
            if case .bool = value, key.hasPrefix("exclusive") { continue }
            let keyPointer = pointer.appending(key)
            if case .string(let text) = value, SpecNumber.finiteDouble(text) != nil {
                value = .number(text)
                schema[key] = value
                diagnostics.warning(keyPointer, "`\(key)` is a string; read as the number \(text)")
            }
            guard case .number(let text) = value else {
                schema.removeValue(forKey: key)
                diagnostics.warning(keyPointer, "`\(key)` is not a number; removed")
                continue
            }
            let isCount = counts.contains(key)
            guard isCount || isInteger else {
                guard SpecNumber.finiteDouble(text) == nil else { continue }
                schema.removeValue(forKey: key)
                diagnostics.warning(keyPointer, "`\(key): \(text)` is out of range for a finite double; removed")
                continue
            }
            // Integers are compared on their written digits: `9.223372036854776e+18` reads
            // as the same `Double` as `Int64.max` but is larger than it.
            let range = isCount ? "a count (a non-negative 64-bit integer)" : "a 64-bit integer"
            switch SpecNumber.integerReading(text) {
            case .fits(let integer) where !isCount || integer >= 0:
                // `1e3` and `5.0` are whole numbers OpenAPIKit only reads as integers when
                // written as such.
                if String(integer) != text { schema[key] = .number(String(integer)) }
            case .outOfRange(let negative) where Self.limitsNothing(key, beyondRangeBelow: negative):
                // A minimum below -2^63 or a maximum above 2^63 - 1 (2^63 as documents
                // converted through doubles print `Int64.max`) excludes no value a 64-bit
                // integer holds: the Swift type says all the bound says.
                schema.removeValue(forKey: key)
            case .outOfRange(let negative) where !isCount && key != "multipleOf" && negative == key.hasSuffix("aximum"):
                // `minimum: 1e20`: the values the schema allows do not fit the Swift type.
                schema.removeValue(forKey: key)
                diagnostics.warning(keyPointer, "`\(key): \(text)` leaves no value a 64-bit integer holds; removed",
                                    kind: .boundExcludesEveryInteger)
            case .fits, .outOfRange, .notANumber:
                schema.removeValue(forKey: key)
                diagnostics.warning(keyPointer, "`\(key): \(text)` is out of range for \(range); removed")
            case .fractional:
                schema.removeValue(forKey: key)
                diagnostics.warning(keyPointer, "`\(key): \(text)` is not a whole number, which \(range) needs; removed")
            }
        }
    }

    /// Whether a bound beyond the 64-bit range, below it (`beyondRangeBelow`) or above,
    /// excludes no 64-bit value: a lower bound below the range, an upper bound above it.
    private static func limitsNothing(_ key: String, beyondRangeBelow: Bool) -> Bool {
        switch key {
        case "minimum", "exclusiveMinimum": beyondRangeBelow
        case "maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains": !beyondRangeBelow
        default: false
        }
    }

    /// Whether a schema's numbers are integers: `type: integer`, also beside `null` in a
    /// 3.1 type list (`nullable: true` becomes one before the bounds are looked at).
    private static func isIntegerSchema(_ schema: SpecObject) -> Bool {
        switch schema["type"] {
        case .string(let type)?:
            return type == "integer"
        case .array(let types)?:
            return types.contains(.string("integer")) && !types.contains(.string("number"))
        default:
            return false
        }
    }

    // MARK: const and enum

    /// `const: x` is read as `enum: [x]`, which is what the model stage understands; a
    /// missing `type` is taken from the value.
    private func normalizeConst(_ schema: inout SpecObject, at pointer: JSONPointer) {
        guard let value = schema.removeValue(forKey: "const") else { return }
        let constPointer = pointer.appending("const")
        guard schema["enum"] == nil else {
            diagnostics.warning(constPointer, "`const` beside `enum` removed; the `enum` decides")
            return
        }
        schema["enum"] = .array([value])
        // Without `type` the value says it: `const: file` allows one string and nothing else,
        // so reading it as `type: string` is the schema's own meaning, not a guess.
        if schema["type"] == nil, !Self.isComposite(schema), value != .null {
            schema["type"] = .string(value.jsonTypeName)
        }
        if version == .v3_0 {
            diagnostics.warning(constPointer, "`const` is OpenAPI 3.1; read as `enum: [\(value.scalarText ?? "…")]`", kind: .const30)
        }
    }

    private func normalizeEnum(_ schema: inout SpecObject, at pointer: JSONPointer) {
        guard let raw = schema["enum"] else { return }
        let enumPointer = pointer.appending("enum")
        var values: [SpecValue]
        if let list = raw.array {
            values = list
        } else {
            values = [raw]
            diagnostics.warning(enumPointer, "`enum` must be a list; read as `[\(raw.scalarText ?? "…")]`")
        }
        let hadNull = values.contains(.null)
        values.removeAll { $0 == .null }

        if schema["type"] == nil, !Self.isComposite(schema), !values.isEmpty {
            var kinds = Set(values.map(\.jsonTypeName))
            if kinds == ["integer", "number"] { kinds = ["number"] }
            if kinds.count == 1, let kind = kinds.first {
                // Values of one type allow nothing of another: the type is the values' own.
                schema["type"] = .string(kind)
            } else {
                schema.removeValue(forKey: "enum")
                diagnostics.warning(enumPointer, "`enum` mixes value types (\(kinds.sorted().joined(separator: ", "))); removed, any value is accepted")
                return
            }
        }
        if hadNull, !isNullable(schema) {
            makeNullable(&schema)
            diagnostics.warning(enumPointer, "`null` in `enum` is read as the schema allowing `null`")
        }
        if schema["type"] == .string("string") || schema["type"]?.array?.contains(.string("string")) == true {
            let others = values.filter { $0.string == nil }
            if !others.isEmpty {
                values = values.compactMap { value in value.string.map(SpecValue.string) ?? value.scalarText.map(SpecValue.string) }
                diagnostics.warning(enumPointer, "a string `enum` holds other values (\(others.map { $0.scalarText ?? "a list or object" }.joined(separator: ", "))); "
                    + "scalars are read as strings, lists and objects removed")
            }
        }
        if values.isEmpty {
            schema.removeValue(forKey: "enum")
        } else if values != raw.array {
            schema["enum"] = .array(values)
        }
    }

    private func isNullable(_ schema: SpecObject) -> Bool {
        switch version {
        case .v3_0: schema["nullable"] == .bool(true)
        case .v3_1: schema["type"] == .string("null") || schema["type"]?.array?.contains(.string("null")) == true
        }
    }

    static func isComposite(_ schema: SpecObject) -> Bool {
        ["allOf", "oneOf", "anyOf", "not", "$ref"].contains { schema[$0] != nil }
    }

    // MARK: format and examples

    private func normalizeFormat(_ schema: inout SpecObject, at pointer: JSONPointer) {
        guard let format = schema["format"] else { return }
        let formatPointer = pointer.appending("format")
        guard let name = format.string else {
            schema.removeValue(forKey: "format")
            diagnostics.warning(formatPointer, "`format` must be a string; removed")
            return
        }
        guard let type = schema["type"]?.string, Self.formatsByType[type] != nil,
              !Self.registeredFormats.contains(name) else { return }
        let swiftType = type == "string" ? "String" : type == "integer" ? "Int" : "Double"
        // One line for all of a type's unknown formats, however many schemas use them (`url`
        // on dozens of properties), each counted.
        diagnostics.append(Diagnostic(.warning, at: formatPointer.description, "unknown \(type) format '\(name)'",
                                      summary: Diagnostic.Summary(group: "unknown \(type) formats", item: "'\(name)'",
                                                                  places: "schemas", outcome: "read as \(swiftType)"),
                                      kind: .unknownFormat))
    }

    /// Formats that mean nothing more for a Swift type than the type itself says, or that
    /// the model reads (`date-time`, `int64`, `binary`, `password`): JSON Schema's and the
    /// OpenAPI Format Registry's, on any type (`int32` on a string, as some documents write
    /// string-encoded numbers, is read as a string). Only others are reported.
    static let registeredFormats: Set<String> = [
        // JSON Schema
        "date", "date-time", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
        "relative-json-pointer", "regex",
        // OpenAPI Format Registry
        "byte", "binary", "password", "base64url", "char", "commonmark", "html", "media-range", "http-date",
        "decimal", "decimal128", "double-int", "float", "double", "int8", "int16", "int32", "int64",
        "uint8", "uint16", "uint32", "uint64", "unixtime", "sf-binary", "sf-boolean", "sf-decimal", "sf-integer",
        "sf-string", "sf-token",
    ]

    /// In a schema, 3.1 has a list `examples` and 3.0 a single `example`.
    private func normalizeSchemaExamples(_ schema: inout SpecObject, at pointer: JSONPointer) {
        guard let examples = schema["examples"] else { return }
        let examplesPointer = pointer.appending("examples")
        switch (version, examples) {
        case (.v3_1, .array):
            return
        case (.v3_1, _):
            let values = examples.object.map { map in map.map { $0.value.object?["value"] ?? $0.value } } ?? [examples]
            schema["examples"] = .array(values)
            diagnostics.warning(examplesPointer, "`examples` in a schema is a list; read as one")
        case (.v3_0, _):
            schema.removeValue(forKey: "examples")
            let first = examples.array?.first ?? examples.object?.entries.first.map { $0.value.object?["value"] ?? $0.value }
            if schema["example"] == nil, let first { schema["example"] = first }
            diagnostics.warning(examplesPointer, "`examples` in a schema is OpenAPI 3.1; read as `example` (the first value)")
        }
    }
}
