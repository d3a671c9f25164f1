import OpenAPIKit
import Testing
@testable import CodegenKit

/// The model stage reads a schema's core facts by matching its case (`JSONSchema+Core`)
/// instead of through OpenAPIKit's boxed `coreContext`; both must agree on every kind of schema.
@Suite("Stage 2: schema core facts")
struct SchemaCoreTests {
    /// Every schema in a document, nested ones included.
    static func allSchemas(_ document: OpenAPI.Document) -> [JSONSchema] {
        var found: [JSONSchema] = []
        func visit(_ schema: JSONSchema) {
            found.append(schema)
            switch schema.value {
            case .object(_, let object):
                object.properties.forEach { visit($0.value) }
                if case .b(let additional)? = object.additionalProperties { visit(additional) }
            case .array(_, let array):
                array.items.map(visit)
            case .all(let members, _), .one(let members, _), .any(let members, _):
                members.forEach(visit)
            case .not(let negated, _):
                visit(negated)
            default:
                break
            }
        }
        document.components.schemas.forEach { visit($0.value) }
        return found
    }

    @Test("required, nullable, description and title agree with OpenAPIKit's",
          arguments: ["reader/schema-keywords-30.yaml", "tolerant/type-arrays.yaml", "tolerant/nullable-31.yaml",
                      "tolerant/const.yaml", "unions.yaml", "recursive.yaml", "nested.yaml"])
    func factsAgree(fixture: String) throws {
        let document = try #require(try TestSupport.load(fixture).document)
        let schemas = Self.allSchemas(document)
        #expect(schemas.count >= 3)
        for schema in schemas {
            #expect(schema.coreRequired == schema.required)
            #expect(schema.coreNullable == schema.nullable)
            #expect(schema.coreDescription == schema.description)
            #expect(schema.coreTitle == schema.title)
        }
    }
}
