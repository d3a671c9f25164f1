/// Builds OpenAPI 3.0 JSON documents shaped like published API descriptions, for the
/// benchmarks: pretty-printed JSON, long Markdown descriptions on nearly everything,
/// examples, `nullable`, `allOf` chains four deep, inline objects nested four levels,
/// many string enums, shared error responses and every parameter style.
///
/// `realShapeJSON(operations: 300, schemas: 300)` is about 1.7 MB, like a real document
/// of that size.
extension SyntheticSpec {
    /// A JSON document with `operations` operations and `schemas` component schemas
    /// (at least 8; the error schema is one of them).
    package static func realShapeJSON(operations: Int, schemas: Int) -> String {
        let schemaCount = max(8, schemas)
        let tagCount = max(1, operations / 15)
        var paths: [(String, Node)] = []
        var produced = 0
        var index = 0
        while produced < operations {
            let tag = "Area \(index % tagCount)"
            let resource = "things\(index)"
            let target = 1 + index % (schemaCount - 1)
            var item: [(String, Node)] = [("parameters", .array([pathParameter()]))]
            item.append(("get", getOperation(index, tag: tag, target: target)))
            produced += 1
            if produced < operations {
                item.append((index % 2 == 0 ? "put" : "post", writeOperation(index, tag: tag, target: target)))
                produced += 1
            }
            if produced < operations, index % 3 == 0 {
                item.append(("delete", deleteOperation(index, tag: tag)))
                produced += 1
            }
            paths.append(("/\(resource)/{id}", .object(item)))
            index += 1
        }
        var schemaEntries: [(String, Node)] = [("Error", errorSchema())]
        for index in 1..<schemaCount {
            schemaEntries.append((schemaName(index), schema(index, schemaCount: schemaCount)))
        }
        let document: Node = .object([
            ("openapi", .string("3.0.3")),
            ("info", .object([
                ("title", .string("Real-shape API")),
                ("version", .string("2024.10")),
                ("description", .string(markdown(0, paragraphs: 6))),
                ("contact", .object([("name", .string("API team")), ("url", .string("https://example.com/support"))])),
            ])),
            ("servers", .array([.object([("url", .string("https://api.example.com/v2")),
                                          ("description", .string("Production"))])])),
            ("tags", .array((0..<tagCount).map { tag in
                .object([("name", .string("Area \(tag)")), ("description", .string(markdown(tag, paragraphs: 2)))])
            })),
            ("paths", .object(paths)),
            ("components", .object([
                ("schemas", .object(schemaEntries)),
                ("responses", .object([
                    ("NotFound", errorResponse("The resource does not exist or is not visible to the caller.")),
                    ("BadRequest", errorResponse("A parameter or the body is invalid; `context_info` says which.")),
                    ("Unexpected", errorResponse("An unexpected error.")),
                ])),
                ("securitySchemes", .object([
                    ("OAuth2", .object([
                        ("type", .string("oauth2")),
                        ("flows", .object([("clientCredentials", .object([
                            ("tokenUrl", .string("https://api.example.com/oauth2/token")),
                            ("scopes", .object([("read", .string("Read")), ("write", .string("Write"))])),
                        ]))])),
                    ])),
                ])),
            ])),
            ("security", .array([.object([("OAuth2", .array([]))])])),
        ])
        var text = ""
        text.reserveCapacity(2_000_000)
        document.write(into: &text, indent: 0)
        text += "\n"
        return text
    }

    // MARK: - Operations

    private static func pathParameter() -> Node {
        .object([
            ("name", .string("id")), ("in", .string("path")), ("required", .bool(true)),
            ("description", .string("The identifier of the resource, as returned when it was created.")),
            ("schema", .object([("type", .string("string")), ("example", .string("12345"))])),
        ])
    }

