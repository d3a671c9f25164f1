import Foundation
@testable import BoxLikeServer

/// Checks responses against the response schemas in the spec, with the same schema checker
/// the server uses for requests.
enum SpecConformance {
    static func problems(method: String, url: String, result: HTTPResult) -> [String] {
        guard let catalog = try? SpecCatalog.shared(), let path = URLComponents(string: url)?.path,
              let (operation, _) = catalog.match(method: method, path: path)
        else { return [] }
        let (documented, schema) = catalog.responseSchema(for: operation, status: result.status)
        guard documented else { return ["status \(result.status) is not documented for \(operation.id)"] }
        guard let schema else { return [] }
        let contentType = result.header("content-type") ?? ""
        guard contentType.contains("json") else { return ["\(operation.id) answered \(contentType) instead of JSON"] }
        guard let json = result.json else { return ["\(operation.id) answered invalid JSON"] }
        return SchemaChecker(components: catalog.components).problems(json, against: schema, at: "response")
    }
}
