import Foundation

/// Pulls what other files hold into the root document, so OpenAPIKit and the later stages
/// see one self-contained document.
///
/// - A `$ref` to a schema in another file (`models/pet.yaml`, `common.json#/Error`) is
///   hoisted: the schema is copied under `#/components/schemas` and the reference points
///   there. Schemas in other files may refer to each other, also in cycles.
/// - So is a `$ref` to another file standing for a parameter, header, request body,
///   response, example, link or callback: the object is copied once into its `components`
///   section (`#/components/parameters`...), however many places refer to it.
/// - Any other `$ref` to another file (a path item) is replaced by the object it points to,
///   as is a reference whose `summary` or `description` overrides the object's.
/// - A `$ref` to a part of a component schema (`#/components/schemas/Folder/properties/owner`),
///   which names no type, is hoisted the same way: the part, as the document wrote it, is
///   copied under `#/components/schemas` (`Folder_owner`) and the reference points there.
/// - References are resolved relative to the file they are written in; `#/...` inside
///   another file points into that file.
///
/// Hoisted names are decided once every referenced object is known, section by section:
/// the pointer's last token (`Pet`) or the file's name (`pet`), qualified with the file's
/// path (`models_pet_Pet`) when two want one name or the root document has it already. A
/// root component that is only a `$ref` to another file (`Pet: {$ref: models/pet.yaml}`)
/// gives the object its own name.
final class ExternalReferenceBundler {
    private struct Target: Hashable {
        var file: URL
        var pointer: JSONPointer
        /// Whether this is a part of one of the root document's component schemas
        /// (`#/components/schemas/Folder/properties/owner`), read from the root as it was read.
        var insideRootSchema = false
    }

    /// The file being walked, and how its pointers map into the bundled document.
    private struct Context {
        var file: URL?
        var isRoot: Bool
        var displayName: String
        var bundledBase: JSONPointer
        var originBase: JSONPointer

        func bundled(_ pointer: JSONPointer) -> JSONPointer {
            JSONPointer(bundledBase.tokens + pointer.tokens.dropFirst(originBase.tokens.count))
        }

        /// How diagnostics name a place in this file.
        func location(_ pointer: JSONPointer) -> String {
            isRoot ? pointer.description : displayName + pointer.description
        }
    }

    private enum Resolution {
        case unchanged
        case rootLocal(JSONPointer)
        case external(Target)
        case failed
    }

    private static let placeholderPrefix = "\u{1}hoisted-"
    /// The kinds of object copied into `components` rather than inlined (besides schemas).
    private static let hoistedKinds: Set<SpecObjectKind> = [
        .parameter, .header, .requestBody, .response, .example, .link, .callback,
    ]

    /// A hoisted object: where it is, and the kind it was referenced as.
    private struct Hoisted: Hashable {
        var target: Target
        var kind: SpecObjectKind

        /// The `components` section it goes in.
        var section: String { kind.componentsSection ?? "schemas" }
    }

    private let rootURL: URL?
    private let rootDisplayName: String
    let diagnostics = DiagnosticCollector()
    private(set) var sourceMap = SourceMap()
    private var files: [String: SpecValue?] = [:]
    private var hoisted: [Hoisted] = []
    private var hoistedIndex: [Hoisted: Int] = [:]
    /// Where each hoisted object was first referenced, and how, for errors.
    private var hoistedReferences: [(location: String, reference: String)] = []
    private var inlineStack: [Target] = []
    /// The root document as it was read, for `$ref`s into it from text and extensions.
    private var rootValue: SpecValue = .null

    /// - Parameters:
    ///   - rootURL: Where the root file is; without it, references to other files are errors.
    ///   - rootDisplayName: How diagnostics name the root file; other files are named
    ///     relative to its directory.
    init(rootURL: URL?, rootDisplayName: String) {
        self.rootURL = rootURL?.standardizedFileURL
        self.rootDisplayName = rootDisplayName
    }

