import CodegenKit
import Testing

/// Types are named as Box's Swift SDK names them, and a value that can only be one thing
/// need not be given.
@Suite("Box's naming")
struct BoxNamingTests {
    @Test func aTypeAPropertyDeclaresIsNamedAfterItsOwnerThePropertyAndField() throws {
        let (model, _) = try TestSupport.model("naming/box-names.yaml")
        let body = try TestSupport.structure("CreateFolderRequestBody", in: model)
        #expect(body.properties.first { $0.wireName == "parent" }?.type == .named("CreateFolderRequestBodyParentField"))
        #expect(try TestSupport.enumeration("FolderReferenceColorField", in: model).cases.map(\.rawValue) == ["red", "blue"])
    }

    @Test func theItemsOfAnArrayPropertyTakeThePropertysName() throws {
        let (model, _) = try TestSupport.model("naming/box-names.yaml")
        let body = try TestSupport.structure("CreateFolderRequestBody", in: model)
        #expect(body.properties.first { $0.wireName == "tags" }?.type == .array(.named("CreateFolderRequestBodyTagsField")))
    }

    @Test func aRequiredEnumOfOneValueDefaultsToItAfterTheValuesACallerMustGive() throws {
        let files = try #require(try TestSupport.generate("naming/box-names.yaml").files)
        let reference = try #require(files.first { $0.path == "Schemas/FolderReference.swift" }?.contents)
        #expect(reference.contains("public init(id: String, type: FolderReferenceTypeField = .folder, color: FolderReferenceColorField? = nil)"),
                "\(reference)")
    }
}
