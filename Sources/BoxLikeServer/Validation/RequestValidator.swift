import BoxLikeJSON
import OpenAPIKit

/// Checks a request's parameters and JSON body against its operation in the spec.
struct RequestValidator: Sendable {
    let catalog: SpecCatalog
    var checker: SchemaChecker { SchemaChecker(components: catalog.components) }

    /// The first problem with the parameters, or `nil`.
    func parameterProblem(
        operation: SpecCatalog.Operation, pathValues: [String: String], query: [(String, String)], header: (String) -> String?
    ) -> String? {
        for parameter in operation.parameters {
            let raw: String?
            let label: String
            switch parameter.location {
            case .path:
                raw = pathValues[parameter.name]
                label = "path parameter '\(parameter.name)'"
            case .query:
                let values = query.filter { $0.0 == parameter.name }.map(\.1)
                raw = values.isEmpty ? nil : values.joined(separator: ",")
                label = "query parameter '\(parameter.name)'"
            case .header:
                // Left to the route's `BoxVersion` check, which answers with Box's own error.
                if parameter.name.lowercased() == BoxVersion.headerName { continue }
                raw = header(parameter.name)
                label = "header '\(parameter.name)'"
            case .cookie:
                continue
            }
            guard let raw else {
                if parameter.required { return "\(label) is required" }
                continue
            }
            guard let schema = parameter.schema else { continue }
            // A positive whole number can only break such a parameter's `maximum`, which the route caps.
            if parameter.capsAtMaximum, let number = Int(raw), number >= 1 { continue }
            if let problem = checker.problems(coerce(raw, schema), against: schema, at: label).first { return problem }
        }
        return nil
    }

    /// The first problem with a JSON body, or `nil`.
    func bodyProblem(_ body: JSONValue, schema: JSONSchema) -> String? {
        checker.problems(body, against: schema, at: "request body").first
    }

    private func resolved(_ schema: JSONSchema) -> JSONSchema {
        var current = schema
        for _ in 0..<8 {
            guard case .reference = current.value, let next = try? catalog.components.lookupOnce(current) else { break }
            current = next
        }
        return current
    }

    /// Turns a textual parameter into the JSON value its schema expects, so the schema
    /// checker can report a wrong type ("must be an integer") for text that does not convert.
    func coerce(_ raw: String, _ schema: JSONSchema) -> JSONValue {
        let target = resolved(schema)
        switch target.value {
        case .integer:
            return Int(raw).map(JSONValue.int) ?? .string(raw)
        case .number:
            return Double(raw).map(JSONValue.number) ?? .string(raw)
        case .boolean:
            switch raw.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return .string(raw)
            }
        case .array(_, let context):
            let parts = raw.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard let items = context.items else { return .array(parts.map(JSONValue.string)) }
            return .array(parts.map { coerce($0, items) })
        default:
            return .string(raw)
        }
    }
}
