import CodegenKit
import OpenAPIKit
import Testing

/// `Fixtures/multifile`: a root document whose paths, parameters and schemas live in
/// other files (nested folders, YAML and JSON), schemas that refer to each other in a
/// cycle (`pet.yaml` ↔ `owner.json`), a `#/...` inside another file, a reference back into
/// the root file, and a name two schemas want.
@Suite("Stage 1: documents in several files")
struct MultiFileTests {
    private let root = "multifile/api.yaml"

    private func schema(_ key: String, in document: OpenAPI.Document) throws -> JSONSchema {
        let componentKey = try #require(OpenAPI.ComponentKey(rawValue: key))
        return try #require(document.components.schemas[componentKey], "no component \(key)")
    }

    @Test("schemas from other files are hoisted into components with names from their pointer or file")
    func hoistedSchemas() throws {
        let result = try TestSupport.load(root)
        let document = try #require(result.document, "\(result.diagnostics)")
        // Root components keep their place; a root component that is only a $ref gives the
        // schema its name (Pet); the rest follow sorted. Two schemas want `Error`: the root's
        // keeps it, the other is qualified with its file's path.
        #expect(document.components.schemas.keys.map(\.rawValue)
            == ["Pet", "Error", "Tag", "models_errors_Error", "name", "owner"])
        let pet = try schema("Pet", in: document)
        #expect(pet.objectContext?.properties["owner"]?.reference?.name == "owner")
        #expect(pet.objectContext?.properties["tags"]?.arrayContext?.items?.reference?.name == "Tag")
        let owner = try schema("owner", in: document)
        #expect(owner.objectContext?.properties["name"]?.reference?.name == "name")
        #expect(owner.objectContext?.properties["pets"]?.arrayContext?.items?.reference?.name == "Pet")
    }

    @Test("path items from other files are inlined, parameters become components; a reference back to the root file stays local")
    func inlinedObjects() throws {
        let result = try TestSupport.load(root)
        let document = try #require(result.document, "\(result.diagnostics)")
        let list = try #require(document.paths["/pets"]?.pathItemValue?.get)
        #expect(list.operationId == "listPets")
        #expect(list.parameters.first?.reference?.absoluteString == "#/components/parameters/limit")
        #expect(document.components.parameters["limit"]?.parameterValue?.name == "limit")
        let badRequest = try #require(list.responses[status: 400]?.b?.content[.json]?.b?.schema)
        #expect(badRequest.reference?.name == "Error")
        #expect(document.paths["/owners/{owner_id}"]?.pathItemValue?.get?.operationId == "getOwner")
    }

    @Test("warnings about another file name that file and the pointer inside it")
    func externalWarningLocation() throws {
        let result = try TestSupport.load(root)
        #expect(result.diagnostics.map(\.location) == ["multifile/models/owner.json#/properties/nickname/nullable"])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test("the model has one type per hoisted schema, the cycle included")
    func model() throws {
        let (model, _) = try TestSupport.model(root)
        let names = Set(model.declarations.map(\.name))
        #expect(names.isSuperset(of: ["ErrorModel", "ModelsErrorsError", "Name", "Owner", "Pet", "Tag"]))
        #expect(try TestSupport.structure("Pet", in: model).property("owner").type == .named("Owner"))
        #expect(try TestSupport.structure("Owner", in: model).property("pets").type == .array(.named("Pet")))
        #expect(model.managers.map(\.typeName) == ["OwnersManager", "PetsManager"])
    }

    @Test("bundling is deterministic")
    func deterministic() throws {
        let first = try TestSupport.generate(root)
        let second = try TestSupport.generate(root)
        #expect(first.files == second.files)
        #expect(first.diagnostics == second.diagnostics)
    }
}
