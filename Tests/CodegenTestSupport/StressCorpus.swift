import Foundation

/// Documents written in the styles large public descriptions use, built in code so the
/// tests hold no megabytes of fixtures: each is generated and compiled by the codegen tests.
package enum StressCorpus {
    /// The corpus by name, each with the file name its diagnostics use.
    package static let names = ["giant-3.1", "stripe-like", "github-like", "constructs"]

    /// Schemas enough for the giant document to hold every combination of any three of its
    /// schemas' variant dimensions: each schema varies by its index modulo 3, 4 (and so 2), 5
    /// and 7, and any 140 consecutive indices hold every combination of 4, 5 and 7 (their
    /// least common multiple), of 3, 5 and 7 (105), of 3, 4 and 7 (84) and of 3, 4 and 5 (60).
    /// The codegen tests generate and type-check this size, a tenth of the full document's
    /// type-checking time; the release benchmark and `codegen-synthetic` generate the full 1,500.
    package static let giantEveryVariantSchemas = 140

    /// The document named `name` (one of ``names``), as JSON text.
    package static func document(_ name: String) -> String? {
        switch name {
        case "giant-3.1": giant31(schemas: 1500)
        case "stripe-like": stripeLike(resources: 40)
        case "github-like": githubLike(operations: 300)
        case "constructs": ConstructsDocument.json
        default: nil
        }
    }

    /// JSON text for a tree of dictionaries and arrays, keys sorted (deterministic).
    static func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: One giant 3.1 file

    /// A 3.1 document with `schemas` component schemas using every keyword of JSON Schema
    /// 2020-12 that OpenAPI 3.1 documents write, and forms converted documents carry
    /// (`nullable`, integer bounds as floats), with an operation for every ten schemas.
    package static func giant31(schemas: Int) -> String {
        var components: [String: Any] = [:]
        for index in 0..<schemas {
            components["Thing\(index)"] = giantSchema(index, count: schemas)
        }
        components["Event"] = [
            "oneOf": (0..<4).map { ["$ref": "#/components/schemas/Thing\($0 * 7 % schemas)"] },
            "discriminator": ["propertyName": "kind"],
        ] as [String: Any]
        var paths: [String: Any] = [:]
        for index in stride(from: 0, to: schemas, by: 10) {
            let ref = ["$ref": "#/components/schemas/Thing\(index)"]
            paths["/things\(index)/{thing_id}"] = [
                "parameters": [["name": "thing_id", "in": "path", "required": true,
                                "schema": ["type": "string", "pattern": "^[0-9]+$"]]],
                "get": [
                    "operationId": "getThing\(index)",
                    "tags": ["Things \(index / 100)"],
                    "parameters": [["name": "fields", "in": "query", "style": "form", "explode": false,
                                    "schema": ["type": "array", "items": ["type": "string"], "uniqueItems": true]]],
                    "responses": [
                        "200": ["description": "The thing.", "content": ["application/json": ["schema": ref]]],
                        "default": ["description": "An error.",
                                    "content": ["application/problem+json": ["schema": ["$ref": "#/components/schemas/Problem"]]]],
                    ],
                ] as [String: Any],
                "patch": [
                    "operationId": "updateThing\(index)",
                    "tags": ["Things \(index / 100)"],
                    "requestBody": ["required": true, "content": ["application/merge-patch+json": ["schema": ref]]],
                    "responses": ["200": ["description": "The thing.", "content": ["application/json": ["schema": ref]]]],
                ] as [String: Any],
            ] as [String: Any]
        }
        components["Problem"] = [
            "type": "object",
            "properties": ["type": ["type": "string", "format": "uri-reference"], "title": ["type": "string"],
                           "status": ["type": "integer", "minimum": 100, "exclusiveMaximum": 600]],
            "required": ["type"],
        ] as [String: Any]
        return json([
            "openapi": "3.1.0",
            "info": ["title": "Giant", "version": "1.0.0", "summary": "Every keyword, many times."],
            "jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
            "servers": [["url": "https://api.example.com/v1"]],
            "paths": paths,
            "components": ["schemas": components],
        ] as [String: Any])
    }

    private static func giantSchema(_ index: Int, count: Int) -> [String: Any] {
        let next = "#/components/schemas/Thing\((index + 1) % count)"
        var properties: [String: Any] = [
            "id": ["type": "string", "format": "uuid", "readOnly": true],
            "kind": ["const": "thing\(index % 4)"],
            "count": ["type": ["integer", "null"], "format": "int64", "minimum": -9.223372036854776e18,
                      "maximum": 9.223372036854776e18],
            "ratio": ["type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1, "multipleOf": 0.01],
            "label": ["type": "string", "minLength": 1, "maxLength": 2e2, "pattern": "^[a-z]+$",
                      "examples": ["alpha", "beta"], "$comment": "a label"],
            "state": ["type": "string", "enum": ["open", "closed", "in-review", "2fa"], "default": "open"],
            "created_at": ["type": "string", "format": "date-time", "deprecated": index % 5 == 0],
            "tags": ["type": "array", "items": ["type": "string"], "minItems": 0, "maxItems": 1e2,
                     "uniqueItems": true],
            "secret": ["type": "string", "format": "password", "writeOnly": true],
            "attributes": ["type": "object", "additionalProperties": ["type": "string"],
                           "propertyNames": ["pattern": "^[a-z]"], "maxProperties": 20],
            "next": ["anyOf": [["$ref": next], ["type": "null"]]],
            "value": ["type": ["string", "integer", "boolean"]],
            "payload": ["contentMediaType": "application/json", "contentEncoding": "base64", "type": "string"],
            "legacy": ["type": "string", "nullable": true],
        ]
        if index % 3 == 0 {
            properties["pair"] = ["type": "array", "prefixItems": [["type": "string"], ["type": "integer"]],
                                  "items": false]
        }
        if index % 4 == 1 {
            properties["choice"] = ["oneOf": [["type": "string", "format": "email"],
                                              ["type": "object", "properties": ["id": ["type": "integer"]]]]]
        }
        var schema: [String: Any] = [
            "type": "object",
            "title": "Thing \(index)",
            "description": "Thing number \(index).\n\nIt has **Markdown** and `code`.",
            "properties": properties,
            "required": ["id", "kind"],
            "dependentRequired": ["label": ["state"]],
            "unevaluatedProperties": false,
            "x-thing-index": index,
        ]
        if index % 2 == 0 {
            schema["allOf"] = [["$ref": "#/components/schemas/Thing\((index + 3) % count)"]]
        }
        if index % 7 == 0 {
            schema["$defs"] = ["local": ["type": "string"]]
            schema["if"] = ["properties": ["state": ["const": "closed"]]]
            schema["then"] = ["required": ["label"]]
        }
        return schema
    }

    // MARK: Stripe-like

    /// A 3.0 document in the style of Stripe's: resources whose fields are expandable (an
    /// id or the object, `anyOf` with `x-expansionResources`), `anyOf` nested several
    /// levels, `nullable` everywhere, form-encoded request bodies with nested objects,
    /// list envelopes and `expand[]` query parameters.
    package static func stripeLike(resources: Int) -> String {
        var schemas: [String: Any] = [:]
        var paths: [String: Any] = [:]
        for index in 0..<resources {
            let name = "resource_\(index)"
            let other = "resource_\((index + 1) % resources)"
            let third = "resource_\((index + 7) % resources)"
            let expandable = { (target: String) -> [String: Any] in
                [
                    "anyOf": [["maxLength": 5000, "type": "string"], ["$ref": "#/components/schemas/\(target)"]],
                    "description": "The id of the \(target), or the object when expanded.",
                    "nullable": true,
                    "x-expansionResources": ["oneOf": [["$ref": "#/components/schemas/\(target)"]]],
                ]
            }
            schemas[name] = [
                "type": "object",
                "title": name,
                "description": "Resource \(index).",
                "properties": [
                    "id": ["type": "string", "maxLength": 5000],
                    "object": ["type": "string", "enum": [name]],
                    "created": ["type": "integer", "format": "unix-time"],
                    "livemode": ["type": "boolean"],
                    "metadata": ["type": "object", "additionalProperties": ["maxLength": 500, "type": "string"],
                                 "nullable": true],
                    "owner": expandable(other),
                    "source": expandable(third),
                    "amount": ["type": "integer"],
                    "settings": [
                        "anyOf": [[
                            "type": "object",
                            "properties": [
                                "branding": ["anyOf": [[
                                    "type": "object",
                                    "properties": [
                                        "icon": ["anyOf": [["maxLength": 5000, "type": "string"],
                                                           ["$ref": "#/components/schemas/\(other)"]]],
                                        "colors": ["anyOf": [["type": "object", "properties": [
                                            "primary": ["type": "string", "nullable": true],
                                        ]], ["type": "string", "enum": [""]]]],
                                    ],
                                ]], "nullable": true],
                            ],
                        ] as [String: Any]],
                        "nullable": true,
                    ] as [String: Any],
                    "status": ["type": "string", "enum": ["active", "canceled", "incomplete_expired", "past_due"]],
                ] as [String: Any],
                "required": ["id", "object", "created", "livemode"],
                "x-expandableFields": ["owner", "source", "settings"],
                "x-resourceId": name,
            ] as [String: Any]
            let listName = "\(name)_list"
            let expand: [String: Any] = [
                "name": "expand", "in": "query", "style": "deepObject", "explode": true,
                "description": "Fields to expand.",
                "schema": ["type": "array", "items": ["maxLength": 5000, "type": "string"]],
            ]
            let list: [String: Any] = [
                "type": "object",
                "properties": [
                    "object": ["type": "string", "enum": ["list"]],
                    "data": ["type": "array", "items": ["$ref": "#/components/schemas/\(name)"]],
                    "has_more": ["type": "boolean"],
                    "url": ["type": "string", "maxLength": 5000, "pattern": "^/v1/things"],
                ],
                "required": ["object", "data", "has_more", "url"],
                "title": listName,
            ]
            let object = ["application/json": ["schema": ["$ref": "#/components/schemas/\(name)"]]]
            let error = ["description": "Error response.",
                         "content": ["application/json": ["schema": ["$ref": "#/components/schemas/error"]]]] as [String: Any]
            paths["/v1/resource_\(index)s"] = [
                "get": [
                    "operationId": "GetResource\(index)s",
                    "parameters": [
                        expand,
                        ["name": "limit", "in": "query", "schema": ["type": "integer"]],
                        ["name": "starting_after", "in": "query", "schema": ["type": "string", "maxLength": 5000]],
                        ["name": "created", "in": "query", "style": "deepObject", "explode": true, "schema": [
                            "anyOf": [["type": "object", "properties": ["gt": ["type": "integer"],
                                                                         "lt": ["type": "integer"]]],
                                      ["type": "integer"]],
                        ]],
                    ] as [Any],
                    "responses": ["200": ["description": "Successful response.",
                                          "content": ["application/json": ["schema": list]]],
                                  "default": error],
                ] as [String: Any],
                "post": [
                    "operationId": "PostResource\(index)s",
                    "requestBody": ["required": false, "content": ["application/x-www-form-urlencoded": [
                        "encoding": ["metadata": ["explode": true, "style": "deepObject"]],
                        "schema": ["type": "object", "properties": [
                            "amount": ["type": "integer"],
                            "expand": ["type": "array", "items": ["maxLength": 5000, "type": "string"]],
                            "metadata": ["anyOf": [["type": "object", "additionalProperties": ["type": "string"]],
                                                   ["type": "string", "enum": [""]]]],
                            "owner": ["type": "string", "maxLength": 5000],
                        ]],
                    ]]],
                    "responses": ["200": ["description": "Successful response.", "content": object],
                                  "default": error],
                ] as [String: Any],
            ] as [String: Any]
            paths["/v1/resource_\(index)s/{id}"] = [
                "get": [
                    "operationId": "GetResource\(index)sId",
                    "parameters": [expand, ["name": "id", "in": "path", "required": true,
                                            "schema": ["type": "string", "maxLength": 5000]]],
                    "responses": ["200": ["description": "Successful response.", "content": object],
                                  "default": error],
                ] as [String: Any],
            ]
        }
        schemas["error"] = [
            "type": "object",
            "properties": ["error": ["type": "object", "properties": [
                "code": ["type": "string", "maxLength": 5000],
                "message": ["type": "string", "maxLength": 40000],
                "type": ["type": "string", "enum": ["api_error", "card_error", "idempotency_error",
                                                    "invalid_request_error"]],
            ], "required": ["type"]]],
            "required": ["error"],
        ] as [String: Any]
        return json([
            "openapi": "3.0.0",
            "info": ["title": "Stripe-like", "version": "2024-06-20"],
            "servers": [["url": "https://api.example.com/"]],
            "security": [["basicAuth": []], ["bearerAuth": []]],
            "paths": paths,
            "components": [
                "schemas": schemas,
                "securitySchemes": [
                    "basicAuth": ["type": "http", "scheme": "basic"],
                    "bearerAuth": ["type": "http", "scheme": "bearer"],
                ],
            ],
        ] as [String: Any])
    }

    // MARK: GitHub-like

    /// A 3.0 document in the style of GitHub's: shared parameters and responses in
    /// `components`, each referenced by hundreds of operations, `nullable` references via
    /// `allOf`, and a few resources reused everywhere.
    package static func githubLike(operations: Int) -> String {
        let parameters: [String: Any] = [
            "owner": ["name": "owner", "in": "path", "required": true, "description": "The account owner.",
                      "schema": ["type": "string"]],
            "repo": ["name": "repo", "in": "path", "required": true, "description": "The repository's name.",
                     "schema": ["type": "string"]],
            "per-page": ["name": "per_page", "in": "query", "description": "Results per page (max 100).",
                         "schema": ["type": "integer", "default": 30]],
            "page": ["name": "page", "in": "query", "description": "The page number.",
                     "schema": ["type": "integer", "default": 1]],
            "since": ["name": "since", "in": "query", "schema": ["type": "string", "format": "date-time"]],
            "direction": ["name": "direction", "in": "query",
                          "schema": ["type": "string", "enum": ["asc", "desc"]]],
        ]
        let responses: [String: Any] = [
            "not_found": ["description": "Resource not found",
                          "content": ["application/json": ["schema": ["$ref": "#/components/schemas/basic-error"]]]],
            "forbidden": ["description": "Forbidden",
                          "content": ["application/json": ["schema": ["$ref": "#/components/schemas/basic-error"]]]],
            "validation_failed": ["description": "Validation failed",
                                  "content": ["application/json": ["schema": ["$ref": "#/components/schemas/validation-error"]]]],
            "not_modified": ["description": "Not modified"],
        ]
        let schemas: [String: Any] = [
            "basic-error": ["type": "object", "properties": [
                "message": ["type": "string"], "documentation_url": ["type": "string"],
                "url": ["type": "string"], "status": ["type": "string"],
            ]],
            "validation-error": ["type": "object", "required": ["message", "documentation_url"], "properties": [
                "message": ["type": "string"], "documentation_url": ["type": "string"],
                "errors": ["type": "array", "items": ["type": "object", "required": ["code"], "properties": [
                    "resource": ["type": "string"], "field": ["type": "string"], "code": ["type": "string"],
                    "value": ["oneOf": [["type": "string", "nullable": true], ["type": "integer", "nullable": true],
                                        ["type": "array", "nullable": true, "items": ["type": "string"]]]],
                ]]],
            ]],
            "simple-user": ["title": "Simple User", "type": "object", "required": ["login", "id", "type"], "properties": [
                "name": ["type": "string", "nullable": true], "login": ["type": "string", "example": "octocat"],
                "id": ["type": "integer", "format": "int64"], "avatar_url": ["type": "string", "format": "uri"],
                "type": ["type": "string"], "site_admin": ["type": "boolean"],
                "starred_at": ["type": "string", "example": "\"2020-07-09T00:17:55Z\""],
            ]],
            "nullable-simple-user": ["title": "Simple User", "type": "object", "nullable": true,
                                     "properties": ["login": ["type": "string"], "id": ["type": "integer"]]],
            "repository": ["type": "object", "required": ["id", "name", "owner"], "properties": [
                "id": ["type": "integer", "format": "int64"], "name": ["type": "string"],
                "owner": ["$ref": "#/components/schemas/simple-user"],
                "template_repository": ["nullable": true, "allOf": [["$ref": "#/components/schemas/repository"]]],
                "license": ["nullable": true, "allOf": [["$ref": "#/components/schemas/license-simple"]]],
                "permissions": ["type": "object", "properties": [
                    "admin": ["type": "boolean"], "pull": ["type": "boolean"], "push": ["type": "boolean"],
                ]],
                "visibility": ["type": "string", "default": "public"],
                "topics": ["type": "array", "items": ["type": "string"]],
                "pushed_at": ["type": "string", "format": "date-time", "nullable": true],
            ]],
            "license-simple": ["type": "object", "required": ["key", "name"], "properties": [
                "key": ["type": "string"], "name": ["type": "string"],
                "spdx_id": ["type": "string", "nullable": true], "html_url": ["type": "string", "format": "uri"],
            ]],
            "issue": ["type": "object", "required": ["id", "number", "title", "user"], "properties": [
                "id": ["type": "integer", "format": "int64"], "number": ["type": "integer"],
                "title": ["type": "string"], "body": ["type": "string", "nullable": true],
                "user": ["$ref": "#/components/schemas/nullable-simple-user"],
                "state_reason": ["type": "string", "nullable": true,
                                 "enum": ["completed", "reopened", "not_planned", NSNull()] as [Any]],
                "labels": ["type": "array", "items": ["oneOf": [
                    ["type": "string"],
                    ["type": "object", "properties": ["id": ["type": "integer"], "name": ["type": "string"]]],
                ]]],
                "repository": ["$ref": "#/components/schemas/repository"],
            ]],
        ]
        var paths: [String: Any] = [:]
        let standardErrors: [String: Any] = [
            "304": ["$ref": "#/components/responses/not_modified"],
            "403": ["$ref": "#/components/responses/forbidden"],
            "404": ["$ref": "#/components/responses/not_found"],
        ]
        for index in 0..<(operations / 2) {
            let resource = ["issue", "repository", "simple-user"][index % 3]
            let item = ["$ref": "#/components/schemas/\(resource)"]
            var listResponses = standardErrors
            listResponses["200"] = ["description": "Response",
                                    "content": ["application/json": ["schema": ["type": "array", "items": item]]]]
            var createResponses = standardErrors
            createResponses["201"] = ["description": "Response", "content": ["application/json": ["schema": item]]]
            createResponses["422"] = ["$ref": "#/components/responses/validation_failed"]
            paths["/repos/{owner}/{repo}/things\(index)"] = [
                "get": [
                    "operationId": "things\(index)/list",
                    "tags": ["area\(index % 12)"],
                    "parameters": ["owner", "repo", "per-page", "page", "since", "direction"]
                        .map { ["$ref": "#/components/parameters/\($0)"] },
                    "responses": listResponses,
                ] as [String: Any],
                "post": [
                    "operationId": "things\(index)/create",
                    "tags": ["area\(index % 12)"],
                    "parameters": ["owner", "repo"].map { ["$ref": "#/components/parameters/\($0)"] },
                    "requestBody": ["required": true, "content": ["application/json": ["schema": [
                        "type": "object", "required": ["title"],
                        "properties": ["title": ["oneOf": [["type": "string"], ["type": "integer"]]],
                                       "body": ["type": "string"],
                                       "labels": ["type": "array", "items": ["type": "string"]]],
                    ]]]],
                    "responses": createResponses,
                ] as [String: Any],
            ] as [String: Any]
        }
        return json([
            "openapi": "3.0.3",
            "info": ["title": "GitHub-like", "version": "1.1.4"],
            "servers": [["url": "https://api.example.com"]],
            "tags": (0..<12).map { ["name": "area\($0)", "description": "Area \($0)."] },
            "paths": paths,
            "components": ["schemas": schemas, "parameters": parameters, "responses": responses],
        ] as [String: Any])
    }
}
