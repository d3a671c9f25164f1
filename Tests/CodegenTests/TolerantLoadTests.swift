import CodegenKit
import OpenAPIKit
import Testing

/// One fixture per construct real documents get wrong: each loads, reads as the document
/// meant, and says what was rewritten with a warning at the keyword's JSON pointer.
@Suite("Stage 1: tolerant loading")
struct TolerantLoadTests {
    /// Loads a fixture below `Fixtures/tolerant`, requiring a document and no errors.
    private func load(_ name: String) throws -> (document: OpenAPI.Document, warnings: [String]) {
        let result = try TestSupport.load("tolerant/\(name)")
        let document = try #require(result.document, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        return (document, result.diagnostics.filter { $0.severity == .warning }.map(\.location))
    }

    private func property(_ name: String, of component: String, in document: OpenAPI.Document) throws -> JSONSchema {
        let key = try #require(OpenAPI.ComponentKey(rawValue: component))
        let schema = try #require(document.components.schemas[key], "no component \(component)")
        return try #require(schema.objectContext?.properties[name], "no property \(name) in \(component)")
    }

    @Test("bounds beyond 64-bit integers or doubles are dropped; Int64.max and Int64.min are kept (JSON input)")
    func boundsOutOfRange() throws {
        let (document, warnings) = try load("bounds-out-of-range.json")
        let value = try property("value", of: "Counter", in: document)
        #expect(value.integerContext?.maximum?.value == Int.max)
        #expect(value.integerContext?.minimum?.value == Int.min)
        // Beyond the range on the side they limit nothing, bounds exclude no 64-bit value: silent.
        #expect(try property("huge", of: "Counter", in: document).integerContext?.maximum == nil)
        let vast = try property("vast", of: "Counter", in: document)
        #expect(vast.integerContext?.minimum == nil && vast.integerContext?.maximum == nil)
        // A bound no 64-bit integer satisfies is said, with what to change.
        #expect(try property("impossible", of: "Counter", in: document).integerContext?.minimum == nil)
        #expect(try property("ratio", of: "Counter", in: document).numberContext?.maximum == nil)
        #expect(warnings == ["#/components/schemas/Counter/properties/impossible/minimum",
                             "#/components/schemas/Counter/properties/ratio/maximum"])
        let result = try TestSupport.generate("tolerant/bounds-out-of-range.json")
        #expect(result.diagnostics.first?.description == "warning: #/components/schemas/Counter/properties/impossible/"
            + "minimum: `minimum: 1e20` leaves no value a 64-bit integer holds; removed: values beyond 64 bits do not "
            + "fit Swift's `Int`: describe them as `type: string`")
    }

    @Test("integer bounds written as floats are compared on their digits: 2^63 and 2^64 are dropped silently, 1e3 and Int64.max read as integers")
    func floatIntegerBounds() throws {
        let (document, warnings) = try load("float-integer-bounds.yaml")
        let seed = try property("seed", of: "CompletionRequest", in: document)
        #expect(seed.integerContext?.maximum == nil && seed.integerContext?.minimum == nil && seed.nullable)
        #expect(try property("listed_seed", of: "CompletionRequest", in: document).integerContext?.maximum == nil)
        #expect(try property("unsigned", of: "CompletionRequest", in: document).integerContext?.maximum == nil)
        let thousand = try property("thousand", of: "CompletionRequest", in: document)
        #expect(thousand.integerContext?.maximum?.value == 1000)
        #expect(thousand.integerContext?.minimum?.value == 10)
        let exact = try property("exact_max", of: "CompletionRequest", in: document)
        #expect(exact.integerContext?.maximum?.value == Int.max)
        #expect(exact.integerContext?.minimum?.value == Int.min)
        #expect(try property("half", of: "CompletionRequest", in: document).integerContext?.minimum == nil)
        #expect(try property("name", of: "CompletionRequest", in: document).stringContext?.maxLength == 200)
        #expect(try property("ratio", of: "CompletionRequest", in: document).numberContext?.maximum?.value
            == 9.223372036854776e18)
        let base = "#/components/schemas/CompletionRequest/properties"
        // -2^63 as a float is below Int64.min on its digits, 2^63 and 2^64 above Int64.max:
        // each excludes no 64-bit value, so dropping it loses nothing.
        #expect(warnings == ["\(base)/seed/nullable", "\(base)/half/minimum"])
    }

    @Test("a boolean exclusiveMinimum in 3.1 takes the value of minimum")
    func booleanExclusiveBoundIn31() throws {
        let (document, warnings) = try load("exclusive-bounds-31.yaml")
        let width = try property("width", of: "Size", in: document)
        #expect(width.integerContext?.minimum?.value == 0)
        #expect(width.integerContext?.minimum?.exclusive == true)
        #expect(warnings == ["#/components/schemas/Size/properties/width/exclusiveMinimum"])
    }

    @Test("a numeric exclusiveMaximum in 3.0 becomes maximum with exclusiveMaximum: true")
    func numericExclusiveBoundIn30() throws {
        let (document, warnings) = try load("exclusive-bounds-30.yaml")
        let width = try property("width", of: "Size", in: document)
        #expect(width.numberContext?.maximum?.value == 100)
        #expect(width.numberContext?.maximum?.exclusive == true)
        #expect(warnings == ["#/components/schemas/Size/properties/width/exclusiveMaximum"])
    }

    @Test("nullable in 3.1 allows null, also beside $ref")
    func nullableIn31() throws {
        let (document, warnings) = try load("nullable-31.yaml")
        let text = try property("text", of: "Note", in: document)
        #expect(text.jsonType == .string && text.nullable)
        #expect(try property("author", of: "Note", in: document).nullable)
        #expect(warnings == ["#/components/schemas/Note/properties/text/nullable",
                             "#/components/schemas/Note/properties/author/nullable"])

        let (model, _) = try TestSupport.model("tolerant/nullable-31.yaml")
        let author = try TestSupport.structure("Note", in: model).property("author")
        #expect(author.type == .named("Author") && author.isNullable)
    }

    @Test("3.1 forms in a 3.0 document: type arrays with null, const and schema examples")
    func forms31In30() throws {
        let (document, warnings) = try load("forms-31-in-30.yaml")
        let text = try property("text", of: "Note", in: document)
        #expect(text.jsonType == .string && text.nullable)
        #expect(try property("kind", of: "Note", in: document).allowedValues == ["note"])
        #expect(try property("tags", of: "Note", in: document).examples == [AnyCodable(["a", "b"])])
        #expect(try property("amount", of: "Note", in: document).subschemas.map(\.jsonType) == [.string, .integer])
        #expect(warnings == ["#/components/schemas/Note/properties/text/type",
                             "#/components/schemas/Note/properties/kind/const",
                             "#/components/schemas/Note/properties/tags/examples",
                             "#/components/schemas/Note/properties/amount/type"])
        let result = try TestSupport.generate("tolerant/forms-31-in-30.yaml")
        #expect(result.diagnostics.map(\.description).contains("warning: #/components/schemas/Note/properties/amount/type: "
            + "`type: [string, integer]` is OpenAPI 3.1; read as `oneOf` with one schema per type: write `oneOf` with one "
            + "schema per type"))
    }

    @Test("examples written as a list or bare values are read as example / Example Objects")
    func exampleWhereExamplesExpected() throws {
        let (document, warnings) = try load("example-for-examples.yaml")
        let operation = try #require(document.paths["/search"]?.pathItemValue?.get)
        let parameter = try #require(operation.parameters.first?.parameterValue)
        let schemaContext = try #require(parameter.schemaOrContent.schemaContextValue)
        #expect(schemaContext.example == "cats")
        #expect(schemaContext.examples == nil)
        let content = try #require(operation.responses[status: 200]?.b?.content[.json]?.b)
        #expect(content.examples?["total"] != nil)
        let total = try #require(content.schema?.objectContext?.properties["total"])
        #expect(total.examples == [3])
        let base = "#/paths/~1search/get"
        #expect(warnings == ["\(base)/parameters/0/examples",
                             "\(base)/responses/200/content/application~1json/examples",
                             "\(base)/responses/200/content/application~1json/schema/properties/total/examples"])
    }

    @Test("an operation without responses returns nothing")
    func operationWithoutResponses() throws {
        let (document, warnings) = try load("no-responses.yaml")
        let operation = try #require(document.paths["/pings"]?.pathItemValue?.post)
        #expect(operation.responses.keys.map(\.rawValue) == ["default"])
        #expect(warnings == ["#/paths/~1pings/post"])
        let (model, _) = try TestSupport.model("tolerant/no-responses.yaml")
        #expect(try TestSupport.operation("ping", in: model).response == .none)
    }

    @Test("type arrays: one type with null is kept, several types become a oneOf with their keywords, silently in 3.1")
    func typeArrays() throws {
        let (document, warnings) = try load("type-arrays.yaml")
        let label = try property("label", of: "Value", in: document)
        #expect(label.jsonType == .string && label.nullable)
        let amount = try property("amount", of: "Value", in: document)
        #expect(amount.subschemas.map(\.jsonType) == [.string, .integer, .null])
        #expect(amount.subschemas.first?.stringContext?.maxLength == 20)
        #expect(amount.subschemas.dropFirst().first?.integerContext?.minimum?.value == 0)
        #expect(warnings.isEmpty)

        let (model, _) = try TestSupport.model("tolerant/type-arrays.yaml")
        let amountProperty = try TestSupport.structure("Value", in: model).property("amount")
        #expect(amountProperty.isNullable)
        let union = try TestSupport.union(try #require(amountProperty.type.namedType), in: model)
        #expect(union.variants.map(\.type) == [.string, .int64])
    }

    @Test("const without type is a one-value enum of its value's type, silently: the value says the type")
    func constValue() throws {
        let (document, warnings) = try load("const.yaml")
        let type = try property("type", of: "File", in: document)
        #expect(type.jsonType == .string && type.allowedValues == ["file"])
        #expect(warnings.isEmpty)
        let (model, _) = try TestSupport.model("tolerant/const.yaml")
        let fileType = try TestSupport.structure("File", in: model).property("type")
        #expect(try TestSupport.enumeration(try #require(fileType.type.namedType), in: model).cases.map(\.rawValue) == ["file"])
        #expect(fileType.defaultValue != nil)
    }

    @Test("enums: null makes the schema nullable, string enums read other scalars as strings, mixed untyped enums are dropped, one-type untyped enums take the type silently")
    func mixedEnums() throws {
        let (document, warnings) = try load("mixed-enums.yaml")
        let level = try property("level", of: "Settings", in: document)
        #expect(level.allowedValues == ["low", "2", "true"])
        #expect(level.nullable)
        #expect(try property("anything", of: "Settings", in: document).allowedValues == nil)
        #expect(try property("color", of: "Settings", in: document).jsonType == .string)
        let base = "#/components/schemas/Settings/properties"
        #expect(warnings == ["\(base)/level/enum", "\(base)/level/enum", "\(base)/anything/enum"])

        let (model, _) = try TestSupport.model("tolerant/mixed-enums.yaml")
        let levelType = try TestSupport.structure("Settings", in: model).property("level").type
        let levels = try TestSupport.enumeration(try #require(levelType.namedType), in: model)
        #expect(levels.cases.map(\.rawValue) == ["low", "2", "true"])
    }

    @Test("repeated operationIds after the first get a numbered suffix")
    func duplicateOperationIds() throws {
        let (document, warnings) = try load("duplicate-operation-ids.yaml")
        let ids = document.paths.values.compactMap { $0.pathItemValue?.get?.operationId }
        #expect(ids == ["list", "list_2", "list_3"])
        #expect(warnings == ["#/paths/~1files/get/operationId", "#/paths/~1users/get/operationId"])
    }

    @Test("unknown formats are read as the plain type; registered ones (html, decimal, int32 on a string) are silent")
    func unknownFormats() throws {
        let (_, warnings) = try load("unknown-formats.yaml")
        let amount = "#/components/schemas/Amount/properties"
        let receipt = "#/components/schemas/Receipt/properties"
        #expect(warnings == ["\(amount)/cents/format", "\(amount)/currency/format", "\(amount)/link/format",
                             "\(receipt)/download/format", "\(receipt)/preview/format"])
        let (model, _) = try TestSupport.model("tolerant/unknown-formats.yaml")
        let structure = try TestSupport.structure("Amount", in: model)
        #expect(try structure.property("cents").type == .int64)
        #expect(try structure.property("value").type == .double)
        #expect(try structure.property("currency").type == .string)
        #expect(try structure.property("count").type == .string)
    }

    @Test("unknown formats are one warning per type, counting each format's schemas, at the first")
    func unknownFormatsSummarized() throws {
        let result = try TestSupport.generate("tolerant/unknown-formats.yaml")
        let amount = "#/components/schemas/Amount/properties"
        #expect(result.diagnostics.map(\.description) == [
            "warning: \(amount)/cents/format: unknown integer format 'int128', read as Int: \(FormatHint.text)",
            "warning: unknown string formats, read as String: 'url' in 3 schemas, 'iso-4217' in 1 schema; "
                + "first at \(amount)/currency/format: \(FormatHint.text)",
        ])
    }

    @Test("codegen --verbose lists every place of a summarized warning")
    func verboseListsEveryPlace() throws {
        let spec = try TestSupport.fixtureURL("tolerant/unknown-formats.yaml")
        try TestProcess.withTemporaryDirectory { output in
            let outcome = try TestProcess.runCodegen(["--spec", spec.path, "--output", output.path, "--verbose"])
            #expect(outcome.status == 0, "\(outcome.output)")
            let amount = "#/components/schemas/Amount/properties"
            let receipt = "#/components/schemas/Receipt/properties"
            #expect(outcome.output.contains("""
                warning: unknown string formats, read as String: 'url' in 3 schemas, 'iso-4217' in 1 schema; first at \(amount)/currency/format: \(FormatHint.text)
                  'iso-4217' at \(amount)/currency/format
                  'url' at \(amount)/link/format
                  'url' at \(receipt)/download/format
                  'url' at \(receipt)/preview/format
                """), "\(outcome.output)")
        }
    }

    @Test("a $ref into another schema is copied into #/components/schemas, named after the path, without a warning")
    func referenceIntoSchema() throws {
        let result = try TestSupport.generate("tolerant/inner-refs.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let loaded = try TestSupport.load("tolerant/inner-refs.yaml")
        let document = try #require(loaded.document)
        #expect(try property("owner", of: "File", in: document).reference?.name == "Folder_owner")
        #expect(try property("login", of: "Folder_owner", in: document).jsonType == .string)
        let (model, _) = try TestSupport.model("tolerant/inner-refs.yaml")
        let file = try TestSupport.structure("File", in: model)
        #expect(try file.property("name").type == .string)
        #expect(try file.property("owner").type == .named("FolderOwner"))
        #expect(try TestSupport.structure("FolderOwner", in: model).properties.map(\.wireName) == ["login"])
        // The part keeps its place in the schema it is written in.
        #expect(try TestSupport.structure("Folder", in: model).property("owner").type == .named("FolderOwnerField"))
        // Inside `allOf` its properties are merged; a part of an array and a reference to a
        // reference are followed too.
        #expect(try TestSupport.structure("Team", in: model).properties.map(\.wireName) == ["login", "size"])
        let tags = try TestSupport.structure("Tags", in: model)
        #expect(try tags.property("first").type == .named("FolderLabelsItems"))
        #expect(try TestSupport.enumeration("FolderLabelsItems", in: model).cases.map(\.rawValue) == ["red", "blue"])
        #expect(try tags.property("chained").type == .named("TagsFirst"))
    }

    @Test("siblings of $ref: restating ones are dropped, constraining ones become allOf")
    func referenceSiblings() throws {
        let (document, warnings) = try load("ref-siblings.yaml")
        let base = try property("base", of: "Item", in: document)
        #expect(base.reference?.name == "Base")
        #expect(base.description == "The item's base.")
        let extended = try property("extended", of: "Item", in: document)
        #expect(extended.subschemas.count == 2 && extended.subschemas.first?.isReference == true)
        #expect(warnings == ["#/components/schemas/Item/properties/base", "#/components/schemas/Item/properties/extended"])

        let (model, _) = try TestSupport.model("tolerant/ref-siblings.yaml")
        let item = try TestSupport.structure("Item", in: model)
        #expect(try item.property("base").type == .named("Base"))
        let merged = try TestSupport.structure(try #require(item.property("extended").type.namedType), in: model)
        #expect(merged.properties.map(\.wireName) == ["id", "extra"])
    }

    @Test("empty schemas accept any value; a missing one is read as {}")
    func emptySchemas() throws {
        let (_, warnings) = try load("empty-schemas.yaml")
        #expect(warnings == ["#/paths/~1blobs/post/requestBody/content/application~1json/schema",
                             "#/components/schemas/Blob/properties/data"])
        let (model, _) = try TestSupport.model("tolerant/empty-schemas.yaml")
        let blob = try TestSupport.structure("Blob", in: model)
        #expect(try blob.property("data").type == .jsonValue)
        #expect(try blob.property("meta").type == .jsonValue)
        let create = try TestSupport.operation("createBlob", in: model)
        #expect(create.body?.kind == .json(.jsonValue, contentType: "application/json"))
    }
}

/// A large document repeats its mistakes: each kind of warning is one line with a count, the
/// first place and what to change in the spec (`Fixtures/tolerant/repeated-warnings.yaml`).
@Suite("Stage 1 and 2: warnings aggregated per kind")
struct WarningKindTests {
    static let notePointer = "#/components/schemas/Note/properties"

    @Test("a warning found in several places is one line with the count, the first place and a hint")
    func repeatedWarningIsOneLine() throws {
        let result = try TestSupport.generate("tolerant/repeated-warnings.yaml")
        #expect(result.diagnostics.map(\.description).contains(
            "warning: `nullable` is not an OpenAPI 3.1 keyword; read as allowing `null` (3 places, first at "
                + "\(Self.notePointer)/text/nullable): write `type: [T, \"null\"]`"))
    }

    @Test("skipped parameters of one kind are one line, whatever their names")
    func skippedParametersAreOneLine() throws {
        let result = try TestSupport.generate("tolerant/repeated-warnings.yaml")
        let lines = result.diagnostics.map(\.description).filter { $0.contains("query parameters of this type") }
        #expect(lines == [
            "warning: query parameters of this type are not supported; the parameter is skipped (its operation, when "
                + "it is required) (2 places, first at #/paths/~1notes/get/parameters/0): "
                + ListNotesHint.text,
        ])
    }

    @Test("a warning found once keeps its place and message, with the hint")
    func singleWarningKeepsItsPlace() throws {
        let result = try TestSupport.generate("tolerant/repeated-warnings.yaml")
        #expect(result.diagnostics.map(\.description).contains(
            "warning: \(Self.notePointer)/anything: `not` schemas are not supported; the value is typed as JSONValue: "
                + "describe the values that are allowed rather than the ones that are not"))
    }

    @Test("the document gives one line per kind of warning")
    func oneLinePerKind() throws {
        let result = try TestSupport.generate("tolerant/repeated-warnings.yaml")
        #expect(result.diagnostics.count == 3, "\(result.diagnostics.map(\.description))")
    }

    @Test("--verbose lists every place of an aggregated warning")
    func verboseListsPlaces() throws {
        let result = try TestSupport.generate("tolerant/repeated-warnings.yaml")
        let nullable = try #require(result.diagnostics.first { $0.kind?.text.hasPrefix("`nullable`") == true })
        #expect(nullable.verboseDescription.split(separator: "\n").dropFirst().map(String.init) == ["text", "title", "rank"].map {
            "  \(Self.notePointer)/\($0)/nullable: `nullable` is OpenAPI 3.0; read as allowing `null` (`type: [..., 'null']`)"
        })
    }
}

private enum ListNotesHint {
    static let text = "use a scalar, an array of scalars or an object of those (nested objects with "
        + "`style: deepObject`), or send the value as JSON with `content: application/json`"
}

private enum FormatHint {
    static let text = "use a format JSON Schema or the OpenAPI Format Registry defines "
        + "(https://spec.openapis.org/registry/format/), or remove `format`"
}
