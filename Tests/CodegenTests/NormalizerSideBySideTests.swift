@testable import CodegenKit
import Testing

/// A large document's component schemas are normalized side by side (``SpecNormalizer``);
/// the tree and the warnings must be the ones a single walk gives.
@Suite("Stage 1: component schemas normalized side by side")
struct NormalizerSideBySideTests {
    /// 3.1 with 3.0 habits in component schemas (before and after others), and in an
    /// operation and a webhook, which the walk meets before and after the components.
    static func document() -> String {
        var text = """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {"operationId": "a", "parameters": [
                {"name": "n", "in": "query", "schema": {"type": "integer", "nullable": true}}],
                "responses": {"200": {"description": "ok"}}}}},
             "components": {"parameters": {"P": {"name": "p", "in": "query", "schema": {"type": "string", "nullable": true}}},
              "schemas": {
            """
        var schemas: [String] = []
        for index in 0..<90 {
            switch index % 3 {
            case 0:
                schemas.append("\"S\(index)\": {\"type\": \"object\", \"properties\": {\"v\": {\"type\": \"integer\", "
                    + "\"minimum\": 0, \"exclusiveMinimum\": true}, \"w\": {\"type\": \"string\", \"nullable\": true}}}")
            case 1:
                schemas.append("\"S\(index)\": {\"type\": \"string\", \"format\": \"shade\", \"example\": \"x\"}")
            default:
                schemas.append("\"S\(index)\": {\"type\": \"object\", \"properties\": {\"id\": {\"type\": \"string\"}}}")
            }
        }
        text += schemas.joined(separator: ",\n") + """
            },
              "responses": {"R": {"description": "r", "content": {"application/json": {"schema": {"type": ["string", "null"], "nullable": true}}}}}},
             "webhooks": {"w": {"post": {"operationId": "w", "requestBody": {"content": {"application/json": {"schema": {"type": "integer", "nullable": true}}}},
                "responses": {"200": {"description": "ok"}}}}}}
            """
        return text
    }

    static func normalized(sideBySide: Bool) throws -> (SpecValue, [Diagnostic]) {
        var tree = try SpecFile.parse(document(), displayName: "doc.json")
        let normalizer = SpecNormalizer(version: .v3_1)
        normalizer.normalizesSchemasSideBySide = sideBySide
        normalizer.normalize(&tree)
        // The comparison means something only if the side-by-side path really ran.
        #expect(normalizer.schemasNormalizedSideBySide == (sideBySide ? 90 : 0))
        return (tree, normalizer.diagnostics.diagnostics)
    }

    @Test("the normalized tree is the one a single walk makes")
    func sameTree() throws {
        let (parallel, _) = try Self.normalized(sideBySide: true)
        let (serial, _) = try Self.normalized(sideBySide: false)
        #expect(parallel == serial)
    }

    @Test("the warnings are the ones a single walk makes, in the same order")
    func sameWarningsInOrder() throws {
        let (_, parallel) = try Self.normalized(sideBySide: true)
        let (_, serial) = try Self.normalized(sideBySide: false)
        #expect(parallel == serial)
        let locations = parallel.map(\.location)
        let firstSchema = try #require(locations.firstIndex { $0.hasPrefix("#/components/schemas/") })
        let lastSchema = try #require(locations.lastIndex { $0.hasPrefix("#/components/schemas/") })
        #expect(locations[..<firstSchema].contains { $0.hasPrefix("#/paths/") })
        #expect(locations[(lastSchema + 1)...].contains { $0.hasPrefix("#/webhooks/") })
        #expect(locations.filter { $0.hasPrefix("#/components/schemas/") }.count >= 90)
    }
}
