/// Everything the renderer needs: the API lowered to Swift-shaped declarations, with
/// every naming and typing decision made.
package struct APIModel: Hashable, Sendable {
    /// The managers, one per tag, in property-name order.
    package var managers: [ManagerModel]
    /// Every declared type, in a stable order.
    package var declarations: [TypeDeclaration]
    /// The name of the struct holding one instance of every manager.
    package var managersContainerName: String
    /// The spec's path as the file headers name it.
    package var specDisplayName: String
    /// The servers operations are served from, with their URLs, by name.
    package var servers: [ServerModel]

    /// Creates a model.
    package init(managers: [ManagerModel], declarations: [TypeDeclaration], managersContainerName: String,
                specDisplayName: String, servers: [ServerModel] = []) {
        self.managers = managers
        self.declarations = declarations
        self.managersContainerName = managersContainerName
        self.specDisplayName = specDisplayName
        self.servers = servers
    }

    /// The declaration with this name.
    package func declaration(named name: String) -> TypeDeclaration? {
        declarations.first { $0.name == name }
    }
}

/// The operations of one tag, as one struct with a method per operation.
package struct ManagerModel: Hashable, Sendable {
    /// The struct's Swift name (`FoldersManager`).
    package var typeName: String
    /// The property name on the managers container (`folders`).
    package var propertyName: String
    /// The doc comment's text.
    package var documentation: String
    /// The operations in spec order.
    package var operations: [OperationModel]
    /// The protocol the local Box's handler of these operations conforms to (`FilesOperations`).
    package var handlerProtocolName: String

    /// Creates a manager.
    package init(typeName: String, propertyName: String, documentation: String, operations: [OperationModel],
                 handlerProtocolName: String? = nil) {
        self.typeName = typeName
        self.propertyName = propertyName
        self.documentation = documentation
        self.operations = operations
        self.handlerProtocolName = handlerProtocolName ?? Naming.handlerProtocolName(managerTypeName: typeName)
    }
}

/// A server the spec names (`x-server-id`, else its description) with its URL, so the
/// generated code can say where each server is and the SDK's defaults need not repeat it.
package struct ServerModel: Hashable, Sendable {
    /// The server's name (`upload`).
    package var id: String
    /// The URL as the spec gives it, with variables at their defaults
    /// (`https://upload.boxlike.example/api/2.0`).
    package var url: String

    /// Creates a server.
    package init(id: String, url: String) {
        self.id = id
        self.url = url
    }
}
