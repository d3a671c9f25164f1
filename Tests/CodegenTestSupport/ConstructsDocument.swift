/// A small OpenAPI 3.1 document with one of every construct the generator reads (and the
/// mistakes it tolerates), so its output can be compiled quickly; the stress corpus's
/// `constructs` document. Constructs read without a warning are here too: `const` and `enum`
/// without `type`, `type` lists of several types, tuples (`prefixItems`, with `items: false`,
/// a schema or nothing after them, recursive), `items: false`.
enum ConstructsDocument {
    /// The document as JSON text.
    static let json = #"""
    {
      "openapi": "3.1.0",
      "info": {"title": "Every construct", "version": "1"},
      "servers": [{"url": "https://api.example.com/2.0", "x-server-id": "api"},
                  {"url": "https://upload.example.com/2.0", "x-server-id": "upload"}],
      "paths": {
        "/items": {
          "get": {
            "operationId": "listItems",
            "tags": ["Items"],
            "x-pagination": "marker",
            "parameters": [
              {"name": "marker", "in": "query", "schema": {"type": "string"}},
              {"name": "limit", "in": "query", "schema": {"type": "integer", "format": "int64"}},
              {"name": "fields", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "color", "in": "query", "explode": false,
               "schema": {"type": "object", "properties": {"r": {"type": "integer"}, "g": {"type": "integer"}}}},
              {"name": "filter", "in": "query", "style": "deepObject",
               "schema": {"type": "object", "properties": {"owner": {"type": "object", "properties": {"id": {"type": "string"}}},
                                                          "state": {"$ref": "#/components/schemas/State"}}}},
              {"name": "words", "in": "query", "style": "spaceDelimited", "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "codes", "in": "query", "style": "pipeDelimited", "schema": {"type": "array", "items": {"type": "integer"}}},
              {"name": "query", "in": "query", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Query"}}}},
              {"name": "tags", "in": "query",
               "schema": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}},
              {"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}},
              {"name": "X-Context", "in": "header", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Query"}}}},
              {"name": "session", "in": "cookie", "schema": {"type": "string"}},
              {"name": "box-version", "in": "header", "required": true, "schema": {"type": "string", "const": "2025.0"}}
            ],
            "responses": {
              "200": {"description": "A page of items.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Items"}}}}
            }
          },
          "post": {
            "operationId": "createItem",
            "tags": ["Items"],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Message"}}}},
            "responses": {
              "201": {"description": "The item.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}},
              "204": {"description": "Nothing."}
            }
          }
        },
        "/items/{item_id}": {
          "parameters": [{"name": "item_id", "in": "path", "required": true, "schema": {"type": "string"}}],
          "get": {
            "operationId": "getItem",
            "tags": ["Items"],
            "responses": {
              "200": {"description": "The item.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}
            }
          },
          "put": {
            "operationId": "updateItem",
            "tags": ["Items"],
            "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {
              "type": "object", "properties": {"name": {"type": "string"}, "count": {"type": "integer"}}}}}},
            "responses": {"204": {"description": "Updated."}}
          },
          "delete": {
            "operationId": "deleteItem",
            "tags": ["Items"],
            "x-box-version": "2025.0",
            "responses": {"204": {"description": "Deleted."}}
          }
        },
        "/files/content": {
          "post": {
            "operationId": "uploadFile",
            "tags": ["Files"],
            "servers": [{"url": "https://upload.example.com/2.0", "x-server-id": "upload"}],
            "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {
              "type": "object", "required": ["attributes", "file"],
              "properties": {"attributes": {"type": "string"}, "file": {"type": "string", "format": "binary"}}}}}},
            "responses": {
              "201": {"description": "The file.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Content"}}}}
            }
          },
          "get": {
            "operationId": "downloadFile",
            "tags": ["Files"],
            "responses": {"200": {"description": "The bytes.", "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}
          },
          "put": {
            "operationId": "replaceFile",
            "tags": ["Files"],
            "requestBody": {"required": true, "content": {"text/csv": {"schema": {"type": "string"}}}},
            "responses": {"204": {"description": "Replaced."}}
          }
        }
      },
      "components": {
        "schemas": {
          "State": {"type": "string", "enum": ["active", "trashed"]},
          "Code": {"type": "string", "enum": ["a", "b"]},
          "ShortCode": {"allOf": [{"$ref": "#/components/schemas/Code"}, {"type": "string", "maxLength": 1}]},
          "Query": {"type": "object", "properties": {"text": {"type": "string"}, "limit": {"type": "integer"}}},
          "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"},
                   "created_at": {"type": "string", "format": "date-time"}}},
          "Text": {"type": "object", "required": ["type", "text"],
                   "properties": {"type": {"type": "string", "enum": ["text"]}, "text": {"type": "string"}}},
          "Image": {"type": "object", "required": ["type", "url"],
                    "properties": {"type": {"type": "string", "enum": ["image"]}, "url": {"type": "string", "format": "uri"}}},
          "Content": {"oneOf": [{"$ref": "#/components/schemas/Text"}, {"$ref": "#/components/schemas/Image"}],
                      "discriminator": {"propertyName": "type"}},
          "Loose": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"$ref": "#/components/schemas/Query"}]},
          "Message": {
            "allOf": [
              {"$ref": "#/components/schemas/Base"},
              {"oneOf": [{"$ref": "#/components/schemas/Text"}, {"$ref": "#/components/schemas/Image"}]},
              {"anyOf": [{"type": "object", "properties": {"pinned": {"type": "boolean"}}}, {"type": "null"}]},
              {"type": "object", "properties": {"short": {"$ref": "#/components/schemas/ShortCode"},
                                                "position": {"$ref": "#/components/schemas/Pair"}}}
            ]
          },
          "Mixed": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "string"}]},
          "Item": {
            "type": "object",
            "required": ["id", "kind"],
            "properties": {
              "id": {"type": "string"},
              "kind": {"const": "item"},
              "name": {"type": "string", "nullable": true},
              "size": {"type": ["integer", "null"], "minimum": 0},
              "value": {"type": ["string", "number"]},
              "state": {"$ref": "#/components/schemas/State"},
              "content": {"$ref": "#/components/schemas/Content"},
              "loose": {"$ref": "#/components/schemas/Loose"},
              "parent_id": {"$ref": "#/components/schemas/Base/properties/id"},
              "not_a_string": {"not": {"type": "string"}},
              "labels": {"type": "object", "additionalProperties": {"type": "string"}},
              "extra": {},
              "ratio": {"type": "number", "exclusiveMinimum": true, "minimum": 0},
              "secret": {"type": "string", "format": "password"},
              "tags": {"type": "array", "items": {"type": "string"}, "examples": ["a"]},
              "point": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "minItems": 2, "items": false},
              "span": {"type": "array", "prefixItems": [{"type": "string", "format": "date-time"}, {"type": ["integer", "null"]},
                                                        {"$ref": "#/components/schemas/State"}], "minItems": 2},
              "nothing": {"type": "array", "items": false},
              "flavor": {"enum": ["sweet", "sour"]}
            }
          },
          "Pair": {"type": "array", "prefixItems": [{"type": "string"}, {"$ref": "#/components/schemas/Query"}],
                   "items": {"type": "boolean"}},
          "Path": {"type": "array", "prefixItems": [{"type": "string"}, {"$ref": "#/components/schemas/Path"}], "items": false},
          "Items": {
            "type": "object",
            "required": ["entries"],
            "properties": {
              "entries": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
              "next_marker": {"type": ["string", "null"]}
            }
          },
          "Node": {
            "type": "object",
            "required": ["id"],
            "properties": {
              "id": {"type": "string"},
              "parent": {"$ref": "#/components/schemas/Node"},
              "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
              "tree": {"$ref": "#/components/schemas/Tree"},
              "path": {"$ref": "#/components/schemas/Path"}
            }
          },
          "Tree": {"oneOf": [{"$ref": "#/components/schemas/Node"}, {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}]}
        }
      }
    }
    """#
}
