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
    /// A type list naming several types.
    static let typeListSeveral = Self("a `type` list with several types is read as `oneOf`, one schema per type",
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
    /// `const` without a type.
    static let constWithoutType = Self("`const` without `type`; read as its value's type", hint: "add `type`")
    /// `enum` without a type.
    static let enumWithoutType = Self("`enum` without `type`; read as its values' type", hint: "add `type`")
    /// A `$ref` to a part of another schema.
    static let referenceInsideSchema = Self(
        "a `$ref` points inside another schema, which the generator does not follow; read as any value (JSONValue)",
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