    /// Whether bundling could change or report anything: some `$ref` is not a plain
    /// reference within the document (`#/components/...`) or points inside a component
    /// schema, or a discriminator `mapping` is
    /// present (its values may name other files). Most documents are one file; for them this
    /// quick scan replaces the bundler's structural walk, which would leave them as they are.
    static func mayNeedBundling(_ value: SpecValue) -> Bool {
        switch value {
        case .object(let object):
            for entry in object.entries {
                if entry.key == "$ref", case .string(let reference) = entry.value,
                   !isPlainLocalReference(reference) || pointsInsideComponentSchema(reference) {
                    return true
                }
                if entry.key == "mapping" || mayNeedBundling(entry.value) { return true }
            }
            return false
        case .array(let elements):
            return elements.contains(where: mayNeedBundling)
        case .null, .bool, .number, .string:
            return false
        }
    }

    /// `#/...` without escapes, which the root document keeps as it is.
    static func isPlainLocalReference(_ reference: String) -> Bool {
        reference.hasPrefix("#/")
            && !reference.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "%") })
    }

    /// Whether a reference points inside one of the root document's component schemas
    /// (`#/components/schemas/Folder/properties/owner`), which bundling hoists; a quick look
    /// at the text, for the scans.
    static func pointsInsideComponentSchema(_ reference: String) -> Bool {
        let prefix = "#/components/schemas/"
        return reference.hasPrefix(prefix) && reference.utf8.dropFirst(prefix.utf8.count).contains(UInt8(ascii: "/"))
    }

    /// The pointer of a reference inside a root component schema, or `nil` for any other.
    private static func innerSchemaPointer(_ reference: String) -> JSONPointer? {
        guard pointsInsideComponentSchema(reference),
              let pointer = JSONPointer(parsing: reference, percentEncoded: true) else { return nil }
        return isInsideComponentSchema(pointer) ? pointer : nil
    }

    private static func isInsideComponentSchema(_ pointer: JSONPointer) -> Bool {
        pointer.tokens.count > 3 && pointer.tokens[0] == "components" && pointer.tokens[1] == "schemas"
    }

    /// Bundles the root document in place.
    func bundle(_ root: inout SpecValue) {
        let rootContext = Context(file: rootURL, isRoot: true, displayName: rootDisplayName,
                                  bundledBase: .root, originBase: .root)
        rootValue = root
        walker(rootContext).walk(&root, as: .document, at: .root)

        var contents: [Int: SpecValue] = [:]
        var index = 0
        while index < hoisted.count {
            let entry = hoisted[index]
            let target = entry.target
            let token = Self.placeholderPrefix + String(index)
            let (location, reference) = hoistedReferences[index]
            if var content = load(target, referencedAt: location, reference: reference) {
                if entry.kind != .schema, content.object == nil {
                    diagnostics.append(Diagnostic(.error, at: location,
                                                  "`$ref: \(reference)` points to a value that is not an object"))
                } else {
                    let bundledBase = JSONPointer(["components", entry.section, token])
                    // A part of the root stays in the root: its own `#/...` references keep
                    // their meaning, and diagnostics name its place there.
                    let context = target.insideRootSchema
                        ? Context(file: rootURL, isRoot: true, displayName: rootDisplayName, bundledBase: bundledBase,
                                  originBase: target.pointer)
                        : Context(file: target.file, isRoot: false, displayName: displayName(of: target.file),
                                  bundledBase: bundledBase, originBase: target.pointer)
                    sourceMap.add(bundled: bundledBase, file: target.insideRootSchema ? "" : context.displayName,
                                  origin: target.pointer)
                    walker(context).walk(&content, as: entry.kind, at: target.pointer)
                    contents[index] = content
                }
            }
            index += 1
        }
        guard !hoisted.isEmpty else { return }
        let names = hoistedNames(root: root)
        insert(contents, names: names, into: &root)
        let rename: (String) -> String = { token in
            guard token.hasPrefix(Self.placeholderPrefix),
                  let index = Int(token.dropFirst(Self.placeholderPrefix.count)), let name = names[index]
            else { return token }
            return name
        }
        Self.replacePlaceholders(in: &root, rename: rename)
        sourceMap.renameBundledTokens(rename)
    }

    // MARK: Walking

    private func walker(_ context: Context) -> SpecWalker {
        SpecWalker { [unowned self] value, kind, pointer in
            visit(&value, kind: kind, pointer: pointer, in: context)
        }
    }

    private func visit(_ value: inout SpecValue, kind: SpecObjectKind, pointer: JSONPointer,
                       in context: Context) -> SpecWalker.Next {
        guard case .object(var object) = value else { return .walkChildren }
        if resolveEmbeddedReferences(in: &object, kind: kind, pointer: pointer, in: context) {
            value = .object(object)
        }
        if kind == .schema, case .object(var discriminator)? = object["discriminator"],
           case .object(var mapping)? = discriminator["mapping"] {
            mapping.updateValues { key, mapped in
                guard let reference = mapped.string, Self.isReference(reference) else { return }
                let mappingPointer = pointer.appending("discriminator", "mapping", key)
                mapped = .string(rewrittenSchemaReference(reference, at: mappingPointer, in: context))
            }
            discriminator["mapping"] = .object(mapping)
            object["discriminator"] = .object(discriminator)
            value = .object(object)
        }
        guard let reference = object["$ref"]?.string else { return .walkChildren }
        let referencePointer = pointer.appending("$ref")
        if kind == .schema {
            let rewritten = rewrittenSchemaReference(reference, at: referencePointer, in: context)
            if rewritten != reference {
                object["$ref"] = .string(rewritten)
                value = .object(object)
            }
            return .walkChildren
        }
        switch resolve(reference, at: referencePointer, in: context) {
        case .unchanged, .failed:
            return .walkChildren
        case .rootLocal(let target):
            object["$ref"] = .string(target.description)
            value = .object(object)
            return .walkChildren
        case .external(let target):
            if Self.hoistedKinds.contains(kind),
               object.keys.allSatisfy({ $0 == "$ref" || $0.hasPrefix("x-") }) {
                var replacement = SpecObject()
                replacement["$ref"] = .string(hoist(target, reference: reference, as: kind, at: referencePointer,
                                                    in: context))
                value = .object(replacement)
            } else {
                inline(target, reference: reference, siblings: object, into: &value, kind: kind, pointer: pointer,
                       in: context)
            }
            return .skipChildren
        }
    }

    // MARK: References where a value is expected

    /// Members whose value is text, which split documents keep in files of their own
    /// (`description: {$ref: 'description.yml#/introduction'}`, `$ref: intro.md`).
    private static let textKeys: Set<String> = ["description", "summary", "title"]

    /// Example values, which a `$ref` to another file may hold.
    private static func isExampleValue(_ key: String, of kind: SpecObjectKind) -> Bool {
        switch kind {
        case .schema, .mediaType, .parameter, .header: key == "example"
        case .example: key == "value"
        default: false
        }
    }

    /// Replaces `$ref`s that stand where a text, an example or an `x-` extension's value is
    /// expected with what they point to; says whether anything changed.
    private func resolveEmbeddedReferences(in object: inout SpecObject, kind: SpecObjectKind, pointer: JSONPointer,
                                           in context: Context) -> Bool {
        guard object.entries.contains(where: { entry in
            guard case .object = entry.value else { return entry.key.hasPrefix("x-") && entry.value.array != nil }
            return Self.textKeys.contains(entry.key) || entry.key.hasPrefix("x-") || Self.isExampleValue(entry.key, of: kind)
        }) else { return false }
        var changed = false
        object.updateValues { key, member in
            let memberPointer = pointer.appending(key)
            if key.hasPrefix("x-") {
                changed = resolveData(&member, at: memberPointer, in: context) || changed
            } else if case .object(let reference) = member, reference.count == 1,
                      let target = reference["$ref"]?.string,
                      Self.textKeys.contains(key)
                        || (Self.isExampleValue(key, of: kind) && !Self.isPlainLocalReference(target)) {
                guard let resolved = resolvedValue(target, at: memberPointer.appending("$ref"), in: context) else { return }
                if Self.textKeys.contains(key), resolved.value.string == nil {
                    diagnostics.append(Diagnostic(.error, at: context.location(memberPointer.appending("$ref")),
                                                  "`$ref: \(target)` stands for a text but points to a value that is not one"))
                    return
                }
                member = resolved.value
                changed = true
            }
        }
        return changed
    }

    /// Replaces every object that is only a `$ref` to another file, inside a piece of data
    /// (an extension's value), with what it points to, itself resolved the same way.
    private func resolveData(_ value: inout SpecValue, at pointer: JSONPointer, in context: Context) -> Bool {
        switch value {
        case .object(let object):
            if object.count == 1, let reference = object["$ref"]?.string, !Self.isPlainLocalReference(reference) {
                let referencePointer = pointer.appending("$ref")
                guard let resolved = resolvedValue(reference, at: referencePointer, in: context) else { return false }
                let location = context.location(referencePointer)
                guard !inlineStack.contains(resolved.target) else {
                    diagnostics.append(Diagnostic(.error, at: location,
                                                  "`$ref: \(reference)` is part of a reference cycle that only schemas may have"))
                    return false
                }
                var content = resolved.value
                let inner = Context(file: resolved.target.file, isRoot: false,
                                    displayName: displayName(of: resolved.target.file),
                                    bundledBase: context.bundled(pointer), originBase: resolved.target.pointer)
                inlineStack.append(resolved.target)
                _ = resolveData(&content, at: resolved.target.pointer, in: inner)
                inlineStack.removeLast()
                value = content
                return true
            }
            var changed = false
            value.withObject { object in
                object.updateValues { key, child in
                    changed = resolveData(&child, at: pointer.appending(key), in: context) || changed
                }
            }
            return changed
        case .array:
            var changed = false
            value.withArray { elements in
                for index in elements.indices {
                    changed = resolveData(&elements[index], at: pointer.appending(String(index)), in: context) || changed
                }
            }
            return changed
        case .null, .bool, .number, .string:
            return false
        }
    }

    /// What a `$ref` written where a value is expected points to, in this file, another
    /// file or the root document; `nil` with an error when it points to nothing.
    private func resolvedValue(_ reference: String, at pointer: JSONPointer,
                               in context: Context) -> (value: SpecValue, target: Target)? {
        let location = context.location(pointer)
        let target: Target
        switch resolve(reference, at: pointer, in: context) {
        case .failed:
            return nil
        case .unchanged, .rootLocal:
            let fragment = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first
            guard let rootPointer = JSONPointer(parsing: String(fragment ?? ""), percentEncoded: true),
                  let value = rootValue.value(at: rootPointer.tokens) else {
                diagnostics.append(Diagnostic(.error, at: location, "`$ref: \(reference)` points to nothing"))
                return nil
            }
            return (value, Target(file: rootURL ?? URL(fileURLWithPath: "/"), pointer: rootPointer))
        case .external(let external):
            target = external
        }
        guard let value = load(target, referencedAt: location, reference: reference) else { return nil }
        return (value, target)
    }

    /// A schema reference pointing at its hoisted copy (or at the root document).
    private func rewrittenSchemaReference(_ reference: String, at pointer: JSONPointer, in context: Context) -> String {
        if context.isRoot, let inner = Self.innerSchemaPointer(reference) {
            return hoist(rootSchemaPart(inner), reference: reference, as: .schema, at: pointer, in: context)
        }
        switch resolve(reference, at: pointer, in: context) {
        case .unchanged, .failed:
            return reference
        case .rootLocal(let target):
            if Self.isInsideComponentSchema(target) {
                return hoist(rootSchemaPart(target), reference: reference, as: .schema, at: pointer, in: context)
            }
            return target.description
        case .external(let target):
            return hoist(target, reference: reference, as: .schema, at: pointer, in: context)
        }
    }

    /// The target for a part of a root component schema.
    private func rootSchemaPart(_ pointer: JSONPointer) -> Target {
        Target(file: rootURL ?? URL(fileURLWithPath: "/"), pointer: pointer, insideRootSchema: true)
    }

    /// A reference to the copy of `target` in its `components` section (by a placeholder
    /// name until every hoisted object is known), noting it to be copied.
    private func hoist(_ target: Target, reference: String, as kind: SpecObjectKind, at pointer: JSONPointer,
                       in context: Context) -> String {
        let entry = Hoisted(target: target, kind: kind)
        let index: Int
        if let existing = hoistedIndex[entry] {
            index = existing
        } else {
            index = hoisted.count
            hoisted.append(entry)
            hoistedIndex[entry] = index
            hoistedReferences.append((context.location(pointer), reference))
        }
        return JSONPointer(["components", entry.section, Self.placeholderPrefix + String(index)]).description
    }

    /// Replaces a `$ref` object with what it points to, walked in the target's file.
    private func inline(_ target: Target, reference: String, siblings: SpecObject, into value: inout SpecValue,
                        kind: SpecObjectKind, pointer: JSONPointer, in context: Context) {
        let location = context.location(pointer.appending("$ref"))
        if inlineStack.contains(target) {
            diagnostics.append(Diagnostic(.error, at: location,
                                          "`$ref: \(reference)` is part of a reference cycle that only schemas may have"))
            return
        }
        guard var content = load(target, referencedAt: location, reference: reference) else { return }
        guard case .object = content else {
            diagnostics.append(Diagnostic(.error, at: location, "`$ref: \(reference)` points to a value that is not an object"))
            return
        }
        let inner = Context(file: target.file, isRoot: false, displayName: displayName(of: target.file),
                            bundledBase: context.bundled(pointer), originBase: target.pointer)
        sourceMap.add(bundled: inner.bundledBase, file: inner.displayName, origin: target.pointer)
        inlineStack.append(target)
        walker(inner).walk(&content, as: kind, at: target.pointer)
        inlineStack.removeLast()
        // A Reference Object may override the summary and description of what it points to.
        content.withObject { object in
            for entry in siblings where entry.key != "$ref" && !entry.key.hasPrefix("x-") {
                if entry.key == "summary" || entry.key == "description" {
                    object[entry.key] = entry.value
                } else {
                    diagnostics.append(Diagnostic(.warning, at: context.location(pointer.appending(entry.key)),
                                                  "`\(entry.key)` beside `$ref` is ignored"))
                }
            }
        }
        value = content
    }

    // MARK: Resolving

    private static func isReference(_ text: String) -> Bool {
        let lowercased = text.lowercased()
        return text.contains("#") || lowercased.hasSuffix(".yaml") || lowercased.hasSuffix(".yml")
            || lowercased.hasSuffix(".json")
    }

    private func resolve(_ reference: String, at pointer: JSONPointer, in context: Context) -> Resolution {
        // A plain reference within the root document (`#/components/schemas/Pet`) stays.
        if context.isRoot, Self.isPlainLocalReference(reference) {
            return .unchanged
        }
        let location = context.location(pointer)
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts.first ?? "")
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        guard let targetPointer = JSONPointer(parsing: fragment, percentEncoded: true) else {
            diagnostics.append(Diagnostic(.error, at: location,
                                          "`$ref: \(reference)`: only JSON pointer fragments (`#/components/...`) are supported"))
            return .failed
        }
        if filePart.isEmpty {
            guard !context.isRoot, let file = context.file else { return .unchanged }
            return .external(Target(file: file, pointer: targetPointer))
        }
        if let scheme = filePart.range(of: "://").map({ filePart[..<$0.lowerBound] }), scheme != "file" {
            diagnostics.append(Diagnostic(.error, at: location,
                                          "`$ref: \(reference)`: remote references are not supported; save the file and refer to it by path"))
            return .failed
        }
        guard let base = context.file ?? rootURL else {
            diagnostics.append(Diagnostic(.error, at: location,
                                          "`$ref: \(reference)` refers to another file, which needs the spec to be read from a file"))
            return .failed
        }
        let path = filePart.hasPrefix("file://") ? String(filePart.dropFirst("file://".count)) : filePart
        let decodedPath = path.removingPercentEncoding ?? path
        let url = decodedPath.hasPrefix("/")
            ? URL(fileURLWithPath: decodedPath).standardizedFileURL
            : URL(fileURLWithPath: decodedPath, relativeTo: base.deletingLastPathComponent()).standardizedFileURL
        if url.path == rootURL?.path {
            return .rootLocal(targetPointer)
        }
        return .external(Target(file: url, pointer: targetPointer))
    }

    /// The value a target points to, or `nil` with an error naming the reference.
    private func load(_ target: Target, referencedAt location: String, reference: String) -> SpecValue? {
        if target.insideRootSchema {
            guard let value = rootValue.value(at: target.pointer.tokens) else {
                diagnostics.append(Diagnostic(.error, at: location, "`$ref: \(reference)` points to nothing"))
                return nil
            }
            return value
        }
        let path = target.file.path
        let name = displayName(of: target.file)
        let shown = "`$ref: \(reference)`"
        if files[path] == nil, Self.isPlainText(target.file) {
            // A Markdown or text file is one text (`description: {$ref: intro.md}`).
            files[path] = .some((try? String(contentsOf: target.file, encoding: .utf8)).map(SpecValue.string))
            if files[path] == .some(nil) {
                diagnostics.append(Diagnostic(.error, at: location, "\(shown) points to `\(name)`: cannot read the file"))
            }
        }
        if files[path] == nil {
            do {
                files[path] = .some(try SpecFile.read(target.file, displayName: name))
            } catch {
                let diagnostic = error.diagnostic
                files[path] = .some(nil)
                if diagnostic.location == name {
                    diagnostics.append(Diagnostic(.error, at: location,
                                                  "\(shown) points to `\(name)`: \(diagnostic.message)"))
                } else {
                    diagnostics.append(diagnostic)
                }
                return nil
            }
        }
        guard case .some(.some(let document)) = files[path] else { return nil }
        guard let value = document.value(at: target.pointer.tokens) else {
            diagnostics.append(Diagnostic(.error, at: location,
                                          "\(shown) points to nothing: `\(name)` has no `\(target.pointer)`"))
            return nil
        }
        return value
    }

    private static func isPlainText(_ url: URL) -> Bool {
        ["md", "markdown", "txt", "html"].contains(url.pathExtension.lowercased())
    }

    // MARK: Names

    private func hoistedNames(root: SpecValue) -> [Int: String] {
        var names: [Int: String] = [:]
        let sections = Dictionary(grouping: hoisted.indices) { hoisted[$0].section }
        for (section, members) in sections.sorted(by: { $0.key < $1.key }) {
            name(members, in: section, root: root, into: &names)
        }
        return names
    }

    /// Names the hoisted objects `members` of one `components` section.
    private func name(_ members: [Int], in section: String, root: SpecValue, into names: inout [Int: String]) {
        var taken: Set<String> = []
        // A root component that is only a `$ref` to another file names the object.
        if case .object(let components)? = root.value(at: ["components", section]) {
            taken = Set(components.keys)
            for entry in components {
                guard case .object(let object) = entry.value, object.count == 1,
                      let index = Self.placeholderIndex(object["$ref"]?.string, section: section),
                      names[index] == nil else { continue }
                names[index] = entry.key
            }
        }
        let unnamed = members.filter { names[$0] == nil }
        let byPreferred = Dictionary(grouping: unnamed) { preferredName(hoisted[$0].target) }
        var clashing: [Int] = []
        for (preferred, members) in byPreferred.sorted(by: { $0.key < $1.key }) {
            if members.count == 1, let only = members.first, !taken.contains(preferred) {
                names[only] = preferred
                taken.insert(preferred)
            } else {
                clashing += members
            }
        }
        let sortedClashing = clashing.sorted { sortKey(hoisted[$0].target) < sortKey(hoisted[$1].target) }
        for index in sortedClashing {
            let qualified = qualifiedName(hoisted[index].target)
            var candidate = qualified
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "\(qualified)_\(suffix)"
                suffix += 1
            }
            names[index] = candidate
            taken.insert(candidate)
        }
    }

    /// The index of the hoisted object a `#/components/<section>/<placeholder>` reference names.
    private static func placeholderIndex(_ reference: String?, section: String) -> Int? {
        guard let reference, let pointer = JSONPointer(parsing: reference), pointer.tokens.count == 3,
              pointer.tokens.starts(with: ["components", section]), let token = pointer.tokens.last,
              token.hasPrefix(placeholderPrefix) else { return nil }
        return Int(token.dropFirst(placeholderPrefix.count))
    }

    private func preferredName(_ target: Target) -> String {
        if target.insideRootSchema { return Self.rootSchemaPartName(target.pointer) }
        return Self.componentKey(target.pointer.tokens.last ?? target.file.deletingPathExtension().lastPathComponent)
    }

    /// A part of a root component schema is named after the schema and the path to it, without
    /// the `properties` keywords: `Folder/properties/owner` → `Folder_owner`.
    private static func rootSchemaPartName(_ pointer: JSONPointer) -> String {
        componentKey(pointer.tokens.dropFirst(2).filter { $0 != "properties" }.joined(separator: "_"))
    }

    private func qualifiedName(_ target: Target) -> String {
        if target.insideRootSchema { return Self.rootSchemaPartName(target.pointer) }
        let file = relativePath(of: target.file)
        let stem = (file as NSString).deletingPathExtension.replacingOccurrences(of: "../", with: "up/")
        let parts = stem.split(separator: "/").map(String.init) + (target.pointer.tokens.last.map { [$0] } ?? [])
        return Self.componentKey(parts.joined(separator: "_"))
    }

    private func sortKey(_ target: Target) -> String {
        (target.insideRootSchema ? "" : relativePath(of: target.file)) + target.pointer.description
    }

    /// Component keys may hold letters, digits, `.`, `-` and `_`.
    private static func componentKey(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        return cleaned.isEmpty ? "Schema" : cleaned
    }

    private func insert(_ contents: [Int: SpecValue], names: [Int: String], into root: inout SpecValue) {
        let bySection = Dictionary(grouping: contents.keys) { hoisted[$0].section }
        root.withObject { document in
            var components = document["components"]?.object ?? SpecObject()
            for (section, members) in bySection.sorted(by: { $0.key < $1.key }) {
                var objects = components[section]?.object ?? SpecObject()
                var appended: [(String, SpecValue)] = []
                for index in members {
                    guard let name = names[index], let content = contents[index] else { continue }
                    if objects.contains(name) {
                        objects[name] = content
                    } else {
                        appended.append((name, content))
                    }
                }
                for (name, content) in appended.sorted(by: { $0.0 < $1.0 }) {
                    objects[name] = content
                }
                if section != "schemas" { copyAliases(in: &objects, section: section, contents: contents, names: names) }
                components[section] = .object(objects)
            }
            document["components"] = .object(components)
        }
    }

    /// Gives a root component that is only a `$ref` to an object another root component
    /// already names (`items_per_page: {$ref: parameters.yml#/per_page}` beside `per_page`)
    /// its own copy: OpenAPI 3.0 components other than schemas cannot be references.
    private func copyAliases(in objects: inout SpecObject, section: String, contents: [Int: SpecValue],
                             names: [Int: String]) {
        objects.updateValues { key, value in
            guard case .object(let object) = value, object.count == 1,
                  let index = Self.placeholderIndex(object["$ref"]?.string, section: section),
                  names[index] != key, let content = contents[index] else { return }
            value = content
        }
    }

    private static func replacePlaceholders(in value: inout SpecValue, rename: (String) -> String) {
        switch value {
        case .string(let text):
            guard text.contains(placeholderPrefix), let pointer = JSONPointer(parsing: text) else { return }
            value = .string(JSONPointer(pointer.tokens.map(rename)).description)
        case .array:
            value.withArray { elements in
                for index in elements.indices { replacePlaceholders(in: &elements[index], rename: rename) }
            }
        case .object:
            value.withObject { object in
                object.updateValues { _, child in replacePlaceholders(in: &child, rename: rename) }
            }
        case .null, .bool, .number:
            break
        }
    }

    // MARK: File names

    /// How diagnostics name a file: relative to the root file's display name.
    private func displayName(of url: URL) -> String {
        let relative = relativePath(of: url)
        let directory = (rootDisplayName as NSString).deletingLastPathComponent
        return Self.lexicallyNormalized(directory.isEmpty ? relative : directory + "/" + relative)
    }

    /// The path of a file relative to the root file's directory (`../shared/pet.yaml`).
    private func relativePath(of url: URL) -> String {
        guard let rootURL else { return url.path }
        let base = rootURL.deletingLastPathComponent().standardizedFileURL.pathComponents
        let target = url.standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] {
            common += 1
        }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }

    private static func lexicallyNormalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == ".." , let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
