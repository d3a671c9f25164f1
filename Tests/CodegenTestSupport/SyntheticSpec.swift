/// Builds large, valid OpenAPI 3.1 documents for benchmarks and compile tests.
///
/// The document is shaped like a real cloud API: every feature the generator supports
/// appears many times (references across components, `allOf` inheritance, discriminated
/// and plain unions, recursion, string enums with awkward values, keyword names, nullable
/// fields, dates, free-form and typed dictionaries, every body encoding, binary
/// responses, path-level parameters, operations without `operationId`).
package enum SyntheticSpec {
    /// A YAML document with `operations` operations and `schemas` component schemas
    /// (rounded up to a multiple of 8, the length of the schema pattern).
    package static func yaml(operations: Int, schemas: Int) -> String {
        let schemaCount = max(8, (schemas + 7) / 8 * 8)
        var text = """
            openapi: 3.1.0
            info:
              title: Synthetic API
              version: '1.0'
            servers:
              - url: https://api.example.com/2.0
                x-server-id: api
            security:
              - OAuth2: []
            tags:

            """
        let tagCount = max(1, operations / 20)
        for tag in 0..<tagCount {
            text += "  - name: Area \(tag)\n    description: Operations of area \(tag).\n"
        }
        text += "paths:\n"
        var produced = 0
        var index = 0
        while produced < operations {
            let pairs = index % 6 == 3 || index % 6 == 5
            let variant = pairs && operations - produced == 1 ? 0 : index % 6
            text += operation(index, variant: variant, tag: index % tagCount, schemaCount: schemaCount)
            produced += variant == 3 || variant == 5 ? 2 : 1
            index += 1
        }
        text += "components:\n  schemas:\n"
        for index in 0..<schemaCount {
            text += schema(index, schemaCount: schemaCount)
        }
        return text
    }

    private static func name(_ index: Int) -> String {
        "Resource\(index)--Full"
    }

    private static func ref(_ index: Int) -> String {
        "$ref: '#/components/schemas/\(name(index))'"
    }

    private static func operation(_ index: Int, variant: Int, tag: Int, schemaCount: Int) -> String {
        let target = index % schemaCount
        let idLine = index % 10 == 9 ? "" : "      operationId: op\(index)_\(["get", "create", "update", "delete"][index % 4])\n"
        let path = "/area\(tag)/resource\(index)/{resource_id}"
        var text = "  \(path):\n"
        text += """
                parameters:
                  - name: resource_id
                    in: path
                    required: true
                    schema:
                      type: string

            """
        switch variant {
        case 0:
            text += """
                    get:
                \(idLine)      tags: [Area \(tag)]
                      summary: Get resource \(index)
                      parameters:
                        - name: fields
                          in: query
                          explode: false
                          schema:
                            type: array
                            items:
                              type: string
                        - name: limit
                          in: query
                          schema:
                            type: integer
                            format: int64
                        - name: sort
                          in: query
                          schema:
                            type: string
                            enum: [asc, desc]
                        - name: if-none-match
                          in: header
                          schema:
                            type: string
                      responses:
                        '200':
                          description: The resource.
                          content:
                            application/json:
                              schema:
                                \(ref(target))

                """
        case 1:
            text += """
                    put:
                \(idLine)      tags: [Area \(tag)]
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                name:
                                  type: string
                                description:
                                  type: [string, 'null']
                                default:
                                  type: boolean
                                parent:
                                  oneOf:
                                    - \(ref(target))
                                    - type: 'null'
                      responses:
                        '200':
                          description: Updated.
                          content:
                            application/json:
                              schema:
                                \(ref(target))

                """
        case 2:
            text += """
                    post:
                \(idLine)      tags: [Area \(tag)]
                      requestBody:
                        required: true
                        content:
                          multipart/form-data:
                            schema:
                              type: object
                              required: [attributes, file]
                              properties:
                                attributes:
                                  type: string
                                file:
                                  type: string
                                  format: binary
                                extra:
                                  \(ref(target))
                      responses:
                        '201':
                          description: Created.
                          content:
                            application/json:
                              schema:
                                type: array
                                items:
                                  \(ref(target))

                """
        case 3:
            text += """
                    get:
                \(idLine)      tags: [Area \(tag)]
                      parameters:
                        - name: range
                          in: header
                          schema:
                            type: string
                      responses:
                        '200':
                          description: The content.
                          content:
                            application/octet-stream:
                              schema:
                                type: string
                                format: binary
                        '302':
                          description: Elsewhere.
                    put:
                      tags: [Area \(tag)]
                      operationId: op\(index)_upload_part
                      parameters:
                        - name: digest
                          in: header
                          required: true
                          schema:
                            type: string
                      requestBody:
                        required: true
                        content:
                          application/octet-stream:
                            schema:
                              type: string
                              format: binary
                      responses:
                        '200':
                          description: Uploaded.
                          content:
                            application/json:
                              schema:
                                type: object
                                properties:
                                  part_id:
                                    type: string
                                  offset:
                                    type: integer
                                    format: int64

                """
        case 4:
            text += """
                    post:
                \(idLine)      tags: [Area \(tag)]
                      security: []
                      requestBody:
                        required: true
                        content:
                          application/x-www-form-urlencoded:
                            schema:
                              type: object
                              required: [grant_type]
                              properties:
                                grant_type:
                                  type: string
                                  enum: [client_credentials, 'urn:ietf:params:oauth:grant-type:token-exchange']
                                client_id:
                                  type: string
                      responses:
                        '200':
                          description: Token.
                          content:
                            application/json:
                              schema:
                                type: object
                                additionalProperties: true

                """
        default:
            text += """
                    delete:
                \(idLine)      tags: [Area \(tag)]
                      responses:
                        '204':
                          description: Deleted.
                    patch:
                      operationId: op\(index)_patch
                      tags: [Area \(tag)]
                      requestBody:
                        required: true
                        content:
                          application/json-patch+json:
                            schema:
                              type: array
                              items:
                                type: object
                                required: [op, path]
                                properties:
                                  op:
                                    type: string
                                    enum: [add, replace, remove]
                                  path:
                                    type: string
                                  value: {}
                      responses:
                        '200':
                          description: Patched.
                          content:
                            application/json:
                              schema:
                                \(ref((index + 1) % schemaCount))

                """
        }
        return text
    }

    private static func schema(_ index: Int, schemaCount: Int) -> String {
        let next = (index + 1) % schemaCount
        let other = (index + 7) % schemaCount
        var text = "    \(name(index)):\n"
        switch index % 8 {
        case 0:
            text += """
                      type: object
                      description: Resource \(index), with a parent of its own kind.
                      required: [id, type]
                      properties:
                        id:
                          type: string
                        type:
                          type: string
                          enum: [resource_\(index)]
                        parent:
                          \(ref(index))
                        children:
                          type: array
                          items:
                            \(ref(index))
                        created_at:
                          type: [string, 'null']
                          format: date-time
                        class:
                          type: string
                        self:
                          type: integer
                        $scope:
                          type: string
                        related:
                          \(ref(next))

                """
        case 1:
            text += """
                      allOf:
                        - \(ref(index - 1))
                        - type: object
                          properties:
                            size:
                              type: integer
                              format: int64
                            state:
                              type: string
                              enum: [active, FILE.UPLOADED, previewer uploader, '1st', '']
                            owner:
                              \(ref(other))

                """
        case 2:
            text += """
                      oneOf:
                        - \(ref(index - 2))
                        - \(ref((index + 6) % schemaCount))
                      discriminator:
                        propertyName: type
                        mapping:
                          resource_\(index - 2): '#/components/schemas/\(name(index - 2))'
                          resource_\((index + 6) % schemaCount): '#/components/schemas/\(name((index + 6) % schemaCount))'

                """
        case 3:
            text += """
                      type: object
                      description: Keeps unknown keys.
                      required: [$template]
                      properties:
                        $template:
                          type: string
                        $version:
                          type: integer
                      additionalProperties: true

                """
        case 4:
            text += """
                      type: object
                      properties:
                        labels:
                          type: object
                          additionalProperties:
                            type: string
                        free:
                          type: object
                        anything: {}
                        mixed:
                          oneOf:
                            - type: string
                            - type: integer
                            - \(ref(next))
                        items:
                          type: array
                          items:
                            type: object
                            properties:
                              name:
                                type: string
                              when:
                                type: string
                                format: date-time

                """
        case 5:
            text += """
                      type: string
                      enum: [alpha, beta, gamma_delta, Type, self]

                """
        case 6:
            text += """
                      type: object
                      required: [type]
                      properties:
                        type:
                          type: string
                          enum: [resource_\(index)]
                        value:
                          type: number
                        next:
                          \(ref(index + 2 < schemaCount ? index + 2 : 2))

                """
        default:
            text += """
                      type: array
                      items:
                        \(ref(index - 7))

                """
        }
        return text
    }
}
