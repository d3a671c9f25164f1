import Hummingbird

/// Classifications: Box's spec gives them literal paths (`/files/{file_id}/metadata/enterprise/
/// securityClassification-6VMVochwUWo`), which are metadata instances and the metadata
/// template of the enterprise's classification template. Each operation is served as the
/// metadata operation on that scope and key.
struct ClassificationsRoutes: ServerArea, ClassificationsOperations, FileClassificationsOperations, FolderClassificationsOperations {
    let services: ServerServices

    /// The key Box's spec names the classification template by.
    static let templateKey = "securityClassification-6VMVochwUWo"

    private var metadata: MetadataRoutes { MetadataRoutes(services: services) }
    private var templates: MetadataTemplatesRoutes { MetadataTemplatesRoutes(services: services) }

    /// The input with the scope and template key the literal path stands for.
    private func onTemplate(_ input: OperationInput) -> OperationInput {
        input.adding(pathValues: ["scope": "enterprise", "template_key": Self.templateKey])
    }

    func getClassificationTemplate(_ input: OperationInput) async throws -> Response {
        try await templates.getMetadataTemplate(onTemplate(input))
    }

    func addClassification(_ input: OperationInput) async throws -> Response {
        try await templates.updateMetadataTemplate(onTemplate(input))
    }

    func getClassificationOnFile(_ input: OperationInput) async throws -> Response {
        try await metadata.getFileMetadataById(onTemplate(input))
    }

    func addClassificationToFile(_ input: OperationInput) async throws -> Response {
        try await metadata.createFileMetadataById(onTemplate(input))
    }

    func updateClassificationOnFile(_ input: OperationInput) async throws -> Response {
        try await metadata.updateFileMetadataById(onTemplate(input))
    }

    func deleteClassificationFromFile(_ input: OperationInput) async throws -> Response {
        try await metadata.deleteFileMetadataById(onTemplate(input))
    }

    func getClassificationOnFolder(_ input: OperationInput) async throws -> Response {
        try await metadata.getFolderMetadataById(onTemplate(input))
    }

    func addClassificationToFolder(_ input: OperationInput) async throws -> Response {
        try await metadata.createFolderMetadataById(onTemplate(input))
    }

    func updateClassificationOnFolder(_ input: OperationInput) async throws -> Response {
        try await metadata.updateFolderMetadataById(onTemplate(input))
    }

    func deleteClassificationFromFolder(_ input: OperationInput) async throws -> Response {
        try await metadata.deleteFolderMetadataById(onTemplate(input))
    }
}
