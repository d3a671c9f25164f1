/// Renders `Servers.swift`: one typed ``ServerID`` constant per server the operations are
/// served from, so generated code names servers as `.upload` and a misspelt or missing
/// server fails to compile instead of failing at run time.
enum ServerRenderer {
    /// The file, or `nil` when no operation names a server.
    static func render(_ model: APIModel) -> GeneratedFile? {
        var servers: [String: [String]] = [:]
        var constantNames: [String: String] = [:]
        for manager in model.managers {
            for operation in manager.operations {
                servers[operation.serverId, default: []].append(operation.operationId)
                constantNames[operation.serverId] = operation.serverConstantName
            }
        }
        func constantName(_ id: String) -> String { constantNames[id] ?? id }
        guard !servers.isEmpty else { return nil }
        var writer = SwiftRenderer.header(model)
        writer.block("extension ServerID") { writer in
            var first = true
            for (id, operations) in servers.sorted(by: { $0.key < $1.key }) {
                if !first { writer.line() }
                first = false
                writer.documentation("The `\(id)` server (`x-server-id`), which serves \(operations.count) operation(s).")
                writer.line("package static let \(constantName(id)) = ServerID(\(SwiftRenderer.literal(id)))")
            }
            writer.line()
            writer.documentation("Every server the specification's operations are served from.")
            let all = servers.keys.sorted().map { "." + constantName($0) }
            writer.line("package static let specified: [ServerID] = [\(all.joined(separator: ", "))]")
            let urls = model.servers.filter { servers[$0.id] != nil }
            guard !urls.isEmpty else { return }
            writer.line()
            writer.documentation("Each server's URL as the specification gives it (variables at their defaults): the")
            writer.documentation("production base URLs, listed here and nowhere else.")
            writer.line("package static let specifiedURLs: [ServerID: String] = [")
            writer.indent()
            for server in urls.sorted(by: { $0.id < $1.id }) {
                writer.line(".\(constantName(server.id)): \(SwiftRenderer.literal(server.url)),")
            }
            writer.outdent()
            writer.line("]")
        }
        return GeneratedFile(path: "Servers.swift", contents: writer.text)
    }
}
