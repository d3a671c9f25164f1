/// Renders type declarations: structs, open enums, unions and aliases.
enum DeclarationRenderer {
    static func render(_ declaration: TypeDeclaration, into writer: inout SwiftWriter) {
        switch declaration {
        case .structure(let structure): renderStruct(structure, into: &writer)
        case .openEnum(let enumeration): renderEnum(enumeration, into: &writer)
        case .union(let union): renderUnion(union, into: &writer)
        case .alias(let alias):
            writer.documentation(alias.documentation)
            writer.line("public typealias \(alias.name) = \(SwiftRenderer.swiftType(alias.target))")
        }
    }

    // MARK: Structs

    /// The declared type of a property: `Nullable<T>?` for nullable request fields,
    /// `T?` when it may be absent or null, `T` otherwise.
    static func propertyType(_ property: PropertyDeclaration, in structure: StructDeclaration) -> String {
        let base = SwiftRenderer.swiftType(property.type)
        if structure.distinguishesNull && property.isNullable {
            return property.isRequired ? "Nullable<\(base)>" : "Nullable<\(base)>?"
        }
        return property.isRequired && !property.isNullable ? base : base + "?"
    }

    static func isOptional(_ property: PropertyDeclaration, in structure: StructDeclaration) -> Bool {
        propertyType(property, in: structure).hasSuffix("?")
    }

    /// The Swift type of the property holding what the schema does not name: a dictionary of
    /// an object's other members, an array of a tuple's further elements.
    static func additionalType(_ additional: AdditionalPropertiesDeclaration, in structure: StructDeclaration) -> String {
        let value = SwiftRenderer.swiftType(additional.valueType)
        return structure.coding == .tuple ? "[\(value)]" : "[String: \(value)]"
    }

    static func renderStruct(_ structure: StructDeclaration, into writer: inout SwiftWriter) {
        writer.documentation(structure.documentation)
        let hasSecrets = structure.properties.contains(where: \.isSecret)
        let conformances = (structure.coding == .none ? "Sendable" : "Codable, Sendable")
            + (hasSecrets ? ", CustomStringConvertible, CustomReflectable" : "")
        writer.block("public struct \(structure.name): \(conformances)") { writer in
            for property in structure.properties {
                writer.documentation(property.documentation)
                let wrapper = property.isIndirect ? "@Indirect " : ""
                writer.line("\(wrapper)public var \(property.name): \(propertyType(property, in: structure))")
                if let underscored = Naming.boxUnderscoredName(property.name),
                   !structure.properties.contains(where: { $0.name == underscored }) {
                    writer.documentation("`\(property.name)`, as Box's Swift SDK spells it.")
                    writer.line("public var \(underscored): \(propertyType(property, in: structure)) { \(property.name) }")
                }
            }
            if let additional = structure.additionalProperties {
                writer.documentation(structure.coding == .tuple ? "The elements after those the schema names, in order."
                    : "Members the schema does not name, by key.")
                writer.line("public var \(additional.name): \(additionalType(additional, in: structure))")
            }
            if !structure.properties.isEmpty || structure.additionalProperties != nil { writer.line() }
            renderMemberwiseInit(structure, into: &writer)
            if hasSecrets { renderRedactedMirror(structure, into: &writer) }
            switch structure.coding {
            case .codable:
                renderKeyedCoding(structure, into: &writer)
            case .tuple:
                renderTupleCoding(structure, into: &writer)
            case .none:
                break
            }
        }
    }

