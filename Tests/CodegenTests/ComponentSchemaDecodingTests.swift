import OpenAPIKit
import Testing
@testable import CodegenKit
import CodegenTestSupport

/// A large document's component schemas decode side by side (``ComponentSchemaDecoding``):
/// the document must be the one a single pass would give, and errors must keep their place.
@Suite("Stage 1: component schemas decoded side by side")
struct ComponentSchemaDecodingTests {
    func load(_ text: String, _ fileName: String, sideBySide: Bool) -> SpecLoader.LoadResult {
        SpecLoader.load(text: text, fileName: fileName, fileURL: nil, validate: false, schemasSideBySide: sideBySide)
    }

    @Test("a 3.0 document with many schemas decodes and converts to the same document either way")
    func legacyDocumentIsTheSame() throws {
        let text = SyntheticSpec.realShapeJSON(operations: 40, schemas: 200)
        let sideBySide = try #require(load(text, "shape.json", sideBySide: true).document)
        let whole = try #require(load(text, "shape.json", sideBySide: false).document)

        #expect(sideBySide.components.schemas.count >= ComponentSchemaDecoding.threshold)
        #expect(sideBySide.components.schemas.keys == whole.components.schemas.keys, "in document order")
        #expect(sideBySide == whole)
    }

    @Test("a 3.1 document with many schemas decodes to the same document either way")
    func documentIsTheSame() throws {
        let text = SyntheticSpec.yaml(operations: 60, schemas: 120)
        let sideBySide = try #require(load(text, "synthetic.yaml", sideBySide: true).document)
        let whole = try #require(load(text, "synthetic.yaml", sideBySide: false).document)

        #expect(sideBySide.components.schemas.count >= ComponentSchemaDecoding.threshold)
        #expect(sideBySide == whole)
    }

    @Test("a bad schema among many is reported at its own pointer", arguments: ["3.0.3", "3.1.0"])
    func errorsKeepTheirPointer(version: String) throws {
        let text = Self.document(version: version, schemas: 80, broken: 57)

        let result = load(text, "many.yaml", sideBySide: true)

        #expect(result.document == nil)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.location.contains("/components/schemas/Thing57"), "\(error)")
    }

    @Test("component names are accepted and refused exactly as OpenAPIKit's own check does")
    func componentKeysFollowOpenAPIKit() {
        let samples = ["Folder", "folder_item", "v2.File-Version", "A", "0", "-", "._-", "", "has space",
                       "slash/name", "tab\tname", "ünïcödé", "名前", "emoji🙂", "dollar$", "a+b", "x~y"]
        for name in samples {
            #expect(ComponentSchemaDecoding.makeKey(name) == OpenAPI.ComponentKey(rawValue: name), "\(name)")
        }
    }

    /// A document with `schemas` simple object schemas; the one numbered `broken` has a
    /// `required` that is not a list.
    static func document(version: String, schemas: Int, broken: Int) -> String {
        var text = """
            openapi: \(version)
            info:
              title: Many
              version: '1'
            paths: {}
            components:
              schemas:

            """
        for index in 0..<schemas {
            text += """
                    Thing\(index):
                      type: object
                      required: \(index == broken ? "7" : "[id]")
                      properties:
                        id:
                          type: string

                """
        }
        return text
    }
}
