@testable import CodegenKit
import Testing

/// The loader's structural checks, which stand in for OpenAPIKit's validator on the
/// generator's path: each failure is an error at its pointer, and nothing is generated.
@Suite("Stage 1: structural checks")
struct SpecChecksTests {
    private func generate(_ text: String) -> Generator.Result {
        Generator.generate(specText: text, fileName: "checks.yaml")
    }

    @Test("a parameter declared twice in one list is an error at the second")
    func repeatedParameter() {
        let result = generate("""
            openapi: 3.1.0
            info: {title: checks, version: '1'}
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - {name: limit, in: query, schema: {type: integer}}
                    - $ref: '#/components/parameters/Limit'
                  responses:
                    '204': {description: Nothing.}
            components:
              parameters:
                Limit: {name: limit, in: query, schema: {type: integer}}
            """)
        #expect(result.files == nil)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location) == ["#/paths/~1items/get/parameters/1"])
        #expect(errors.first?.message.contains("`limit`") == true)
    }

    @Test("the same name in another location is a different parameter")
    func sameNameElsewhere() {
        let result = generate("""
            openapi: 3.1.0
            info: {title: checks, version: '1'}
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - {name: token, in: query, schema: {type: string}}
                    - {name: token, in: header, schema: {type: string}}
                  responses:
                    '204': {description: Nothing.}
            """)
        #expect(!result.hasErrors, "\(result.diagnostics)")
    }

    @Test("a tag declared twice is an error at its name")
    func repeatedTag() {
        let result = generate("""
            openapi: 3.1.0
            info: {title: checks, version: '1'}
            tags:
              - name: Files
              - name: Files
            paths: {}
            """)
        #expect(result.files == nil)
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.location) == ["#/tags/1/name"])
    }

    @Test("a dangling reference is reported where it is written, naming its target")
    func danglingReference() {
        let result = generate("""
            openapi: 3.1.0
            info: {title: checks, version: '1'}
            paths:
              /items:
                get:
                  operationId: listItems
                  responses:
                    '200':
                      description: Items.
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Missing'}
            """)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location) == ["#/paths/~1items/get/responses/200/content/application~1json/schema"])
        #expect(errors.first?.message.contains("#/components/schemas/Missing") == true)
    }

    /// Documents whose checks fail: alone, with a problem the decoder stops at, and with a
    /// normalizer error.
    static let failingDocuments = [
        """
        openapi: 3.1.0
        info: {title: checks, version: '1'}
        tags: [{name: Files}, {name: Files}]
        paths:
          /items:
            get:
              responses:
                '200':
                  description: Items.
                  content: {application/json: {schema: {$ref: '#/components/schemas/Missing'}}}
        """,
        """
        openapi: 3.1.0
        info: {title: checks, version: '1'}
        paths:
          /items:
            get:
              parameters: [{name: q, in: nowhere, schema: {type: string}}]
              responses:
                '200':
                  description: Items.
                  content: {application/json: {schema: {$ref: '#/components/schemas/Missing'}}}
        """,
    ]

    @Test("the generator reports exactly what the loader's checks report, and writes nothing")
    func generatorReportsWhatTheChecksReport() {
        for text in Self.failingDocuments {
            let loaded = SpecLoader.load(text: text, fileName: "checks.yaml", validate: false)
            let generated = generate(text)
            #expect(loaded.document == nil)
            #expect(generated.files == nil)
            #expect(generated.diagnostics == loaded.diagnostics)
            #expect(generated.diagnostics.contains { $0.message.contains("#/components/schemas/Missing") })
        }
    }
}