    /// `init` with the properties a caller must give first, then the others in the schema's
    /// order: a value that can only be one thing defaulting to it, an optional one to `nil`.
    private static func renderMemberwiseInit(_ structure: StructDeclaration, into writer: inout SwiftWriter) {
        let mustGive = structure.properties.filter { !isOptional($0, in: structure) && $0.defaultValue == nil }
        let defaulted = structure.properties.filter { isOptional($0, in: structure) || $0.defaultValue != nil }
        // A keyword is labelled as Box's Swift SDK spells it (`extension_`), the parameter keeping
        // the property's name.
        func label(_ property: PropertyDeclaration) -> String {
            guard let underscored = Naming.boxUnderscoredName(property.name),
                  !structure.properties.contains(where: { $0.name == underscored }) else { return property.name }
            return "\(underscored) \(property.name)"
        }
        var parameters = mustGive.map { "\(label($0)): \(propertyType($0, in: structure))" }
        parameters += defaulted.map { property in
            let value = isOptional(property, in: structure) ? "nil" : property.defaultValue ?? "nil"
            return "\(label(property)): \(propertyType(property, in: structure)) = \(value)"
        }
        if let additional = structure.additionalProperties {
            let empty = structure.coding == .tuple ? "[]" : "[:]"
            parameters.append("\(additional.name): \(additionalType(additional, in: structure)) = \(empty)")
        }
        writer.documentation("Creates a value with every property given.")
        writeOpener(signature("public init", parameters: parameters, suffix: "", indent: 4), into: &writer)
        writer.indent()
        for property in structure.properties {
            writer.line("self.\(property.name) = \(property.name)")
        }
        if let additional = structure.additionalProperties {
            writer.line("self.\(additional.name) = \(additional.name)")
        }
        writer.outdent()
        writer.line("}")
    }

    /// `description` and `customMirror` that show every property but the secrets, so that
    /// logging, `print` and `dump` never reveal them.
    private static func renderRedactedMirror(_ structure: StructDeclaration, into writer: inout SwiftWriter) {
        let secrets = structure.properties.filter(\.isSecret).map { "`\($0.wireName)`" }
        writer.line()
        writer.documentation("The value with its secrets (\(secrets.joined(separator: ", "))) redacted.")
        writer.line("public var description: String { RedactedDescription.describe(self) }")
        writer.line()
        writer.documentation("The properties as `dump` and debuggers show them, secrets redacted.")
        writer.block("public var customMirror: Mirror") { writer in
            writer.line("Mirror(self, children: [")
            for property in structure.properties {
                let label = SwiftRenderer.literal(SwiftRenderer.bare(property.name))
                let value: String
                if !property.isSecret {
                    value = "\(property.name) as Any"
                } else if isOptional(property, in: structure) {
                    value = "RedactedDescription.redact(\(property.name)) as Any"
                } else {
                    value = "RedactedDescription.placeholder"
                }
                writer.line("    \(label): \(value),")
            }
            writer.line("], displayStyle: .struct)")
        }
    }

    /// `init(from:)` and `encode(to:)` written out, each member named by a ``JSONKey`` string
    /// literal, making the same calls the synthesized conformance would (so the runtime's
    /// overloads for `Nullable` and optional `@Indirect` members are chosen the same way),
    /// then the members the schema does not name through the runtime's helper.
    ///
    /// Written out rather than synthesized because synthesis needs a `CodingKeys` enumeration
    /// per struct, whose derived conformances were a fifth of the generated module's build.
    /// A struct without members keeps the synthesized conformance.
    private static func renderKeyedCoding(_ structure: StructDeclaration, into writer: inout SwiftWriter) {
        guard !structure.properties.isEmpty || structure.additionalProperties != nil else { return }
        let additional = structure.additionalProperties
        /// The stored property the conformance reads and writes: a wrapper's storage.
        func storage(_ property: PropertyDeclaration) -> String {
            property.isIndirect ? "_" + SwiftRenderer.bare(property.name) : property.name
        }
        writer.line()
        writer.documentation(additional == nil ? "Decodes the members by their JSON names."
            : "Decodes the named members, then keeps every other member.")
        writer.block("public init(from decoder: any Decoder) throws") { writer in
            if !structure.properties.isEmpty {
                writer.line("let container = try decoder.container(keyedBy: JSONKey.self)")
            }
            for property in structure.properties {
                let type = propertyType(property, in: structure)
                let key = SwiftRenderer.literal(property.wireName)
                if property.isIndirect {
                    writer.line("self.\(storage(property)) = try container.decode(Indirect<\(type)>.self, forKey: \(key))")
                } else if type.hasSuffix("?") {
                    writer.line("self.\(property.name) = try container.decodeIfPresent(\(type.dropLast()).self, forKey: \(key))")
                } else {
                    writer.line("self.\(property.name) = try container.decode(\(type).self, forKey: \(key))")
                }
            }
            if let additional {
                let valueType = SwiftRenderer.swiftType(additional.valueType)
                let knownKeys = "[" + structure.properties.map { SwiftRenderer.literal($0.wireName) }.joined(separator: ", ") + "]"
                writer.line("self.\(additional.name) = try AdditionalPropertiesCoding.decode(")
                writer.line("    \(valueType).self, from: decoder, excluding: \(knownKeys))")
            }
        }
        writer.line()
        writer.documentation(additional == nil ? "Encodes the members by their JSON names, leaving out those that are `nil`."
            : "Encodes the named members and the other members side by side.")
        writer.block("public func encode(to encoder: any Encoder) throws") { writer in
            if !structure.properties.isEmpty {
                writer.line("var container = encoder.container(keyedBy: JSONKey.self)")
            }
            for property in structure.properties {
                let key = SwiftRenderer.literal(property.wireName)
                let method = !property.isIndirect && isOptional(property, in: structure) ? "encodeIfPresent" : "encode"
                // `self.`: a member may be named `container` or `encoder`.
                writer.line("try container.\(method)(self.\(storage(property)), forKey: \(key))")
            }
            if let additional {
                writer.line("try AdditionalPropertiesCoding.encode(\(additional.name), to: encoder)")
            }
        }
    }

