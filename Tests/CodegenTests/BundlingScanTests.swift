import Testing
@testable import CodegenKit

/// A one-file document skips the bundler's walk; anything the bundler could act on keeps it.
@Suite("Stage 1: when bundling is needed")
struct BundlingScanTests {
    static func tree(_ json: String) throws -> SpecValue {
        try JSONTreeReader.read(json)
    }

    @Test("plain references within the document need no bundling")
    func plainReferences() throws {
        let root = try Self.tree(##"{"a": {"$ref": "#/components/schemas/A"}, "b": [{"$ref": "#/x/y"}], "$ref": 3}"##)
        #expect(!ExternalReferenceBundler.mayNeedBundling(root))
    }

    @Test("a reference to another file, an escaped pointer or a discriminator mapping needs bundling",
          arguments: [
              ##"{"a": {"$ref": "models/pet.yaml"}}"##,
              ##"{"a": [{"b": {"$ref": "#/paths/~1pets"}}]}"##,
              ##"{"a": {"$ref": "#/components/schemas/A%20B"}}"##,
              ##"{"a": {"$ref": "#"}}"##,
              ##"{"d": {"discriminator": {"propertyName": "kind", "mapping": {"cat": "Cat"}}}}"##,
          ])
    func needsBundling(json: String) throws {
        #expect(ExternalReferenceBundler.mayNeedBundling(try Self.tree(json)))
    }

    @Test("the JSON reader notes what the walk finds",
          arguments: [
              ##"{"a": {"$ref": "#/components/schemas/A"}, "b": [{"$ref": "#/x/y"}], "$ref": 3}"##,
              ##"{"a": {"$ref": "models/pet.yaml"}}"##,
              ##"{"a": [{"b": {"$ref": "#/paths/~1pets"}}]}"##,
              ##"{"a": {"$ref": "#/components/schemas/A%20B"}}"##,
              ##"{"a": {"$ref": "#"}}"##,
              ##"{"d": {"discriminator": {"propertyName": "kind", "mapping": {"cat": "Cat"}}}}"##,
              ##"{"money": {"$refs": "other.yaml", "$ref": "#/ok"}}"##,
          ])
    func readerAgreesWithTheWalk(json: String) throws {
        let (root, noted) = try JSONTreeReader.readNotingBundling(json)
        #expect(noted == ExternalReferenceBundler.mayNeedBundling(root))
    }
}
