/// The kinds of warning that a large real-world document repeats, each with what to change
/// in the spec. Warnings of one kind are reported as one line (``Diagnostic/summarized(_:)``).
extension Diagnostic.Kind {
    /// `nullable: true` in a 3.1 document.
    static let nullableIn31 = Self("`nullable` is not an OpenAPI 3.1 keyword; read as allowing `null`",
                                   hint: "write `type: [T, \"null\"]`")
    /// `nullable: false` in a 3.1 document.
    static let nullableFalseIn31 = Self("`nullable` is not an OpenAPI 3.1 keyword; removed", hint: "remove it")
    /// `nullable` beside a `$ref` in a 3.0 document.
    static let nullableBesideReference30 = Self(
        "`nullable` beside `$ref` is ignored by OpenAPI 3.0; read as `allOf: [$ref]` with `nullable: true`",
        hint: "write `allOf: [{$ref: …}]` beside `nullable: true`")
    /// `type: 'null'` in a 3.0 document.
    static let nullType30 = Self("`type: 'null'` is OpenAPI 3.1; read as `nullable: true`",
                                 hint: "write `nullable: true`")
    /// A type list in a 3.0 document.
    static let typeList30 = Self("a `type` list is OpenAPI 3.1; read as its one type (and `nullable`)",
                                 hint: "write `type: T` with `nullable: true`")
    /// A type list naming several types in a 3.0 document (in 3.1 it is read as `oneOf` silently).
    static let typeListSeveral30 = Self("a `type` list is OpenAPI 3.1; read as `oneOf`, one schema per type",
                                        hint: "write `oneOf` with one schema per type")
    /// An unknown type name.
    static let unknownType = Self("an unknown `type` is removed; any value is accepted",
                                  hint: "use a JSON Schema type (string, number, integer, boolean, array, object, null)")
    /// A boolean `exclusiveMinimum`/`exclusiveMaximum` in a 3.1 document.
    static let booleanExclusiveBound31 = Self(
        "boolean `exclusiveMinimum`/`exclusiveMaximum` is OpenAPI 3.0; read as the bound made exclusive",
        hint: "write the bound itself as `exclusiveMinimum: <number>`")
    /// A numeric `exclusiveMinimum`/`exclusiveMaximum` in a 3.0 document.
    static let numericExclusiveBound30 = Self(
        "numeric `exclusiveMinimum`/`exclusiveMaximum` is OpenAPI 3.1; read as the bound with `exclusiveMinimum: true`",
        hint: "write `minimum: <number>` with `exclusiveMinimum: true`")
    /// `const` in a 3.0 document.
    static let const30 = Self("`const` is OpenAPI 3.1; read as a one-value `enum`", hint: "write `enum: [value]`")
    /// An integer bound that no 64-bit integer satisfies (`minimum: 1e20`). One beyond the
    /// range on the side it limits nothing (`maximum: 9.223372036854776e+18`) is dropped silently.
    static let boundExcludesEveryInteger = Self(
        "an integer bound that no 64-bit integer satisfies is removed",
        hint: "values beyond 64 bits do not fit Swift's `Int`: describe them as `type: string`")
    /// A `format` neither JSON Schema nor the OpenAPI Format Registry defines (its lines are
    /// counted per format, ``Diagnostic/Summary``; the kind gives them the hint).
    static let unknownFormat = Self(
        "unknown format, read as the plain type",
        hint: "use a format JSON Schema or the OpenAPI Format Registry defines "
            + "(https://spec.openapis.org/registry/format/), or remove `format`")
    /// `style: deepObject` on a value that is not an object.
    static let deepObjectNotObject = Self("`deepObject` applies to objects; the value is sent as `form`",
                                          hint: "write `style: form` for an array or a scalar")
    /// A schema `$ref` to something other than a component schema or a part of one (which
    /// bundling copies into `#/components/schemas`).
    static let referenceOutsideSchemas = Self(
        "a schema `$ref` that points outside #/components/schemas is read as any value (JSONValue)",
        hint: "move the target into #/components/schemas and refer to it there")
    /// A `not` schema.
    static let notSchema = Self("`not` schemas are not supported; the value is typed as JSONValue",
                                hint: "describe the values that are allowed rather than the ones that are not")

    /// A member of an `allOf` of objects that is not an object (`type: string`).
    static let nonObjectInObjectAllOf = Self(
        "a non-object schema inside an `allOf` of objects is ignored",
        hint: "no value is both an object and a scalar: remove the member, or move it into a property")

    /// A parameter the runtime cannot send: skipped, with its operation when it is required.
    static func skippedParameter(_ reason: String, hint: String) -> Self {
        Self("\(reason); the parameter is skipped (its operation, when it is required)", hint: hint)
    }
}