    /// Coding for a tuple (`prefixItems`): the properties are the array's elements in order,
    /// then the further elements. An array may end before an element that is not required
    /// (`nil`); encoding writes the elements up to the last one given, a `nil` before it as
    /// `null`.
    private static func renderTupleCoding(_ structure: StructDeclaration, into writer: inout SwiftWriter) {
        let elements = structure.properties
        // The model makes the first `minItems` elements required; those after may be missing.
        let optionalTail = elements.drop(while: \.isRequired)
        writer.line()
        writer.documentation(optionalTail.isEmpty ? "Decodes the array's elements in order."
            : "Decodes the array's elements in order; one past its end is `nil`.")
        writer.block("public init(from decoder: any Decoder) throws") { writer in
            let readsMore = !elements.isEmpty || structure.additionalProperties != nil
            writer.line("\(readsMore ? "var" : "let") container = try decoder.unkeyedContainer()")
            for element in elements {
                let type = propertyType(element, in: structure)
                if !type.hasSuffix("?") {
                    writer.line("self.\(element.name) = try container.decode(\(type).self)")
                } else if !element.isRequired {
                    writer.line("self.\(element.name) = try container.decodeIfPresent(\(type.dropLast()).self)")
                } else {
                    // Required but nullable: the element must be there, and may be `null`.
                    writer.line("self.\(element.name) = try container.decodeNil() ? nil : try container.decode(\(type.dropLast()).self)")
                }
            }
            if let additional = structure.additionalProperties {
                let valueType = SwiftRenderer.swiftType(additional.valueType)
                writer.line("var \(additional.name): [\(valueType)] = []")
                writer.block("while !container.isAtEnd") { writer in
                    writer.line("\(additional.name).append(try container.decode(\(valueType).self))")
                }
                writer.line("self.\(additional.name) = \(additional.name)")
            }
        }
        writer.line()
        writer.documentation(optionalTail.isEmpty ? "Encodes the elements in order."
            : "Encodes the elements in order, up to the last one given; one left out before it is `null`.")
        writer.block("public func encode(to encoder: any Encoder) throws") { writer in
            writer.line("var container = encoder.unkeyedContainer()")
            for element in elements.prefix(elements.count - optionalTail.count) {
                writer.line("try container.encode(\(element.name))")
            }
            if !optionalTail.isEmpty {
                writer.line("var given = 0")
                for (offset, element) in optionalTail.enumerated() {
                    writer.line("if \(element.name) != nil { given = \(offset + 1) }")
                }
                if let additional = structure.additionalProperties {
                    writer.line("if !\(additional.name).isEmpty { given = \(optionalTail.count) }")
                }
                for (offset, element) in optionalTail.enumerated() {
                    writer.line("if given > \(offset) { try container.encode(\(element.name)) }")
                }
            }
            if let additional = structure.additionalProperties {
                writer.line("try container.encode(contentsOf: \(additional.name))")
            }
        }
    }

