import Testing
@testable import CodegenKit

/// `allOf` members that are not plain objects (`Fixtures/allof/unions-inside.yaml`): a
/// `oneOf`/`anyOf` adds its variants' properties, an `allOf` of scalars is that scalar, and a
/// scalar beside objects is what cannot be expressed.
@Suite("Stage 2: oneOf, anyOf and non-object members inside allOf")
struct AllOfMembersTests {
    static let fixture = "allof/unions-inside.yaml"

    @Test("a oneOf inside allOf adds every variant's properties after the others'")
    func oneOfAddsVariantProperties() throws {
        let (model, _) = try TestSupport.model(Self.fixture)
        let message = try TestSupport.structure("Message", in: model)
        #expect(message.properties.map(\.wireName) == ["id", "kind", "text", "url", "pinned"])
    }

    @Test("a variant's property is required only when every variant requires it")
    func requiredByEveryVariant() throws {
        let (model, _) = try TestSupport.model(Self.fixture)
        let message = try TestSupport.structure("Message", in: model)
        #expect(try message.property("kind").isRequired)
        #expect(try !message.property("text").isRequired)
        #expect(try !message.property("url").isRequired)
        #expect(try !message.property("pinned").isRequired)
    }

    @Test("a name the allOf already has keeps its schema when a variant describes it again")
    func earlierPropertyKeepsItsSchema() throws {
        let (model, _) = try TestSupport.model(Self.fixture)
        #expect(try TestSupport.structure("Message", in: model).property("id").type == .string)
    }

    @Test("an allOf whose members are all scalars is the first one's type, with no warning")
    func scalarAllOf() throws {
        let (model, diagnostics) = try TestSupport.model(Self.fixture)
        guard case .alias(let alias)? = model.declaration(named: "ShortCode") else {
            Issue.record("ShortCode is not an alias: \(String(describing: model.declaration(named: "ShortCode")))")
            return
        }
        #expect(alias.target == .named("Code"))
        #expect(!diagnostics.contains { $0.location.contains("ShortCode") })
    }

    @Test("a scalar beside objects in allOf is reported once, with what to change")
    func scalarBesideObjects() throws {
        let result = try TestSupport.generate(Self.fixture)
        #expect(result.diagnostics.map(\.description) == [
            "warning: #/components/schemas/Mixed/allOf/1: a non-object schema inside an `allOf` of objects is ignored: "
                + "no value is both an object and a scalar: remove the member, or move it into a property",
        ])
    }
}