    private static func getOperation(_ index: Int, tag: String, target: Int) -> Node {
        var parameters: [Node] = [
            .object([
                ("name", .string("fields")), ("in", .string("query")), ("explode", .bool(false)),
                ("description", .string("Which fields to return besides the standard ones; see [fields](https://developer.example.com/fields).")),
                ("schema", .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))])),
            ]),
            .object([
                ("name", .string("limit")), ("in", .string("query")),
                ("description", .string("The maximum number of items to return per page.")),
                ("schema", .object([("type", .string("integer")), ("format", .string("int64")),
                                    ("minimum", .int(1)), ("maximum", .int(1000)), ("default", .int(100))])),
            ]),
            .object([
                ("name", .string("sort")), ("in", .string("query")),
                ("schema", .object([("type", .string("string")), ("enum", .array(["name", "date", "size"].map(Node.string)))])),
            ]),
            .object([
                ("name", .string("X-Request-Id")), ("in", .string("header")),
                ("description", .string("An identifier to correlate logs with.")),
                ("schema", .object([("type", .string("string"))])),
            ]),
        ]
        if index % 4 == 0 {
            parameters.append(.object([
                ("name", .string("filter")), ("in", .string("query")), ("style", .string("deepObject")),
                ("explode", .bool(true)),
                ("schema", .object([("type", .string("object")), ("properties", .object([
                    ("owner", .object([("type", .string("string"))])),
                    ("created_after", .object([("type", .string("string")), ("format", .string("date-time"))])),
                ]))])),
            ]))
        }
        return .object([
            ("tags", .array([.string(tag)])),
            ("summary", .string("Get thing \(index)")),
            ("description", .string(markdown(index, paragraphs: 3))),
            ("operationId", .string("getThing\(index)")),
            ("parameters", .array(parameters)),
            ("responses", .object([
                ("200", .object([
                    ("description", .string("The thing, with the fields asked for.")),
                    ("content", .object([("application/json", .object([
                        ("schema", ref(schemaName(target))),
                        ("example", example(index)),
                    ]))])),
                ])),
                ("304", .object([("description", .string("Not modified since the `If-None-Match` ETag."))])),
                ("400", .object([("$ref", .string("#/components/responses/BadRequest"))])),
                ("404", .object([("$ref", .string("#/components/responses/NotFound"))])),
                ("default", .object([("$ref", .string("#/components/responses/Unexpected"))])),
            ])),
        ])
    }

    private static func writeOperation(_ index: Int, tag: String, target: Int) -> Node {
        .object([
            ("tags", .array([.string(tag)])),
            ("summary", .string("Update thing \(index)")),
            ("description", .string(markdown(index + 11, paragraphs: 2))),
            ("operationId", .string("updateThing\(index)")),
            ("requestBody", .object([
                ("required", .bool(true)),
                ("content", .object([("application/json", .object([
                    ("schema", deepObject(index, depth: index % 2 == 0 ? 1 : 3, prefix: "update")),
                    ("example", example(index + 1)),
                ]))])),
            ])),
            ("responses", .object([
                ("200", .object([
                    ("description", .string("The updated thing.")),
                    ("content", .object([("application/json", .object([("schema", ref(schemaName(target)))]))])),
                ])),
                ("400", .object([("$ref", .string("#/components/responses/BadRequest"))])),
                ("404", .object([("$ref", .string("#/components/responses/NotFound"))])),
            ])),
        ])
    }

    private static func deleteOperation(_ index: Int, tag: String) -> Node {
        .object([
            ("tags", .array([.string(tag)])),
            ("summary", .string("Delete thing \(index)")),
            ("description", .string(markdown(index + 23, paragraphs: 2))),
            ("operationId", .string("deleteThing\(index)")),
            ("responses", .object([
                ("204", .object([("description", .string("Deleted."))])),
                ("404", .object([("$ref", .string("#/components/responses/NotFound"))])),
            ])),
        ])
    }

    /// An inline object four levels deep, with enums, nullable and documented properties.
    private static func deepObject(_ index: Int, depth: Int, prefix: String) -> Node {
        var properties: [(String, Node)] = [
            ("name", property("string", description: "The name shown to users; at most 255 characters.")),
            ("description", .object([("type", .string("string")), ("nullable", .bool(true)),
                                     ("description", .string("A description; `null` removes it."))])),
            ("state", .object([("type", .string("string")),
                               ("enum", .array(["draft", "active", "archived", "deleted"].map(Node.string)))])),
            ("priority", .object([("type", .string("integer")), ("minimum", .int(0)), ("maximum", .int(10))])),
        ]
        if depth < 3 {
            properties.append(("\(prefix)_settings", deepObject(index, depth: depth + 1, prefix: "level\(depth + 1)")))
            properties.append(("\(prefix)_entries", .object([
                ("type", .string("array")),
                ("items", .object([("type", .string("object")), ("properties", .object([
                    ("key", property("string", description: "The entry's key.")),
                    ("value", property("string", description: "The entry's value.")),
                ]))])),
            ])))
        }
        return .object([
            ("type", .string("object")),
            ("description", .string("Settings at level \(depth).")),
            ("required", .array([.string("name")])),
            ("properties", .object(properties)),
        ])
    }

    // MARK: - Schemas

    private static func schemaName(_ index: Int) -> String {
        index == 0 ? "Error" : "Thing\(index)"
    }

    private static func ref(_ name: String) -> Node {
        .object([("$ref", .string("#/components/schemas/\(name)"))])
    }

    private static func property(_ type: String, description: String, format: String? = nil) -> Node {
        var members: [(String, Node)] = [("type", .string(type)), ("description", .string(description))]
        if let format { members.append(("format", .string(format))) }
        return .object(members)
    }

    private static func schema(_ index: Int, schemaCount: Int) -> Node {
        switch index % 8 {
        case 0, 4:
            return objectSchema(index, schemaCount: schemaCount)
        case 1, 2, 3, 5:
            // An allOf chain: each link extends the one before it (1 → 2 → 3, 5 → 4...).
            let parent = index - 1
            return .object([
                ("description", .string(markdown(index, paragraphs: 2))),
                ("allOf", .array([
                    parent == 0 ? ref("Error") : ref(schemaName(parent)),
                    .object([
                        ("type", .string("object")),
                        ("properties", .object([
                            ("level\(index % 8)_count", property("integer", description: "How many there are.", format: "int64")),
                            ("level\(index % 8)_modified_at", .object([
                                ("type", .string("string")), ("format", .string("date-time")), ("nullable", .bool(true)),
                                ("description", .string("When it last changed; `null` when it never did.")),
                            ])),
                            ("level\(index % 8)_kind", enumSchema(index, values: 6)),
                        ])),
                    ]),
                ])),
            ])
        case 6:
            return enumSchema(index, values: 12 + index % 20)
        default:
            return .object([
                ("type", .string("object")),
                ("description", .string(markdown(index, paragraphs: 2))),
                ("properties", .object([
                    ("entries", .object([("type", .string("array")),
                                         ("items", ref(schemaName(max(1, (index + 3) % schemaCount))))])),
                    ("total_count", property("integer", description: "The number of entries in all pages.", format: "int64")),
                    ("next_marker", .object([("type", .string("string")), ("nullable", .bool(true)),
                                             ("description", .string("The marker of the next page; `null` on the last."))])),
                    ("metadata", .object([("type", .string("object")),
                                          ("additionalProperties", .object([("type", .string("string"))]))])),
                ])),
            ])
        }
    }

    private static func objectSchema(_ index: Int, schemaCount: Int) -> Node {
        let related = max(1, (index + 5) % schemaCount)
        var properties: [(String, Node)] = [
            ("id", property("string", description: "The unique identifier of this object.")),
            ("type", .object([("type", .string("string")), ("enum", .array([.string("thing_\(index)")])),
                              ("description", .string("The value `thing_\(index)`."))])),
            ("name", property("string", description: markdown(index * 3, paragraphs: 1))),
            ("created_at", property("string", description: "When it was created.", format: "date-time")),
            ("modified_at", .object([("type", .string("string")), ("format", .string("date-time")),
                                     ("nullable", .bool(true)), ("description", .string("When it last changed."))])),
            ("size", .object([("type", .string("integer")), ("format", .string("int64")), ("minimum", .int(0)),
                              ("description", .string("The size in bytes.")), ("example", .int(629644))])),
            ("status", enumSchema(index, values: 5)),
            ("owner", ref(schemaName(related))),
            ("tags", .object([("type", .string("array")), ("maxItems", .int(100)),
                              ("items", .object([("type", .string("string"))]))])),
            ("details", deepObject(index, depth: index % 16 == 0 ? 1 : 3, prefix: "details")),
        ]
        if index % 16 == 0 {
            properties.append(("permissions", .object([("type", .string("object")), ("properties", .object(
                ["can_download", "can_preview", "can_upload", "can_comment", "can_rename", "can_delete", "can_share"]
                    .map { ($0, property("boolean", description: "Whether the caller may do this.")) }))])))
        }
        return .object([
            ("type", .string("object")),
            ("description", .string(markdown(index, paragraphs: 2))),
            ("required", .array([.string("id"), .string("type")])),
            ("properties", .object(properties)),
            ("example", example(index)),
        ])
    }

    private static func enumSchema(_ index: Int, values: Int) -> Node {
        let words = ["pending", "active", "in_review", "approved", "rejected", "archived", "deleted", "locked",
                     "FILE.UPLOADED", "legacy-value", "v2", "other"]
        return .object([
            ("type", .string("string")),
            ("description", .string("The state; new values may be added.")),
            ("enum", .array((0..<values).map { .string(words[$0 % words.count] + ($0 < words.count ? "" : "_\($0)")) })),
            ("example", .string(words[index % words.count])),
        ])
    }

    private static func errorSchema() -> Node {
        .object([
            ("type", .string("object")),
            ("description", .string(markdown(1, paragraphs: 2))),
            ("required", .array([.string("status"), .string("code")])),
            ("properties", .object([
                ("type", .object([("type", .string("string")), ("enum", .array([.string("error")]))])),
                ("status", property("integer", description: "The HTTP status.")),
                ("code", enumSchema(3, values: 12)),
                ("message", property("string", description: "A message for developers.")),
                ("request_id", property("string", description: "Quote this when contacting support.")),
                ("context_info", .object([("type", .string("object")), ("additionalProperties", .object([]))])),
            ])),
        ])
    }

    private static func errorResponse(_ description: String) -> Node {
        .object([
            ("description", .string(description)),
            ("content", .object([("application/json", .object([
                ("schema", ref("Error")),
                ("example", .object([("type", .string("error")), ("status", .int(400)),
                                     ("code", .string("bad_request")), ("message", .string(description))])),
            ]))])),
        ])
    }

    private static func example(_ index: Int) -> Node {
        .object([
            ("id", .string("\(11_446_498 + index)")),
            ("type", .string("thing_\(index)")),
            ("name", .string("Contract \(index).pdf")),
            ("created_at", .string("2024-03-12T10:53:43-08:00")),
            ("size", .int(629_644 + index)),
            ("tags", .array([.string("approved"), .string("legal")])),
            ("owner", .object([("id", .string("\(index)")), ("name", .string("Aaron Levie")),
                               ("login", .string("ceo@example.com"))])),
        ])
    }

    // MARK: - Text

    private static let words = [
        "the", "item", "request", "returns", "folder", "file", "user", "enterprise", "token", "access", "shared",
        "link", "when", "collaboration", "permission", "version", "metadata", "template", "value", "field", "is",
        "must", "be", "can", "only", "retention", "policy", "legal", "hold", "webhook", "event", "stream", "page",
    ]

    /// Markdown like real API references: paragraphs, a list, a code block and links.
    static func markdown(_ seed: Int, paragraphs: Int) -> String {
        var text = ""
        var state = UInt64(truncatingIfNeeded: seed &* 2_654_435_761 &+ 97)
        func nextWord() -> String {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return words[Int((state >> 33) % UInt64(words.count))]
        }
        for paragraph in 0..<paragraphs {
            if paragraph > 0 { text += "\n\n" }
            switch paragraph % 4 {
            case 1:
                for _ in 0..<4 {
                    text += "* `\(nextWord())_\(nextWord())`: \(nextWord()) \(nextWord()) \(nextWord()) \(nextWord()).\n"
                }
                text += "* See [the guide](https://developer.example.com/guides/\(nextWord())) for details."
            case 3:
                text += "```json\n{\n  \"\(nextWord())\": \"\(nextWord())\",\n  \"limit\": 100\n}\n```"
            default:
                var sentence = "The"
                for word in 0..<24 {
                    sentence += " " + nextWord()
                    if word % 12 == 11 { sentence += ". The" }
                }
                text += sentence + " **" + nextWord() + "**."
            }
        }
        return text
    }

    // MARK: - JSON text

    /// A JSON value whose objects keep their members' order.
    indirect enum Node {
        case string(String)
        case int(Int)
        case bool(Bool)
        case array([Node])
        case object([(String, Node)])

        /// Pretty-printed like most published documents: two spaces, `"key": value`.
        func write(into text: inout String, indent: Int) {
            switch self {
            case .string(let value):
                Node.writeString(value, into: &text)
            case .int(let value):
                text += String(value)
            case .bool(let value):
                text += value ? "true" : "false"
            case .array(let elements):
                if elements.isEmpty { text += "[]"; return }
                text += "[\n"
                for (offset, element) in elements.enumerated() {
                    text += String(repeating: " ", count: indent + 2)
                    element.write(into: &text, indent: indent + 2)
                    text += offset == elements.count - 1 ? "\n" : ",\n"
                }
                text += String(repeating: " ", count: indent) + "]"
            case .object(let members):
                if members.isEmpty { text += "{}"; return }
                text += "{\n"
                for (offset, member) in members.enumerated() {
                    text += String(repeating: " ", count: indent + 2)
                    Node.writeString(member.0, into: &text)
                    text += ": "
                    member.1.write(into: &text, indent: indent + 2)
                    text += offset == members.count - 1 ? "\n" : ",\n"
                }
                text += String(repeating: " ", count: indent) + "}"
            }
        }

        private static func writeString(_ value: String, into text: inout String) {
            text += "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\t": text += "\\t"
                default:
                    if scalar.value < 0x20 {
                        text += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
            text += "\""
        }
    }
}
