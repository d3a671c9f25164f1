import CodegenKit
import CodegenTestSupport
import Synchronization
import Testing

/// Documents in the styles of large public descriptions (``StressCorpus``), plus the split
/// multi-file fixture: each generates without errors and its output type-checks against
/// the runtime.
@Suite("Stress corpus")
struct StressCorpusTests {
    /// Each document's output, generated once per test run: several tests read the same
    /// document at the same time, and the debug build of the generator takes seconds on the
    /// large ones. The first test to ask generates; the others wait for its result.
    private final class Generated: Sendable {
        let result = Mutex<Generator.Result?>(nil)
    }

    private static let generated = Mutex<[String: Generated]>([:])

    /// The document the tests generate from: the giant with every variant of its schemas
    /// (``StressCorpus/giantEveryVariantSchemas``) rather than all 1,500 copies, which the
    /// release benchmark generates; the others as the corpus has them.
    private func document(_ name: String) -> String? {
        name == "giant-3.1" ? StressCorpus.giant31(schemas: StressCorpus.giantEveryVariantSchemas) : StressCorpus.document(name)
    }

    private func generate(_ name: String) throws -> Generator.Result {
        let text = try #require(document(name))
        let slot = Self.generated.withLock { slots in
            if let slot = slots[name] { return slot }
            let slot = Generated()
            slots[name] = slot
            return slot
        }
        return slot.result.withLock { result in
            if let result { return result }
            let made = Generator.generate(specText: text, fileName: "\(name).json")
            result = made
            return made
        }
    }

    @Test("each document generates without errors", arguments: StressCorpus.names)
    func generates(_ name: String) throws {
        let result = try generate(name)
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.prefix(5))")
        let files = try #require(result.files)
        #expect(files.count > 3)
    }

    @Test("the giant 3.1 document keeps every schema, with float integer bounds read as 64-bit integers")
    func giantKeepsEverySchema() throws {
        let result = try generate("giant-3.1")
        let files = try #require(result.files)
        let schemas = files.filter { $0.path.hasPrefix("Schemas/") }.map(\.contents).joined()
        for index in [0, 1, 69, StressCorpus.giantEveryVariantSchemas - 1] {
            #expect(schemas.contains("public struct Thing\(index): Codable, Sendable"), "Thing\(index)")
        }
        #expect(!result.diagnostics.contains { $0.message.contains("count") && $0.message.contains("9223372036854775808") })
    }

    @Test("the GitHub-like document's shared parameters reach every operation")
    func githubSharedParameters() throws {
        let result = try generate("github-like")
        let managers = try #require(result.files).filter { $0.path.hasPrefix("Managers/") }.map(\.contents).joined()
        let listMethods = managers.components(separatedBy: "public func things").count - 1
        #expect(listMethods == 300)
        #expect(managers.components(separatedBy: "public var perPage: Int64?").count - 1 == 150)
    }

    @Test("the Stripe-like document's expandable fields are unions of an id and the object")
    func stripeExpandableFields() throws {
        let result = try generate("stripe-like")
        let schemas = try #require(result.files).filter { $0.path.hasPrefix("Schemas/") }.map(\.contents).joined()
        #expect(schemas.contains("public var owner: Resource0OwnerField?"), "\(schemas.prefix(3000))")
    }

    @Test("the constructs document's output compiles to an object file against the runtime alone")
    func constructsCompile() throws {
        let result = try generate("constructs")
        let files = try #require(result.files, "\(result.diagnostics.prefix(5))")
        try CompileTests.expectCompiles(files, label: "constructs")
    }

    @Test("the constructs document reports each kind of warning once, each with a hint")
    func constructsWarnings() throws {
        let result = try generate("constructs")
        let descriptions = result.diagnostics.map(\.description)
        #expect(Set(descriptions).count == descriptions.count)
        #expect(descriptions.contains { $0.contains("`nullable` is OpenAPI 3.0") && $0.contains("write `type: [T, \"null\"]`") })
        #expect(descriptions.contains { $0.contains("a non-object schema inside an `allOf` of objects") })
        #expect(!descriptions.contains { $0.contains("oneOf/anyOf inside allOf") })
        // Read as the schema means them, without a warning: const and enum without type, a
        // list of types, tuples and `items: false` (no `not` warning for them).
        #expect(!descriptions.contains { $0.contains("without `type`") || $0.contains("`type: [string, number]`") })
        #expect(descriptions.filter { $0.contains("`not` schemas") }.count == 1)
        #expect(descriptions.allSatisfy { !$0.contains("prefixItems") && !$0.contains("/point") && !$0.contains("/nothing") })
        #expect(result.diagnostics.allSatisfy { $0.kind?.hint != nil }, "\(descriptions)")
    }

    @Test("the constructs document's tuples are structs coded as arrays")
    func constructsTuples() throws {
        let result = try generate("constructs")
        let schemas = try #require(result.files).filter { $0.path.hasPrefix("Schemas/") }.map(\.contents).joined()
        #expect(schemas.contains("public var point: ItemPointField?"))
        #expect(schemas.contains("public struct Pair: Codable, Sendable"))
        #expect(schemas.contains("public var additionalItems: [Bool]"))
        #expect(schemas.contains("@Indirect public var item1: Path?"))
        #expect(schemas.contains("public var nothing: [JSONValue]?"))
    }

    /// The documents shaped like real-world descriptions (OpenAI's, Stripe's, GitHub's); the
    /// `constructs` document has one of each mistake by design.
    static let realWorldShapes = ["giant-3.1", "stripe-like", "github-like"]

    @Test("a real-world-shaped document gives at most 5 warning lines, each saying what to change", arguments: realWorldShapes)
    func fewActionableWarnings(_ name: String) throws {
        let result = try generate(name)
        let lines = result.diagnostics.map(\.description)
        #expect(lines.count <= 5, "\(lines)")
        #expect(result.diagnostics.allSatisfy { $0.kind?.hint != nil }, "\(lines)")
    }

    @Test("the giant 3.1 document warns only about `nullable`, which 3.1 does not have")
    func giantWarnings() throws {
        let result = try generate("giant-3.1")
        #expect(result.diagnostics.map(\.description) == [
            "warning: `nullable` is not an OpenAPI 3.1 keyword; read as allowing `null` (140 places, first at "
                + "#/components/schemas/Thing0/allOf/1/properties/legacy/nullable): write `type: [T, \"null\"]`",
        ])
        let schemas = try #require(result.files).filter { $0.path.hasPrefix("Schemas/") }.map(\.contents).joined()
        #expect(schemas.contains("public var pair: Thing0PairField?"))
        #expect(schemas.contains("public var value: Thing0ValueField?"))
    }

    @Test("generated code type-checks", arguments: StressCorpus.names + ["split/openapi.yaml"])
    func typeChecks(_ name: String) throws {
        let result = name.hasSuffix(".yaml") ? try TestSupport.generate(name) : try generate(name)
        let files = try #require(result.files, "\(result.diagnostics.prefix(5))")
        try CompileTests.expectTypeChecks(files, label: "stress-\(name)")
    }
}