    // MARK: Enumerations

    static func renderEnum(_ enumeration: EnumDeclaration, into writer: inout SwiftWriter) {
        writer.documentation(enumeration.documentation)
        writer.documentation("")
        writer.documentation("Values the SDK does not know yet are kept in `rawValue` rather than failing to decode.")
        writer.block("public struct \(enumeration.name): OpenEnum") { writer in
            writer.documentation("The value as the API spells it.")
            writer.line("public let rawValue: String")
            writer.line()
            writer.documentation("Wraps a value, including one the SDK does not know.")
            writer.block("public init(rawValue: String)") { writer in
                writer.line("self.rawValue = rawValue")
            }
            for enumCase in enumeration.cases {
                writer.line()
                writer.documentation("`\(enumCase.rawValue)`")
                // Computed rather than `static let`: no global, lazy initializer and accessor
                // per value for the compiler to build, and nothing to initialize at run time.
                writer.line("public static var \(enumCase.name): \(enumeration.name) { "
                    + "\(enumeration.name)(rawValue: \(SwiftRenderer.literal(enumCase.rawValue))) }")
                if let underscored = Naming.boxUnderscoredName(enumCase.name),
                   !enumeration.cases.contains(where: { $0.name == underscored }) {
                    writer.line()
                    writer.documentation("`\(enumCase.rawValue)`, as Box's Swift SDK spells it.")
                    writer.line("public static var \(underscored): \(enumeration.name) { \(enumCase.name) }")
                }
            }
        }
    }

    // MARK: Unions

