import CodegenKit
import Testing

/// The server's operation layer: one protocol per manager, one handler value per manager in
/// one struct, and one registration, so a handler left out does not compile.
@Suite("Server handlers renderer")
struct ServerHandlersRendererTests {
    static func operation(_ name: String, _ method: String, _ path: String, server: String = "api",
                          scopes: [String]? = ["root_readwrite"], variant: Bool = false) -> OperationModel {
        OperationModel(
            methodName: name, operationId: name, httpMethod: method, serverId: server, pathTemplate: path,
            documentation: "", pathParameters: [], query: nil, headers: ParameterGroup(typeName: "H", parameters: []),
            body: nil, response: .none, requiresAuthentication: scopes != nil, requiredScopes: scopes, isPathVariant: variant)
    }

    static func render(_ managers: [ManagerModel]) -> String {
        let model = APIModel(managers: managers, declarations: [], managersContainerName: "Managers", specDisplayName: "test.yaml")
        return ServerHandlersRenderer.render(model).contents
    }

    @Test func eachManagerHasAProtocolWithAMethodPerOperationAndAHandlerValue() {
        let files = ManagerModel(typeName: "FilesManager", propertyName: "files", documentation: "", operations: [
            Self.operation("getFileById", "get", "/files/{file_id}"),
            Self.operation("deleteFileById", "delete", "/files/{file_id}"),
        ])
        let text = Self.render([files])
        #expect(text.contains("protocol FilesOperations: Sendable {"))
        #expect(text.contains("    func getFileById(_ input: OperationInput) async throws -> Response"))
        #expect(text.contains("    func deleteFileById(_ input: OperationInput) async throws -> Response"))
        #expect(text.contains("    let files: any FilesOperations"))
        #expect(text.contains("routes.api.serve(.getFileById) { [files] in try await files.getFileById($0) }"))
    }

    @Test func anOperationOnAnotherOperationsMethodAndPathIsServedByThatOperationsHandler() {
        let files = ManagerModel(typeName: "FilesManager", propertyName: "files", documentation: "", operations: [
            Self.operation("getFileById", "get", "/files/{file_id}"),
        ])
        let links = ManagerModel(typeName: "SharedLinksFilesManager", propertyName: "sharedLinksFiles", documentation: "", operations: [
            Self.operation("getSharedLinkForFile", "get", "/files/{file_id}", variant: true),
        ])
        let text = Self.render([files, links])
        #expect(text.contains("Also serves `getSharedLinkForFile`: the same method and path."))
        #expect(!text.contains("func getSharedLinkForFile"))
        #expect(!text.contains("SharedLinksFilesOperations"))
        #expect(!text.contains("serve(.getSharedLinkForFile)"))
    }

    @Test func operationsWithoutScopesAreServedWithoutAPrincipalOnTheirServer() {
        let authorization = ManagerModel(typeName: "AuthorizationManager", propertyName: "authorization", documentation: "", operations: [
            Self.operation("requestAccessToken", "post", "/oauth2/token", server: "oauth2", scopes: nil),
        ])
        let text = Self.render([authorization])
        #expect(text.contains("func requestAccessToken(_ input: PublicOperationInput) async throws -> Response"))
        #expect(text.contains("routes.oauth2.serve(.requestAccessToken)"))
    }

    @Test func theSameModelRendersTheSameBytes() {
        let files = ManagerModel(typeName: "FilesManager", propertyName: "files", documentation: "", operations: [
            Self.operation("getFileById", "get", "/files/{file_id}"),
        ])
        #expect(Self.render([files]) == Self.render([files]))
    }
}
