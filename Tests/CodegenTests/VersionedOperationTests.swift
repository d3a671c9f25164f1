import CodegenKit
import Testing

/// Operations that need an API version (`box-version: 2025.0`), marked by Box's own header
/// parameter with one value or by `x-box-version` (`Fixtures/params/versioned.yaml`): the
/// generated method sends the value itself and has no argument for it.
@Suite("Versioned operations")
struct VersionedOperationTests {
    private static let fixture = "params/versioned.yaml"
    private static let version = ConstantParameterModel(wireName: "box-version", value: "2025.0", location: .header)

    private func operation(_ name: String) throws -> OperationModel {
        try TestSupport.operation(name, in: try TestSupport.model(Self.fixture).0)
    }

    private func manager(_ typeName: String) throws -> String {
        let files = try #require(try TestSupport.generate(Self.fixture).files)
        return try #require(files.first { $0.path == "Managers/\(typeName).swift" }).contents
    }

    /// Every parameter the caller can give, by wire name.
    private func arguments(_ operation: OperationModel) -> [String] {
        (operation.pathParameters + (operation.query?.parameters ?? []) + operation.headers.parameters).map(\.wireName)
    }

    @Test("a required header whose schema has one enum value is a constant, not an argument")
    func singleValueHeaderIsConstant() throws {
        let operation = try operation("listTemplates")
        #expect(operation.constantParameters == [Self.version])
        #expect(arguments(operation) == ["limit"])
    }

    @Test("x-box-version on an operation sends the box-version header")
    func versionExtension() throws {
        let operation = try operation("createTemplate")
        #expect(operation.constantParameters == [Self.version])
        #expect(arguments(operation).isEmpty)
    }

    @Test("the extension beside the parameter sends the header once; a const query parameter is a constant too")
    func extensionBesideParameterAndConstQuery() throws {
        let operation = try operation("listHubs")
        #expect(operation.constantParameters == [
            Self.version,
            ConstantParameterModel(wireName: "api-flavour", value: "blue", location: .query),
        ])
    }

    @Test("headers with several values, or optional ones, stay arguments")
    func otherEnumsStayArguments() throws {
        let operation = try operation("listHubs")
        #expect(arguments(operation) == ["X-Shape", "X-Hint"])
        #expect(operation.headers.parameters.first { $0.wireName == "X-Shape" }?.isRequired == true)
    }

    @Test("an x-box-version that disagrees with the parameter is a warning and the parameter's value is sent")
    func disagreeingExtension() throws {
        let (model, diagnostics) = try TestSupport.model(Self.fixture)
        #expect(try TestSupport.operation("deleteHubs", in: model).constantParameters == [Self.version])
        #expect(diagnostics.contains {
            $0.severity == .warning && $0.description.contains("/delete/x-box-version")
                && $0.description.contains("`x-box-version: 2024.0` disagrees")
        }, "\(diagnostics)")
    }

    @Test("the generated method has no version parameter and its request carries box-version: 2025.0")
    func generatedMethodSendsVersion() throws {
        let manager = try manager("DocgenTemplatesManager")
        #expect(manager.contains("""
                public func listTemplates(
                    queryParams: ListTemplatesQueryParams = ListTemplatesQueryParams(),
                    headers: ListTemplatesHeaders = ListTemplatesHeaders()
                ) async throws -> Template {
            """), "\(manager)")
        #expect(manager.contains("""
                    request.setHeader("box-version", "2025.0")
                    request.query.add("limit", queryParams.limit)
            """), "\(manager)")
        #expect(manager.contains("public typealias ListTemplatesHeaders = OperationHeaders"))
        #expect(manager.contains("/// Always sends the header `box-version: 2025.0`."))
        #expect(!manager.lowercased().contains("boxversion"))
    }

    @Test("a constant query parameter is added to the query by the generated method")
    func generatedMethodSendsConstantQuery() throws {
        let manager = try manager("HubsManager")
        #expect(manager.contains(#"request.query.add("api-flavour", "blue")"#), "\(manager)")
        #expect(manager.contains("/// Always sends the header `box-version: 2025.0` and the query parameter `api-flavour=blue`."))
    }
}
