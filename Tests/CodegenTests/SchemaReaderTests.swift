import Foundation
import OpenAPIKit30
import Testing
@testable import CodegenKit
import CodegenTestSupport

/// ``SchemaReader30`` is a shortcut past OpenAPIKit's `Decodable` for OpenAPI 3.0 schemas:
/// it must give exactly the schemas OpenAPIKit gives, take the common shapes itself, and hand
/// anything else back to OpenAPIKit.
@Suite("Stage 1: 3.0 schemas read straight from the tree")
struct SchemaReaderTests {
    /// The `userInfo` of a decode with the reader on or off.
    static func userInfo(reader: Bool) -> [CodingUserInfoKey: Any] {
        LegacyDocument.userInfo(schemaReader: reader)
    }

    /// Loads `text` twice, with and without the reader.
    static func loadBothWays(_ text: String, _ fileName: String, sideBySide: Bool = true)
        -> (reader: SpecLoader.LoadResult, openAPIKit: SpecLoader.LoadResult) {
        (SpecLoader.load(text: text, fileName: fileName, fileURL: nil, validate: false,
                         schemasSideBySide: sideBySide, schemaReader: true),
         SpecLoader.load(text: text, fileName: fileName, fileURL: nil, validate: false,
                         schemasSideBySide: sideBySide, schemaReader: false))
    }

    /// The component schemas of a 3.0 fixture, as the loader hands them to OpenAPIKit.
    static func componentSchemas(_ path: String) throws -> [SpecObject.Entry] {
        let text = try String(contentsOf: try TestSupport.fixtureURL(path), encoding: .utf8)
        var root = try SpecFile.parse(text, displayName: path)
        let normalizer = SpecNormalizer(version: .v3_0)
        normalizer.normalize(&root)
        return try #require(root.object?["components"]?.object?["schemas"]?.object).entries
    }

    @Test("every schema of the keyword fixture reads to what OpenAPIKit decodes")
    func everyKeywordReadsTheSame() throws {
        let entries = try Self.componentSchemas("reader/schema-keywords-30.yaml")
        #expect(entries.count >= 10)
        for entry in entries {
            let read = try #require(SchemaReader30.read(entry.value), "the reader handles \(entry.key)")
            let decoded = try SpecValueDecoder.decode(OpenAPIKit30.JSONSchema.self, from: entry.value,
                                                      userInfo: Self.userInfo(reader: false))
            #expect(read == decoded, "\(entry.key)")
        }
    }

    @Test("every property of the keyword fixture's object reads to what OpenAPIKit decodes")
    func everyPropertyReadsTheSame() throws {
        let entries = try Self.componentSchemas("reader/schema-keywords-30.yaml")
        let thing = try #require(entries.first { $0.key == "Thing" }?.value.object?["properties"]?.object)
        for property in thing.entries {
            let read = try #require(SchemaReader30.read(property.value), "the reader handles \(property.key)")
            let decoded = try SpecValueDecoder.decode(OpenAPIKit30.JSONSchema.self, from: property.value,
                                                      userInfo: Self.userInfo(reader: false))
            #expect(read == decoded, "\(property.key)")
        }
    }

    @Test("every schema and property of the keyword fixture reads into 3.1 as OpenAPIKit converts it")
    func everyKeywordConvertsTheSame() throws {
        let entries = try Self.componentSchemas("reader/schema-keywords-30.yaml")
        var values = entries
        let thing = try #require(entries.first { $0.key == "Thing" }?.value.object?["properties"]?.object)
        values += thing.entries.map { SpecObject.Entry(key: "Thing_" + $0.key, value: $0.value) }
        let converted = try ComponentSchemaDecoding.decodeLegacy(values[...], schemaReader: false)
        #expect(converted.count == values.count)
        for (entry, (key, expected)) in zip(values, converted) {
            #expect(key.rawValue == entry.key)
            let read = try #require(SchemaReader30To31.read(entry.value), "the reader handles \(entry.key)")
            #expect(read == expected, "\(entry.key)")
        }
    }

    @Test("the keyword fixture loads to the same 3.1 document either way")
    func keywordDocumentIsTheSame() throws {
        let text = try String(contentsOf: try TestSupport.fixtureURL("reader/schema-keywords-30.yaml"), encoding: .utf8)
        let (reader, openAPIKit) = Self.loadBothWays(text, "schema-keywords-30.yaml")
        let viaReader = try #require(reader.document)
        let viaOpenAPIKit = try #require(openAPIKit.document)
        #expect(viaReader == viaOpenAPIKit)
        #expect(reader.diagnostics == openAPIKit.diagnostics)
    }

