import Testing
@testable import CodegenKit

/// The naming and typing decisions the renderer used to make, now fields of the model
/// (``RenderTests`` shows the renderer printing them).
@Suite("Stage 2: decisions the renderer prints")
struct ModelDecisionsTests {
    @Test("a paginated operation's Sequence method is named in the model; others have none")
    func sequenceMethodName() throws {
        let (model, _) = try TestSupport.model("pagination")
        #expect(try TestSupport.operation("getFolderItems", in: model).sequenceMethodName == "getFolderItemsSequence")
        #expect(try TestSupport.operation("getColors", in: model).sequenceMethodName == nil)
    }

    @Test("each operation carries its server's constant name")
    func serverConstantName() throws {
        let (model, _) = try TestSupport.model("basic")
        let names = Set(model.managers.flatMap(\.operations).map(\.serverConstantName))
        #expect(names == ["api", "upload"])
        #expect(Naming.serverConstantName("oauth-2") == "oauth2")
    }

    @Test("a parameter group holding only what a runtime type holds is given that type")
    func runtimeTypeOfParameterGroups() throws {
        let (bodies, _) = try TestSupport.model("bodies")
        #expect(try TestSupport.operation("requestAccessToken", in: bodies).headers.runtimeTypeName == "OperationHeaders")
        #expect(try TestSupport.operation("downloadFile", in: bodies).headers.runtimeTypeName == nil,
                "it has a header of its own")
        let (basic, _) = try TestSupport.model("basic")
        #expect(try TestSupport.operation("getFolderById", in: basic).query?.runtimeTypeName == nil, "more than `fields`")
        let fields = ParameterModel(name: "fields", wireName: "fields", type: .array(.string), isRequired: false,
                                    documentation: "")
        #expect(ParameterGroup.sharedRuntimeType(of: [fields], isHeaders: false) == "FieldsQueryParams")
    }

    @Test("a fragment in a path key tells operations apart and is not sent")
    func pathFragments() throws {
        let (model, _) = try TestSupport.model("pagination")
        let saved = try TestSupport.operation("runSavedQuery", in: model)
        #expect(saved.pathTemplate == "/queries")
        #expect(saved.isPathVariant)
        #expect(model.managers.flatMap(\.operations).filter { $0.pathTemplate == "/queries" }.count == 2)
    }
}
