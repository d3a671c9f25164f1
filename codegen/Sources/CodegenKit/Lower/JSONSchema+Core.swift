import OpenAPIKit

/// The few core-context facts the model stage reads for every property, read by matching
/// the schema's case.
///
/// OpenAPIKit's `required`, `nullable`, `description`, `title` and `allowedValues` go
/// through `coreContext`, which boxes the whole core context in an existential (an allocation
/// and a copy) on every call; on large documents that was a visible share of the model stage.
extension JSONSchema {
    /// `required`, without boxing.
    var coreRequired: Bool {
        switch value {
        case .null(let core), .fragment(let core), .all(_, let core), .one(_, let core), .any(_, let core),
             .not(_, let core), .reference(_, let core): core.required
        case .boolean(let core): core.required
        case .number(let core, _): core.required
        case .integer(let core, _): core.required
        case .string(let core, _): core.required
        case .object(let core, _): core.required
        case .array(let core, _): core.required
        }
    }

    /// `nullable`, without boxing.
    var coreNullable: Bool {
        switch value {
        case .null(let core), .fragment(let core), .all(_, let core), .one(_, let core), .any(_, let core),
             .not(_, let core), .reference(_, let core): core.nullable
        case .boolean(let core): core.nullable
        case .number(let core, _): core.nullable
        case .integer(let core, _): core.nullable
        case .string(let core, _): core.nullable
        case .object(let core, _): core.nullable
        case .array(let core, _): core.nullable
        }
    }

    /// `description`, without boxing.
    var coreDescription: String? {
        switch value {
        case .null(let core), .fragment(let core), .all(_, let core), .one(_, let core), .any(_, let core),
             .not(_, let core), .reference(_, let core): core.description
        case .boolean(let core): core.description
        case .number(let core, _): core.description
        case .integer(let core, _): core.description
        case .string(let core, _): core.description
        case .object(let core, _): core.description
        case .array(let core, _): core.description
        }
    }

    /// `title`, without boxing.
    var coreTitle: String? {
        switch value {
        case .null(let core), .fragment(let core), .all(_, let core), .one(_, let core), .any(_, let core),
             .not(_, let core), .reference(_, let core): core.title
        case .boolean(let core): core.title
        case .number(let core, _): core.title
        case .integer(let core, _): core.title
        case .string(let core, _): core.title
        case .object(let core, _): core.title
        case .array(let core, _): core.title
        }
    }
}
