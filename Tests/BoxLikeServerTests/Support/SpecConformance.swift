import Foundation
@testable import BoxLikeServer

/// Checks responses against the response schemas in the spec, with the same schema checker
/// the server uses for requests.
enum SpecConformance {
    /// The response's problems against the operation it answers; where several operations
    /// share the path (told apart by a `#fragment`), against the one it fits best.
    static func problems(method: String, url: String, result: HTTPResult) -> [String] {
        guard let catalog = try? SpecCatalog.shared(), let path = URLComponents(string: url)?.path else { return [] }
        let found = catalog.matches(method: method, path: path).map { problems(operation: $0, catalog: catalog, result: result) }
        return found.min { $0.count < $1.count } ?? []
    }

    private static func problems(operation: SpecCatalog.Operation, catalog: SpecCatalog, result: HTTPResult) -> [String] {
        let (documented, schema) = catalog.responseSchema(for: operation, status: result.status)
        guard documented else { return ["status \(result.status) is not documented for \(operation.id)"] }
        guard let schema else { return [] }
        let contentType = result.header("content-type") ?? ""
        guard contentType.contains("json") else { return ["\(operation.id) answered \(contentType) instead of JSON"] }
        guard let json = result.json else { return ["\(operation.id) answered invalid JSON"] }
        return SchemaChecker(components: catalog.components).problems(json, against: schema, at: "response")
    }
}
