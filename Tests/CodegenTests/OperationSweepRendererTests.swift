import CodegenKit
import Testing

/// The SDK tests' operation sweep: one call per operation through `BoxClient`, with
/// placeholder values for exactly what the method requires.
@Suite("Operation sweep renderer")
struct OperationSweepRendererTests {
    static let declarations: [TypeDeclaration] = [
        .structure(StructDeclaration(name: "CreateFolderRequestBody", group: "Folders", documentation: "", properties: [
            PropertyDeclaration(name: "name", wireName: "name", type: .string, isRequired: true, documentation: ""),
            PropertyDeclaration(name: "parent", wireName: "parent", type: .named("ParentField"), isRequired: true, documentation: ""),
            PropertyDeclaration(name: "description", wireName: "description", type: .string, isRequired: false, documentation: ""),
        ])),
        .structure(StructDeclaration(name: "ParentField", group: "Folders", documentation: "", properties: [
            PropertyDeclaration(name: "id", wireName: "id", type: .int64, isRequired: true, documentation: ""),
            PropertyDeclaration(name: "kind", wireName: "kind", type: .named("KindField"), isRequired: true, documentation: ""),
        ])),
        .openEnum(EnumDeclaration(name: "KindField", group: "Folders", documentation: "", cases: [
            EnumDeclaration.Case(name: "folder", rawValue: "folder"),
        ])),
        .union(UnionDeclaration(name: "Node", group: "Folders", documentation: "", discriminatorProperty: nil, variants: [
            UnionDeclaration.Variant(caseName: "node", type: .named("Node")),
            UnionDeclaration.Variant(caseName: "leaf", type: .string),
        ], isIndirect: true)),
        .structure(StructDeclaration(name: "Loop", group: "Folders", documentation: "", properties: [
            PropertyDeclaration(name: "next", wireName: "next", type: .named("Loop"), isRequired: true, documentation: ""),
        ])),
    ]

    static func operation(_ name: String, path: [ParameterModel] = [], body: TypeReference? = nil,
                          query: [ParameterModel]? = nil) -> OperationModel {
        OperationModel(
            methodName: name, operationId: name + "Id", httpMethod: "post", serverId: "api", pathTemplate: "/x",
            documentation: "", pathParameters: path,
            query: query.map { ParameterGroup(typeName: "\(name.prefix(1).uppercased() + name.dropFirst())QueryParams", parameters: $0) },
            headers: ParameterGroup(typeName: "H", parameters: []),
            body: body.map { RequestBodyModel(kind: .json($0, contentType: "application/json"), isRequired: true, documentation: "") },
            response: .none, requiresAuthentication: true)
    }

    static func render(_ operations: [OperationModel]) -> String {
        let manager = ManagerModel(typeName: "FoldersManager", propertyName: "folders", documentation: "", operations: operations)
        let model = APIModel(managers: [manager], declarations: declarations, managersContainerName: "BoxClient", specDisplayName: "test.yaml")
        return OperationSweepRenderer.render(model).contents
    }

    @Test func aRequiredBodyIsBuiltFromItsRequiredMembersOnly() {
        let text = Self.render([Self.operation("createFolder", body: .named("CreateFolderRequestBody"))])
        #expect(text.contains("SweptOperation(id: \"createFolderId\", method: \"folders.createFolder\") { client in"))
        #expect(text.contains("_ = try await client.folders.createFolder(requestBody: CreateFolderRequestBody("
            + "name: \"1\", parent: ParentField(id: 1, kind: KindField(rawValue: \"folder\"))))"))
    }

    @Test func pathParametersAndRequiredQueryParametersAreGivenAndOptionalOnesLeftOut() {
        let text = Self.render([Self.operation(
            "getFolder", path: [ParameterModel(name: "folderId", wireName: "folder_id", type: .string, isRequired: true, documentation: "", location: .path)],
            query: [ParameterModel(name: "fields", wireName: "fields", type: .array(.string), isRequired: false, documentation: ""),
                    ParameterModel(name: "sort", wireName: "sort", type: .named("KindField"), isRequired: true, documentation: "")])])
        #expect(text.contains("client.folders.getFolder(folderId: \"1\", queryParams: GetFolderQueryParams(sort: KindField(rawValue: \"folder\")))"))
    }

    @Test func aUnionTakesItsSimplestCaseAndATypeThatRequiresItselfIsLeftOutByName() {
        let text = Self.render([Self.operation("grow", body: .named("Node")), Self.operation("spin", body: .named("Loop"))])
        #expect(text.contains("client.folders.grow(requestBody: Node.leaf(\"1\"))"))
        #expect(!text.contains("client.folders.spin("))
        #expect(text.contains("Left out, no placeholder could be built for them: `spinId`."))
    }
}
