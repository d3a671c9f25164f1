/// What an object in an OpenAPI document is, by where it sits.
enum SpecObjectKind: Hashable, Sendable {
    case document, components, pathItem, operation, callback
    case parameter, header, requestBody, response, mediaType, encoding
    case schema, example, link, securityScheme
    case info, tag

    /// The `components` section that holds objects of this kind.
    var componentsSection: String? {
        switch self {
        case .pathItem: "pathItems"
        case .callback: "callbacks"
        case .parameter: "parameters"
        case .header: "headers"
        case .requestBody: "requestBodies"
        case .response: "responses"
        case .mediaType: "mediaTypes"
        case .schema: "schemas"
        case .example: "examples"
        case .link: "links"
        case .securityScheme: "securitySchemes"
        case .document, .components, .operation, .encoding, .info, .tag: nil
        }
    }
}

/// Walks the objects of an OpenAPI document by their structure, so the pre-pass knows
/// that `#/paths/~1a/get/responses/200/content/application~1json/schema` is a schema and
/// the `$ref` in an `example` value is data.
///
/// `visit` sees each object before its children and may replace it; unless it answers
/// ``Next/skipChildren``, the walk then goes into what `visit` left there.
struct SpecWalker {
    /// Whether to walk into the children of what `visit` left.
    enum Next {
        case walkChildren, skipChildren
    }

    typealias Visit = (inout SpecValue, SpecObjectKind, JSONPointer) -> Next

    private let visit: Visit

    init(visit: @escaping Visit) {
        self.visit = visit
    }

    /// Walks `value`, an object of `kind` at `pointer`, and everything below it.
    func walk(_ value: inout SpecValue, as kind: SpecObjectKind, at pointer: JSONPointer) {
        guard visit(&value, kind, pointer) == .walkChildren else { return }
        value.withObject { object in
            object.updateValues { key, child in
                for (childKind, shape) in Self.children(of: kind, key: key) {
                    walk(&child, shape: shape, as: childKind, at: pointer.appending(key))
                }
            }
        }
    }

    /// Walks `value` as ``walk(_:as:at:)`` does but only reads it, so several readers can
    /// walk the same tree side by side (and nothing is copied).
    static func read(_ value: SpecValue, as kind: SpecObjectKind, at pointer: JSONPointer,
                     _ visit: (SpecValue, SpecObjectKind, JSONPointer) -> Next) {
        guard visit(value, kind, pointer) == .walkChildren, case .object(let object) = value else { return }
        for entry in object.entries {
            for (childKind, shape) in children(of: kind, key: entry.key) {
                read(entry.value, shape: shape, as: childKind, at: pointer.appending(entry.key), visit)
            }
        }
    }

    private static func read(_ value: SpecValue, shape: Shape, as kind: SpecObjectKind, at pointer: JSONPointer,
                             _ visit: (SpecValue, SpecObjectKind, JSONPointer) -> Next) {
        switch shape {
        case .single:
            read(value, as: kind, at: pointer, visit)
        case .map, .mapWithExtensions:
            guard case .object(let object) = value else { return }
            for entry in object.entries where !(shape == .mapWithExtensions && entry.key.hasPrefix("x-")) {
                read(entry.value, as: kind, at: pointer.appending(entry.key), visit)
            }
        case .list, .singleOrList:
            if case .array(let elements) = value {
                for (index, element) in elements.enumerated() {
                    read(element, as: kind, at: pointer.appending(String(index)), visit)
                }
            } else if shape == .singleOrList {
                read(value, as: kind, at: pointer, visit)
            }
        }
    }

    /// How a member holds its objects.
    private enum Shape {
        case single, map, mapWithExtensions, list, singleOrList
    }

    private func walk(_ value: inout SpecValue, shape: Shape, as kind: SpecObjectKind, at pointer: JSONPointer) {
        switch shape {
        case .single:
            walk(&value, as: kind, at: pointer)
        case .map, .mapWithExtensions:
            value.withObject { object in
                object.updateValues { key, child in
                    if shape == .mapWithExtensions, key.hasPrefix("x-") { return }
                    walk(&child, as: kind, at: pointer.appending(key))
                }
            }
        case .list, .singleOrList:
            if case .array = value {
                value.withArray { elements in
                    for index in elements.indices {
                        walk(&elements[index], as: kind, at: pointer.appending(String(index)))
                    }
                }
            } else if shape == .singleOrList {
                walk(&value, as: kind, at: pointer)
            }
        }
    }

    private static let operationKeys: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch",
                                                     "trace", "query"]

    /// The kinds of objects a member of a `kind` object holds.
    private static func children(of kind: SpecObjectKind, key: String) -> [(SpecObjectKind, Shape)] {
        switch (kind, key) {
        case (.document, "paths"), (.document, "webhooks"): [(.pathItem, .mapWithExtensions)]
        case (.document, "components"): [(.components, .single)]
        case (.document, "info"): [(.info, .single)]
        case (.document, "tags"): [(.tag, .list)]
        case (.components, _): componentsChildren(key)
        case (.pathItem, "parameters"), (.operation, "parameters"): [(.parameter, .list)]
        case (.pathItem, "additionalOperations"): [(.operation, .map)]
        case (.pathItem, _) where operationKeys.contains(key): [(.operation, .single)]
        case (.operation, "requestBody"): [(.requestBody, .single)]
        case (.operation, "responses"): [(.response, .mapWithExtensions)]
        case (.operation, "callbacks"): [(.callback, .map)]
        case (.callback, _) where !key.hasPrefix("x-"): [(.pathItem, .single)]
        case (.parameter, "schema"), (.header, "schema"): [(.schema, .single)]
        case (.parameter, "content"), (.header, "content"), (.requestBody, "content"),
             (.response, "content"): [(.mediaType, .map)]
        case (.parameter, "examples"), (.header, "examples"), (.mediaType, "examples"): [(.example, .map)]
        case (.response, "headers"), (.encoding, "headers"): [(.header, .map)]
        case (.response, "links"): [(.link, .map)]
        case (.mediaType, "schema"), (.mediaType, "itemSchema"): [(.schema, .single)]
        case (.mediaType, "encoding"): [(.encoding, .map)]
        case (.schema, _): schemaChildren(key)
        default: []
        }
    }

    private static func componentsChildren(_ key: String) -> [(SpecObjectKind, Shape)] {
        let kinds: [String: SpecObjectKind] = [
            "schemas": .schema, "responses": .response, "parameters": .parameter, "examples": .example,
            "requestBodies": .requestBody, "headers": .header, "securitySchemes": .securityScheme,
            "links": .link, "callbacks": .callback, "pathItems": .pathItem, "mediaTypes": .mediaType,
        ]
        return kinds[key].map { [($0, .map)] } ?? []
    }

    private static func schemaChildren(_ key: String) -> [(SpecObjectKind, Shape)] {
        switch key {
        case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas": [(.schema, .map)]
        case "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not", "contains",
             "propertyNames", "if", "then", "else", "contentSchema": [(.schema, .single)]
        case "items": [(.schema, .singleOrList)]
        case "allOf", "anyOf", "oneOf", "prefixItems": [(.schema, .list)]
        default: []
        }
    }
}