    static func renderUnion(_ union: UnionDeclaration, into writer: inout SwiftWriter) {
        writer.documentation(union.documentation)
        if let property = union.discriminatorProperty {
            writer.documentation("")
            if union.variants.contains(where: { $0.discriminatorValue == nil }) {
                writer.documentation("The `\(property)` member picks the case; otherwise the first case without it that "
                    + "matches, or `unknown`.")
            } else {
                writer.documentation("The `\(property)` member picks the case; an object with another value decodes "
                    + "as `unknown`.")
            }
        }
        let keyword = union.isIndirect ? "public indirect enum" : "public enum"
        writer.block("\(keyword) \(union.name): Codable, Sendable") { writer in
            for variant in union.variants {
                let type = SwiftRenderer.swiftType(variant.type)
                let article = type.first.map { "AEIOU".contains($0) } == true ? "An" : "A"
                if let value = variant.discriminatorValue {
                    writer.documentation("`\(union.discriminatorProperty ?? "")` is `\(value)`.")
                } else if let property = union.discriminatorProperty {
                    writer.documentation("\(article) `\(type)`, which has no `\(property)`: the value when `\(property)` names no other case and it matches.")
                } else {
                    writer.documentation("\(article) `\(type)`.")
                }
                writer.line("case \(variant.caseName)(\(type))")
            }
            if let property = union.discriminatorProperty {
                writer.documentation("A value with a `\(property)` the SDK does not know yet, kept as it arrived.")
                writer.line("case unknown(JSONValue)")
                writer.line()
                writer.documentation("Decodes the case that `\(property)` names.")
                writer.block("public init(from decoder: any Decoder) throws") { writer in
                    writer.line("switch try UnionCoding.discriminator(\(SwiftRenderer.literal(property)), in: decoder) {")
                    for variant in union.variants {
                        guard let value = variant.discriminatorValue else { continue }
                        let type = SwiftRenderer.swiftType(variant.type)
                        writer.line("case \(SwiftRenderer.literal(value))?:")
                        writer.line("    self = .\(variant.caseName)(try UnionCoding.decode(\(type).self, from: decoder))")
                    }
                    writer.line("default:")
                    let fallbacks = union.variants.filter { $0.discriminatorValue == nil }
                    if fallbacks.isEmpty {
                        writer.line("    self = .unknown(try UnionCoding.decode(JSONValue.self, from: decoder))")
                    } else {
                        // Members without the property, in order, then the value as it came.
                        writer.line("    self = try UnionCoding.decodeFirstMatch(Self.self, from: decoder, candidates: [")
                        for variant in fallbacks {
                            let type = SwiftRenderer.swiftType(variant.type)
                            writer.line("        { .\(variant.caseName)(try UnionCoding.decode(\(type).self, from: $0)) },")
                        }
                        writer.line("        { .unknown(try UnionCoding.decode(JSONValue.self, from: $0)) },")
                        writer.line("    ])")
                    }
                    writer.line("}")
                }
            } else {
                writer.line()
                writer.documentation("Decodes the first case, in order, that the value matches.")
                writer.block("public init(from decoder: any Decoder) throws") { writer in
                    writer.line("self = try UnionCoding.decodeFirstMatch(Self.self, from: decoder, candidates: [")
                    for variant in union.variants {
                        let type = SwiftRenderer.swiftType(variant.type)
                        writer.line("    { .\(variant.caseName)(try UnionCoding.decode(\(type).self, from: $0)) },")
                    }
                    writer.line("])")
                }
            }
            writer.line()
            writer.documentation("Encodes the case's value as it is.")
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                writer.line("switch self {")
                for variant in union.variants {
                    writer.line("case .\(variant.caseName)(let value): try UnionCoding.encode(value, to: encoder)")
                }
                if union.discriminatorProperty != nil {
                    writer.line("case .unknown(let value): try UnionCoding.encode(value, to: encoder)")
                }
                writer.line("}")
            }
            renderBoxCaseNames(union, into: &writer)
        }
    }

    /// Box's Swift SDK names a union's cases after their types (`SkillCard.keywordSkillCard`,
    /// `Item.fileFull`); a value is made with that name too, so code written for it builds.
    static func renderBoxCaseNames(_ union: UnionDeclaration, into writer: inout SwiftWriter) {
        var taken = Set(union.variants.map { Naming.unescaped($0.caseName) })
        taken.insert("unknown")
        // A union of API 2025.0 or 2026.0 names its cases after the versioned copies of its
        // types (`HubItemReferenceV2025R0.folderReferenceV2025R0`), which this SDK shares.
        let version = ["V2025R0", "V2026R0"].first { union.name.hasSuffix($0) }
        for variant in union.variants {
            guard case .named(let typeName) = variant.type, let first = typeName.first else { continue }
            let plain = first.lowercased() + typeName.dropFirst()
            var names = [plain]
            if let version, !typeName.hasSuffix(version) { names.append(plain + version) }
            for boxName in names where !taken.contains(boxName) && !Naming.keywords.contains(boxName) {
                taken.insert(boxName)
                writer.line()
                writer.documentation("`.\(variant.caseName)`, under the name Box's Swift SDK gives the case.")
                writer.line("public static func \(boxName)(_ value: \(typeName)) -> \(union.name) { .\(variant.caseName)(value) }")
            }
        }
    }

    // MARK: Signatures

    /// `opener(a: A, b: B)suffix {` on one line when it fits in 120 columns, else one
    /// parameter per line.
    static func signature(_ opener: String, parameters: [String], suffix: String, indent: Int) -> [String] {
        let single = "\(opener)(\(parameters.joined(separator: ", ")))\(suffix) {"
        if indent + single.count <= 120 || parameters.isEmpty { return [single] }
        var lines = ["\(opener)("]
        for (index, parameter) in parameters.enumerated() {
            lines.append("    " + parameter + (index == parameters.count - 1 ? "" : ","))
        }
        lines.append(")\(suffix) {")
        return lines
    }

    static func writeOpener(_ lines: [String], into writer: inout SwiftWriter) {
        for line in lines {
            writer.line(line)
        }
    }
}
