import BoxLikeJSON
import Foundation
import OpenAPIKit
import Synchronization
import Yams

/// The operations of the OpenAPI document, indexed for matching requests, parsed once per
/// process and path because tests start many servers.
final class SpecCatalog: Sendable {
    struct Parameter: Sendable {
        enum Location: String, Sendable {
            case path
            case query
            case header
            case cookie
        }

        var name: String
        var location: Location
        var required: Bool
        var schema: JSONSchema?
        var explode: Bool
        /// `x-box-caps-at-maximum: true`: Box serves a value above the schema's `maximum` as the
        /// maximum (a page `limit` past 1,000 gives 1,000 entries) instead of refusing it, so
        /// validation leaves such a value to the route, which caps it.
        var capsAtMaximum = false
    }

    struct Operation: Sendable {
        var id: String
        var method: String
        var pathTemplate: String
        var segments: [String?]
        var segmentNames: [String?]
        var basePaths: [String]
        var parameters: [Parameter]
        var bodyRequired: Bool
        /// Request body schemas by media type.
        var bodySchemas: [String: JSONSchema?]
        /// Response schemas by status (`200`, `default`, `2XX`) then media type.
        var responses: [String: [String: JSONSchema?]]

        var literalCount: Int { segments.compactMap { $0 }.count }
    }

    let operations: [Operation]
    let components: OpenAPI.Components
    /// Each operation's place in ``operations``, by id.
    private let positions: [String: Int]

    private static let cache = Mutex<[String: SpecCatalog]>([:])

    /// The catalog for `path`, or the bundled spec when `nil`; parsed at most once per path.
    static func shared(path: String? = nil) throws -> SpecCatalog {
        let resolved = try path ?? defaultSpecPath()
        return try cache.withLock { cached in
            if let catalog = cached[resolved] { return catalog }
            let catalog = try SpecCatalog(contentsOf: resolved)
            cached[resolved] = catalog
            return catalog
        }
    }

    /// Where the spec is: `BOXLIKE_SPEC_PATH`, the bundled resource, then the source tree.
    static func defaultSpecPath() throws -> String {
        if let override = ProcessInfo.processInfo.environment["BOXLIKE_SPEC_PATH"], !override.isEmpty {
            return override
        }
        if let bundled = bundledSpecPath() { return bundled }
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("specs/boxlike.yaml").path
        if FileManager.default.fileExists(atPath: sourceTree) { return sourceTree }
        throw BoxLikeServerError.specUnavailable("boxlike.yaml was found neither in the bundle nor at \(sourceTree)")
    }

    /// The spec copied into the resource bundle, if the symlink survived the copy.
    static func bundledSpecPath() -> String? {
        let candidates = [
            Bundle.module.url(forResource: "boxlike", withExtension: "yaml", subdirectory: "Resources"),
            Bundle.module.url(forResource: "boxlike", withExtension: "yaml"),
        ]
        for case let url? in candidates where FileManager.default.isReadableFile(atPath: url.path) {
            if let data = FileManager.default.contents(atPath: url.path), !data.isEmpty { return url.path }
        }
        return nil
    }

