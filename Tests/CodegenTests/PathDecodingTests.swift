import OpenAPIKit
import Testing
@testable import CodegenKit
import CodegenTestSupport

/// A large document's paths decode in chunks side by side (``PathDecoding``): the document
/// must be the one a single pass gives, and a failure must be reported as a single pass
/// reports it.
@Suite("Stage 1: paths decoded side by side")
struct PathDecodingTests {
    func load(_ text: String, _ fileName: String, sideBySide: Bool) -> SpecLoader.LoadResult {
        ComponentSchemaDecodingTests().load(text, fileName, sideBySide: sideBySide)
    }

    /// A 3.0 JSON document of the real shape and the 3.1 YAML feature-coverage document, each
    /// with 200 operations.
    static let manyPaths: [(name: String, text: String)] = [
        ("shape.json", SyntheticSpec.realShapeJSON(operations: 200, schemas: 80)),
        ("synthetic.yaml", SyntheticSpec.yaml(operations: 200, schemas: 80)),
    ]

    @Test("a document with many paths decodes (and converts from 3.0) to the same document either way",
          arguments: [0, 1])
    func documentIsTheSame(index: Int) throws {
        let (name, text) = Self.manyPaths[index]
        let chunked = load(text, name, sideBySide: true)
        let single = load(text, name, sideBySide: false)
        // The comparison means something only if the paths are decoded in chunks.
        #expect((PathDecoding.chunks(in: try SpecFile.parse(text, displayName: name))?.count ?? 0) > 1)
        let sideBySide = try #require(chunked.document)
        let whole = try #require(single.document)

        #expect(sideBySide.paths.keys == whole.paths.keys, "in document order")
        #expect(sideBySide == whole)
    }

    /// `count` paths with one operation each, secured by `api_key`, except that the path
    /// numbered `broken` has the operation `brokenOperation` (YAML at the operation's indent).
    static func document(version: String, count: Int, broken: Int, brokenOperation: String) -> String {
        var text = """
            openapi: \(version)
            info: {title: Many paths, version: '1'}
            components:
              securitySchemes:
                api_key: {type: apiKey, in: header, name: X-Key}
            paths:

            """
        for index in 0..<count {
            text += "  /things\(index):\n    get:\n"
            if index == broken {
                text += brokenOperation
            } else {
                text += "      operationId: get_thing\(index)\n"
                text += "      security: [{api_key: []}]\n"
                text += "      responses: {'200': {description: ok}}\n"
            }
        }
        return text
    }

    @Test("a security requirement naming no scheme, in a late chunk, is reported as in one pass",
          arguments: ["3.0.3", "3.1.0"])
    func unknownSecuritySchemeIsReportedTheSame(version: String) throws {
        let text = Self.document(version: version, count: 80, broken: 71, brokenOperation: """
                  security: [{nobody: []}]
                  responses: {'200': {description: ok}}

            """)
        let sideBySide = load(text, "paths.yaml", sideBySide: true)
        let whole = load(text, "paths.yaml", sideBySide: false)

        #expect(sideBySide.document == nil)
        #expect(sideBySide.diagnostics == whole.diagnostics)
        #expect(sideBySide.diagnostics.contains { $0.severity == .error && $0.message.contains("nobody") },
                "\(sideBySide.diagnostics)")
    }

    @Test("a malformed operation in a late chunk is reported at its own pointer, as in one pass",
          arguments: ["3.0.3", "3.1.0"])
    func malformedOperationIsReportedTheSame(version: String) throws {
        let text = Self.document(version: version, count: 80, broken: 66, brokenOperation: """
                  parameters: 5
                  responses: {'200': {description: ok}}

            """)
        let sideBySide = load(text, "paths.yaml", sideBySide: true)
        let whole = load(text, "paths.yaml", sideBySide: false)

        #expect(sideBySide.document == nil)
        #expect(sideBySide.diagnostics == whole.diagnostics)
        let error = try #require(sideBySide.diagnostics.first { $0.severity == .error })
        #expect(error.location.contains("things66"), "\(error)")
    }
}