    @Test("the real-shape benchmark document loads to the same document either way",
          arguments: [true, false])
    func realShapeDocumentIsTheSame(sideBySide: Bool) throws {
        let text = SyntheticSpec.realShapeJSON(operations: 30, schemas: 120)
        let (reader, openAPIKit) = Self.loadBothWays(text, "shape.json", sideBySide: sideBySide)
        let viaReader = try #require(reader.document)
        let viaOpenAPIKit = try #require(openAPIKit.document)
        #expect(viaReader.components.schemas.keys == viaOpenAPIKit.components.schemas.keys)
        #expect(viaReader == viaOpenAPIKit)
    }

    @Test("every fixture, read as OpenAPI 3.0, loads to the same document and diagnostics either way")
    func everyFixtureIsTheSame() throws {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let files = try #require(FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { ["yaml", "json"].contains($0.pathExtension) && !$0.path.contains("/multifile/") }
            .sorted { $0.path < $1.path }
        #expect(files.count > 20)
        var compared = 0
        for file in files {
            var text = try String(contentsOf: file, encoding: .utf8)
            // Read every fixture as a 3.0 document: the normalizer turns 3.1 forms into 3.0 ones.
            for version in ["3.1.0", "3.1.1", "3.2.0"] {
                text = text.replacingOccurrences(of: "openapi: \(version)", with: "openapi: 3.0.3")
                    .replacingOccurrences(of: "\"openapi\": \"\(version)\"", with: "\"openapi\": \"3.0.3\"")
            }
            let (reader, openAPIKit) = Self.loadBothWays(text, file.lastPathComponent)
            #expect(reader.document == openAPIKit.document, "\(file.lastPathComponent)")
            #expect(reader.diagnostics == openAPIKit.diagnostics, "\(file.lastPathComponent)")
            if reader.document != nil { compared += 1 }
        }
        #expect(compared > 15, "most fixtures load as 3.0")
    }

    @Test("examples and defaults read to what OpenAPIKit's AnyCodable decodes",
          arguments: [
              SpecValue.null, .bool(true), .number("42"), .number("-7"), .number("18446744073709551615"),
              .number("1e400"), .number("2.5"), .string("12"), .string("true"),
              .array([.number("1"), .string("two"), .null, .array([.bool(false)])]),
              .object(SpecObject(["id": .string("1"), "size": .number("1024"),
                                  "nested": .object(SpecObject(["list": .array([.number("1.5"), .null])]))])),
          ])
    func examplesReadTheSame(value: SpecValue) throws {
        let decoded = try SpecValueDecoder.decode(AnyCodable.self, from: value, userInfo: Self.userInfo(reader: false))
        #expect(AnyCodableReader.read(value) == decoded)
    }

    @Test("a schema that is both readOnly and writeOnly is left to OpenAPIKit, which reports it")
    func invalidSchemaFallsBack() throws {
        let value = SpecValue.object(SpecObject([
            "type": .string("string"), "readOnly": .bool(true), "writeOnly": .bool(true),
        ]))
        #expect(SchemaReader30.read(value) == nil)

        let text = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Both:
                  type: string
                  readOnly: true
                  writeOnly: true
            """
        let (reader, openAPIKit) = Self.loadBothWays(text, "both.yaml")
        #expect(reader.document == nil)
        #expect(reader.diagnostics == openAPIKit.diagnostics)
        #expect(reader.diagnostics.contains { $0.severity == .error && $0.location.contains("Both") })
    }

    @Test("shapes the reader does not take are handed to OpenAPIKit",
          arguments: [
              SpecValue.object(SpecObject(["$ref": .string("other.yaml#/Thing")])),
              SpecValue.object(SpecObject(["type": .string("string"), "nullable": .bool(true),
                                           "enum": .array([.string("a"), .null])])),
              SpecValue.object(SpecObject(["type": .string("integer"), "maximum": .number("1.5")])),
              SpecValue.object(SpecObject(["type": .string("objekt")])),
              SpecValue.string("not a schema"),
          ])
    func unusualShapesFallBack(value: SpecValue) {
        #expect(SchemaReader30.read(value) == nil)
        #expect(SchemaReader30To31.read(value) == nil)
    }
}
