import Testing
@testable import CodegenKit
import CodegenTestSupport

/// Large documents' component structs are worked out on another thread while the lowering
/// runs (``ComponentPrepass``); the model must be the one the lowering alone makes, whichever
/// jobs the worker finished first.
@Suite("Stage 2: component structs prepared alongside the lowering")
struct ComponentPrepassTests {
    /// Every way the lowering can meet the prepass: alongside (timing decides), all of it
    /// done ahead, every other job done ahead (the lowering does the rest itself).
    static let prepassModes: [ComponentPrepass.Mode] = [.alongside, .ahead(stride: 1), .ahead(stride: 2)]

    static func model(_ text: String, _ fileName: String,
                      prepass: ComponentPrepass.Mode) throws -> (APIModel, [Diagnostic]) {
        let loaded = SpecLoader.load(text: text, fileName: fileName, validate: false)
        let document = try #require(loaded.document)
        var options = ModelOptions()
        options.prepass = prepass
        let built = ModelBuilder.build(document, extensions: loaded.extensions, options: options)
        return (try #require(built.model), built.diagnostics)
    }

    @Test("a real-shape document gives the same model and diagnostics with and without the prepass",
          arguments: prepassModes)
    func realShapeModelIsTheSame(mode: ComponentPrepass.Mode) throws {
        let text = SyntheticSpec.realShapeJSON(operations: 40, schemas: 240)
        let (prepared, preparedDiagnostics) = try Self.model(text, "shape.json", prepass: mode)
        let (plain, plainDiagnostics) = try Self.model(text, "shape.json", prepass: .off)
        #expect(prepared.declarations.count > ComponentPrepass.threshold)
        #expect(prepared == plain)
        #expect(preparedDiagnostics == plainDiagnostics)
    }

    @Test("the prepass prepares the component structs of a large document")
    func prepassPreparesStructs() throws {
        let text = SyntheticSpec.realShapeJSON(operations: 40, schemas: 240)
        let loaded = SpecLoader.load(text: text, fileName: "shape.json", validate: false)
        var options = ModelOptions()
        options.prepass = .ahead(stride: 1)
        let lowering = Lowering(document: try #require(loaded.document), extensions: loaded.extensions,
                                options: options)
        _ = lowering.run()
        #expect(lowering.preparedStructs.count > ComponentPrepass.threshold)
        #expect(lowering.preparedStructs.values.contains { $0.properties.contains { $0.plainType != nil } })
    }

    @Test("jobs the worker has not done are left to the lowering: with every other one done ahead, half are prepared")
    func undoneJobsAreLeftToTheLowering() throws {
        let text = SyntheticSpec.realShapeJSON(operations: 40, schemas: 240)
        let loaded = SpecLoader.load(text: text, fileName: "shape.json", validate: false)
        let document = try #require(loaded.document)
        var options = ModelOptions()
        options.prepass = .ahead(stride: 2)
        let lowering = Lowering(document: document, extensions: loaded.extensions, options: options)
        _ = lowering.run()
        let structs = document.components.schemas.values.filter(SchemaFacts.isStructure).count
        #expect(structs > ComponentPrepass.threshold)
        #expect(lowering.preparedStructs.count == (structs + 1) / 2)
    }

    @Test("the feature-coverage document gives the same model and diagnostics with and without the prepass",
          arguments: prepassModes)
    func syntheticModelIsTheSame(mode: ComponentPrepass.Mode) throws {
        let text = SyntheticSpec.yaml(operations: 80, schemas: 160)
        let (prepared, preparedDiagnostics) = try Self.model(text, "synthetic.yaml", prepass: mode)
        let (plain, plainDiagnostics) = try Self.model(text, "synthetic.yaml", prepass: .off)
        #expect(prepared == plain)
        #expect(preparedDiagnostics == plainDiagnostics)
    }

    @Test("components whose collection reports something are left to the lowering, which reports it once",
          arguments: prepassModes)
    func reportingComponentsAreLeftAlone(mode: ComponentPrepass.Mode) throws {
        var text = """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Odd:
                  allOf:
                    - type: string
                    - type: object
                      properties:
                        a: {type: string}

            """
        for index in 0..<80 {
            text += "    Thing\(index):\n      allOf:\n        - $ref: '#/components/schemas/Odd'\n"
                + "        - type: object\n          properties:\n            n\(index): {type: integer}\n"
        }
        let (prepared, preparedDiagnostics) = try Self.model(text, "odd.yaml", prepass: mode)
        let (plain, plainDiagnostics) = try Self.model(text, "odd.yaml", prepass: .off)
        #expect(prepared == plain)
        #expect(preparedDiagnostics == plainDiagnostics)
        #expect(preparedDiagnostics.contains { $0.message.contains("non-object schema inside allOf") })
    }

    /// 70 component structs (past the threshold); `Box` has an inline `meta` object with an
    /// inline `size` object, and a component `BoxMeta` takes the name `meta` would get. An
    /// operation's request and response bodies are inline objects with inline members.
    static let nestedInlineDocument: String = {
        var text = """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /boxes:
                post:
                  operationId: create_box
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            label: {type: object, properties: {text: {type: string}}}
                            tags: {type: array, items: {type: object, properties: {key: {type: string}}}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            additionalProperties: {type: object, properties: {seen: {type: boolean}}}
            components:
              schemas:
                BoxMeta: {type: object, properties: {id: {type: string}}}
                Box:
                  type: object
                  properties:
                    meta:
                      type: object
                      properties:
                        size: {type: object, properties: {width: {type: integer}}}

            """
        for index in 0..<70 {
            text += "    Thing\(index):\n      type: object\n      properties:\n        n\(index): {type: integer}\n"
        }
        return text
    }()

    @Test("inline structs in components and in operation bodies are prepared too, keyed by where they are")
    func inlineStructsArePrepared() throws {
        let loaded = SpecLoader.load(text: Self.nestedInlineDocument, fileName: "nested.yaml", validate: false)
        var options = ModelOptions()
        options.prepass = .ahead(stride: 1)
        let lowering = Lowering(document: try #require(loaded.document), extensions: loaded.extensions,
                                options: options)
        _ = lowering.run()
        let pointers = Set(lowering.preparedInline.keys.map(\.description))
        #expect(pointers.isSuperset(of: [
            "#/components/schemas/Box/properties/meta",
            "#/components/schemas/Box/properties/meta/properties/size",
            "#/paths/~1boxes/post/requestBody/content/application~1json/schema",
            "#/paths/~1boxes/post/requestBody/content/application~1json/schema/properties/label",
            "#/paths/~1boxes/post/requestBody/content/application~1json/schema/properties/tags/items",
            "#/paths/~1boxes/post/responses/200/content/application~1json/schema/additionalProperties",
        ]))
    }

    @Test("a prepared inline struct's own inline types are named after the name it was given",
          arguments: prepassModes)
    func preparedInlineStructsNameTheirMembersAfterTheirClaimedName(mode: ComponentPrepass.Mode) throws {
        let (prepared, preparedDiagnostics) = try Self.model(Self.nestedInlineDocument, "nested.yaml", prepass: mode)
        let (plain, plainDiagnostics) = try Self.model(Self.nestedInlineDocument, "nested.yaml", prepass: .off)
        #expect(prepared == plain)
        #expect(preparedDiagnostics == plainDiagnostics)
        let names = Set(prepared.declarations.map(\.name))
        #expect(names.isSuperset(of: ["BoxMeta", "BoxMetaField", "BoxMetaFieldSize", "CreateBoxRequestBody",
                                      "CreateBoxRequestBodyLabel", "CreateBoxRequestBodyTagsItem"]))
    }
}