    init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw BoxLikeServerError.specUnavailable("cannot read \(path)")
        }
        let document: OpenAPI.Document
        let capped: Set<String>
        do {
            (document, capped) = try Self.decodeDocument(text)
        } catch {
            throw BoxLikeServerError.specUnavailable("cannot parse \(path): \(error)")
        }
        components = document.components
        let documentBases = document.servers.map { Self.basePath(of: $0) }
        var operations: [Operation] = []
        var fragmentOperations: [Operation] = []
        for (path, pathEither) in document.paths {
            guard let item = document.components[pathEither] else { continue }
            let pathParameters = item.parameters.compactMap { document.components[$0] }
            for endpoint in item.endpoints {
                let operation = endpoint.operation
                var parameters = pathParameters
                for parameter in operation.parameters.compactMap({ document.components[$0] }) {
                    parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
                    parameters.append(parameter)
                }
                let servers = operation.servers ?? item.servers
                let bases = servers.map { $0.map(Self.basePath(of:)) } ?? documentBases
                // Box's spec tells apart operations on one path with a `#fragment` in the key.
                let components = path.components.map { component in component.firstIndex(of: "#").map { String(component[..<$0]) } ?? component }
                let template = "/" + components.joined(separator: "/")
                let segments: [String?] = components.map { $0.hasPrefix("{") && $0.hasSuffix("}") ? nil : $0 }
                let names: [String?] = components.map { $0.hasPrefix("{") && $0.hasSuffix("}") ? String($0.dropFirst().dropLast()) : nil }
                var bodySchemas: [String: JSONSchema?] = [:]
                var bodyRequired = false
                if let bodyEither = operation.requestBody, let body = document.components[bodyEither] {
                    bodyRequired = body.required
                    for (contentType, content) in body.content {
                        bodySchemas[contentType.rawValue.lowercased()] = document.components[content]?.schema
                    }
                }
                var responses: [String: [String: JSONSchema?]] = [:]
                for (status, responseEither) in operation.responses {
                    guard let response = document.components[responseEither] else { continue }
                    var byType: [String: JSONSchema?] = [:]
                    for (contentType, content) in response.content {
                        byType[contentType.rawValue.lowercased()] = document.components[content]?.schema
                    }
                    responses[status.rawValue.uppercased()] = byType
                }
                let described = Operation(
                    id: operation.operationId ?? "\(endpoint.method.rawValue) \(template)",
                    method: endpoint.method.rawValue.uppercased(), pathTemplate: template, segments: segments,
                    segmentNames: names, basePaths: bases.isEmpty ? [""] : bases,
                    parameters: parameters.map { parameter in
                        Self.parameter(parameter, components: document.components,
                                       capsAtMaximum: capped.contains(Self.capKey(path.rawValue, endpoint.method.rawValue, parameter.name)))
                    },
                    bodyRequired: bodyRequired, bodySchemas: bodySchemas, responses: responses)
                if path.rawValue.contains("#") {
                    fragmentOperations.append(described)
                } else {
                    operations.append(described)
                }
            }
        }
        // The document's order is lost on its way through JSON, so ties between operations Box
        // describes on one path (`PUT /files/{file_id}` and its `#add_shared_link`...) would be
        // broken at random: the plain operation comes first, wins `match` and has its
        // problems reported first.
        self.operations = operations + fragmentOperations
        self.positions = Dictionary(self.operations.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The operations with these ids, in the catalog's order (an operation on a plain path
    /// before its `#fragment` variants); ids the spec does not have are left out.
    func operations(withIds ids: [String]) -> [Operation] {
        ids.compactMap { positions[$0] }.sorted().map { operations[$0] }
    }


    /// Decodes the YAML by way of JSON: composing YAML nodes and letting Foundation's JSON
    /// decoder drive OpenAPIKit is several times faster than Yams' decoder in debug builds,
    /// where most test runs happen.
    ///
    /// Two things the catalog never reads are left out of the decoding, which they made most
    /// of every server process's start (60 % of a sample's run): examples (`example`,
    /// `examples`; a property named `example` stays, since inside `properties` and the other
    /// maps keyed by names every key is kept), and OpenAPIKit's vendor extensions, which it
    /// finds by decoding each schema a second time as a free-form value, once per level of
    /// nesting. The one extension the catalog reads, `x-box-caps-at-maximum` on a parameter,
    /// is collected from the document's tree instead, as keys made by ``capKey(_:_:_:)``.
    static func decodeDocument(_ text: String) throws -> (document: OpenAPI.Document, capped: Set<String>) {
        let decoder = JSONDecoder()
        decoder.userInfo[VendorExtensionsConfiguration.enabledKey] = false
        guard let json = try specJSON(text) else {
            return (try YAMLDecoder().decode(OpenAPI.Document.self, from: text), [])
        }
        return (try decoder.decode(OpenAPI.Document.self, from: Data(json.serialized())), cappedParameters(in: json))
    }

    /// The YAML document as JSON, without its examples unless `keepingExamples`; `nil` when it
    /// uses what JSON cannot say (an alias, a key that is not a string).
    static func specJSON(_ text: String, keepingExamples: Bool = false) throws -> JSONValue? {
        guard let node = try Yams.compose(yaml: text, .basic) else { return nil }
        return jsonValue(of: node, keyedByNames: false, keepingExamples: keepingExamples)
    }

    /// The key of an operation's parameter among the capped ones.
    static func capKey(_ path: String, _ method: String, _ name: String) -> String {
        "\(method.uppercased()) \(path) \(name)"
    }

    /// The parameters marked `x-box-caps-at-maximum: true`, inline on an operation or its path.
    static func cappedParameters(in document: JSONValue) -> Set<String> {
        guard case .object(let paths)? = document["paths"] else { return [] }
        var keys: Set<String> = []
        let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        for (path, item) in paths {
            let shared = capped(item["parameters"])
            for method in methods {
                guard let operation = item[method] else { continue }
                for name in shared.union(capped(operation["parameters"])) {
                    keys.insert(capKey(path, method, name))
                }
            }
        }
        return keys

        func capped(_ parameters: JSONValue?) -> Set<String> {
            guard case .array(let list)? = parameters else { return [] }
            return Set(list.compactMap { parameter -> String? in
                guard parameter["x-box-caps-at-maximum"] == .bool(true), case .string(let name)? = parameter["name"] else { return nil }
                return name
            })
        }
    }

    /// Keys whose value is a map keyed by names the spec's author chose (a property named
    /// `example`), where no key is left out.
    private static let mapsKeyedByNames: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "schemas", "mapping", "paths",
        "responses", "parameters", "headers", "requestBodies", "securitySchemes", "links", "callbacks",
        "pathItems", "webhooks", "content", "encoding", "variables", "scopes",
    ]

    private static func jsonValue(of node: Node, keyedByNames: Bool, keepingExamples: Bool) -> JSONValue? {
        switch node {
        case .scalar(let scalar):
            // Composed without implicit resolution (no regular expression per scalar); a
            // plain scalar is typed here as YAML 1.1's default rules type it: the null and
            // boolean words directly, anything that may be a number by those rules.
            guard scalar.style == .plain else { return .string(scalar.string) }
            switch scalar.string {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return .bool(true)
            case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return .bool(false)
            default: break
            }
            guard let first = scalar.string.utf8.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
                || first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                return .string(scalar.string)
            }
            switch Resolver.default.resolveTag(of: node).rawValue {
            case Tag.Name.int.rawValue: return Int.construct(from: scalar).map(JSONValue.int)
            case Tag.Name.float.rawValue: return Double.construct(from: scalar).map(JSONValue.number)
            default: return .string(scalar.string)
            }
        case .mapping(let mapping):
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping {
                guard let name = key.string else { return nil }
                if !keyedByNames, !keepingExamples, name == "example" || name == "examples" { continue }
                let inner = !keyedByNames && mapsKeyedByNames.contains(name)
                guard let converted = jsonValue(of: value, keyedByNames: inner, keepingExamples: keepingExamples) else { return nil }
                object[name] = converted
            }
            return .object(object)
        case .sequence(let sequence):
            var elements: [JSONValue] = []
            for element in sequence {
                guard let converted = jsonValue(of: element, keyedByNames: false, keepingExamples: keepingExamples) else { return nil }
                elements.append(converted)
            }
            return .array(elements)
        case .alias:
            return nil
        }
    }

    private static func parameter(_ parameter: OpenAPI.Parameter, components: OpenAPI.Components, capsAtMaximum caps: Bool) -> Parameter {
        let location: Parameter.Location
        switch parameter.location {
        case .path: location = .path
        case .query: location = .query
        case .header: location = .header
        default: location = .cookie
        }
        var schema: JSONSchema?
        var explode = false
        if case .a(let context) = parameter.schemaOrContent {
            schema = try? components.lookup(context.schema)
            explode = context.explode
        }
        return Parameter(
            name: parameter.name, location: location, required: parameter.required, schema: schema, explode: explode,
            capsAtMaximum: caps)
    }

    private static func basePath(of server: OpenAPI.Server) -> String {
        var path = URLComponents(string: server.urlTemplate.absoluteString)?.path ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Every operation that serves `method` on `path` equally well: several when the spec
    /// tells them apart only by a `#fragment` (`/shared_items#folders`).
    func matches(method: String, path: String) -> [Operation] {
        guard let (best, _) = match(method: method, path: path) else { return [] }
        return operations.filter { $0.method == method && $0.pathTemplate == best.pathTemplate && $0.basePaths == best.basePaths }
    }

    /// The operation serving `method` on `path` (a full request path such as `/2.0/files/1`),
    /// preferring templates with more literal segments, and its path parameters.
    func match(method: String, path: String) -> (Operation, [String: String])? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var best: (Operation, [String: String])?
        for operation in operations where operation.method == method {
            for base in operation.basePaths {
                let baseSegments = base.split(separator: "/").map(String.init)
                guard segments.count == baseSegments.count + operation.segments.count,
                      Array(segments.prefix(baseSegments.count)) == baseSegments
                else { continue }
                var values: [String: String] = [:]
                var matched = true
                for (index, literal) in operation.segments.enumerated() {
                    let actual = segments[baseSegments.count + index]
                    if let literal {
                        if literal != actual { matched = false; break }
                    } else if let name = operation.segmentNames[index] {
                        values[name] = actual.removingPercentEncoding ?? actual
                    }
                }
                if matched, best == nil || operation.literalCount > (best?.0.literalCount ?? 0) {
                    best = (operation, values)
                }
            }
        }
        return best
    }

    /// The JSON schema documented for a response, or `nil` when the response has no JSON body.
    func responseSchema(for operation: Operation, status: Int) -> (documented: Bool, schema: JSONSchema?) {
        let keys = [String(status), "\(status / 100)XX", "DEFAULT"]
        for key in keys {
            if let content = operation.responses[key] {
                let json = content.first { $0.key.contains("json") }
                return (true, json?.value ?? nil)
            }
        }
        return (false, nil)
    }
}
