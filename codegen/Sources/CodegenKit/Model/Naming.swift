/// Turns names from the spec into Swift identifiers. One place decides, so a wire name
/// becomes the same identifier everywhere it appears.
package enum Naming {
    /// Splits a name into words at separators (anything not a letter or digit) and at
    /// lower-to-upper case changes: `folder_id`, `folderId` and `Folder-ID` all give
    /// `folder`, `id`/`Id`/`ID`.
    static func words(_ text: String) -> [Substring] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        var words: [Substring] = []
        var start: String.Index?
        var previous: Character?
        for index in text.indices {
            let character = text[index]
            let isWordCharacter = character.isASCII && (character.isLetter || character.isNumber)
            if !isWordCharacter {
                if let wordStart = start { words.append(text[wordStart..<index]) }
                start = nil
                previous = nil
                continue
            }
            if let wordStart = start, let previous, previous.isLowercase || previous.isNumber, character.isUppercase {
                words.append(text[wordStart..<index])
                start = index
            } else if start == nil {
                start = index
            }
            previous = character
        }
        if let wordStart = start { words.append(text[wordStart...]) }
        return words
    }

    /// ``words(_:)`` for ASCII text, on bytes: names are nearly always ASCII, and going
    /// through `Character` for each letter was a visible share of a large spec's time.
    private static func asciiWords(_ text: String) -> [Substring] {
        var words: [Substring] = []
        let utf8 = text.utf8
        var start: String.Index?
        var previous: UInt8 = 0
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if !(isASCIILetter(byte) || isASCIIDigit(byte)) {
                if let wordStart = start { words.append(text[wordStart..<index]) }
                start = nil
                previous = 0
            } else {
                if let wordStart = start, previous != 0, isASCIILower(previous) || isASCIIDigit(previous), isASCIIUpper(byte) {
                    words.append(text[wordStart..<index])
                    start = index
                } else if start == nil {
                    start = index
                }
                previous = byte
            }
            index = utf8.index(after: index)
        }
        if let wordStart = start { words.append(text[wordStart...]) }
        return words
    }

    private static func isASCIILower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isASCIIUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isASCIILetter(_ byte: UInt8) -> Bool { isASCIILower(byte) || isASCIIUpper(byte) }
    private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `folder_id` → `folderId`, `FILE.UPLOADED` → `fileUploaded`, `$parent` → `parent`.
    /// Not escaped; see ``identifier(_:)``.
    package static func lowerCamelCase(_ text: String) -> String {
        asciiCamelCase(text, lowerFirst: true) ?? lowerCamelCaseByWords(text)
    }

    /// `User--Full` → `UserFull`, `client_error` → `ClientError`, `PostOAuth2Token` kept.
    package static func upperCamelCase(_ text: String) -> String {
        asciiCamelCase(text, lowerFirst: false) ?? upperCamelCaseByWords(text)
    }

    /// ``lowerCamelCase(_:)`` word by word (``words(_:)``, ``lowercasedLeadingWord(_:)``,
    /// ``capitalizedWord(_:)``): the rules, for any text.
    static func lowerCamelCaseByWords(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "" }
        var result = lowercasedLeadingWord(first)
        for part in parts.dropFirst() {
            result += capitalizedWord(part)
        }
        return result
    }

    /// ``upperCamelCase(_:)`` word by word: the rules, for any text.
    static func upperCamelCaseByWords(_ text: String) -> String {
        words(text).map(capitalizedWord).joined()
    }

    /// The camel case of ASCII text in one pass over its bytes, into one buffer; `nil` when
    /// the text is not ASCII. The same rules as the word-by-word functions (names are
    /// nearly always ASCII, and they are made for every property, case and type).
    static func asciiCamelCase(_ text: String, lowerFirst: Bool) -> String? {
        var text = text
        return text.withUTF8 { input -> String? in
            var output: [UInt8] = []
            output.reserveCapacity(input.count)
            var isFirstWord = true

            func emit(_ word: Range<Int>) {
                var hasLower = false
                for position in word where isASCIILower(input[position]) {
                    hasLower = true
                    break
                }
                if isFirstWord && lowerFirst {
                    // A run of capitals followed by lower case: all but the last capital
                    // start the word (`URLPath` → `urlPath`); all capitals: all lowered.
                    var run = 0
                    while run < word.count, isASCIIUpper(input[word.lowerBound + run]) { run += 1 }
                    let end = !hasLower ? word.count : (run > 1 && run < word.count ? run - 1 : max(run, 1))
                    for offset in 0..<word.count {
                        let byte = input[word.lowerBound + offset]
                        output.append(offset < end && isASCIIUpper(byte) ? byte | 0x20 : byte)
                    }
                } else {
                    let shouting = word.count > 1 && !hasLower
                    // A run of capitals before lower case is an initialism and a word:
                    // capitalised like one (`EUValidation` → `EuValidation`, as Box's
                    // generator names it); `OAuth` keeps its two capitals.
                    var initialism = 0
                    if hasLower {
                        var run = 0
                        while run < word.count, isASCIIUpper(input[word.lowerBound + run]) { run += 1 }
                        if run > 2 { initialism = run - 1 }
                    }
                    for offset in 0..<word.count {
                        let byte = input[word.lowerBound + offset]
                        if offset == 0 {
                            output.append(isASCIILower(byte) ? byte & ~0x20 : byte)
                        } else {
                            output.append((shouting || offset < initialism) && isASCIIUpper(byte) ? byte | 0x20 : byte)
                        }
                    }
                }
                isFirstWord = false
            }

            var start: Int?
            var previous: UInt8 = 0
            for index in 0..<input.count {
                let byte = input[index]
                guard byte < 0x80 else { return nil }
                if !(isASCIILetter(byte) || isASCIIDigit(byte)) {
                    if let wordStart = start { emit(wordStart..<index) }
                    start = nil
                    previous = 0
                    continue
                }
                if let wordStart = start, isASCIILower(previous) || isASCIIDigit(previous), isASCIIUpper(byte) {
                    emit(wordStart..<index)
                    start = index
                } else if start == nil {
                    start = index
                }
                previous = byte
            }
            if let wordStart = start { emit(wordStart..<input.count) }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// The first word in lower case: `URL` → `url`, `Folder` → `folder`, `URLPath` stays
    /// split by ``words(_:)`` as one word and becomes `urlPath`.
    private static func lowercasedLeadingWord(_ word: Substring) -> String {
        let bytes = Array(word.utf8)
        if !bytes.contains(where: { $0 >= 0x80 }) {
            var result = bytes
            if !bytes.contains(where: isASCIILower) {
                for position in result.indices where isASCIIUpper(result[position]) { result[position] |= 0x20 }
                return String(decoding: result, as: UTF8.self)
            }
            var index = 0
            while index < result.count, isASCIIUpper(result[index]) { index += 1 }
            let end = index > 1 && index < result.count ? index - 1 : max(index, 1)
            for position in 0..<min(end, result.count) where isASCIIUpper(result[position]) { result[position] |= 0x20 }
            return String(decoding: result, as: UTF8.self)
        }
        if word.allSatisfy({ !$0.isLowercase }) { return word.lowercased() }
        // A run of capitals followed by lower case: all but the last capital start the word.
        var characters = Array(word)
        var index = 0
        while index < characters.count, characters[index].isUppercase {
            index += 1
        }
        let end = index > 1 && index < characters.count ? index - 1 : max(index, 1)
        for position in 0..<min(end, characters.count) {
            characters[position] = Character(characters[position].lowercased())
        }
        return String(characters)
    }

    /// A later word with its first letter in upper case; all-capital words become
    /// capitalised (`UPLOADED` → `Uploaded`) so shouting constants read as names.
    private static func capitalizedWord(_ word: Substring) -> String {
        var bytes = Array(word.utf8)
        if !bytes.isEmpty, !bytes.contains(where: { $0 >= 0x80 }) {
            let shouting = bytes.count > 1 && !bytes.contains(where: isASCIILower)
            if isASCIILower(bytes[0]) { bytes[0] &= ~0x20 }
            if shouting {
                for position in 1..<bytes.count where isASCIIUpper(bytes[position]) { bytes[position] |= 0x20 }
            } else {
                // An initialism before lower case (`EUValidation` → `EuValidation`).
                var run = 0
                while run < bytes.count, isASCIIUpper(bytes[run]) { run += 1 }
                if run > 2 {
                    for position in 1..<(run - 1) { bytes[position] |= 0x20 }
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let first = word.first else { return "" }
        if word.count > 1, word.allSatisfy({ !$0.isLowercase }) {
            return first.uppercased() + word.dropFirst().lowercased()
        }
        return first.uppercased() + word.dropFirst()
    }

    /// Swift keywords that must be back-quoted to be used as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "super", "throws", "true", "try",
        "any", "some", "await", "async", "consume", "copy", "discard", "each", "borrowing", "consuming",
        "Any", "package", "macro",
    ]

    /// Keywords that Box's Swift SDK spells with a trailing underscore where a name would be
    /// one (`default_`, `enum_`, `extension_`): the reserved words of declarations, statements
    /// and expressions, not the contextual ones usable after a dot (`open`, `copy`, `any`).
    static let boxUnderscoredKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "false", "is", "nil", "throws", "true", "try",
    ]

    /// Box's Swift SDK's spelling of a keyword used as a name (`` `default` `` → `default_`),
    /// or `nil` when `name` is not one it spells so.
    package static func boxUnderscoredName(_ name: String) -> String? {
        let bare = unescaped(name)
        guard bare != name, boxUnderscoredKeywords.contains(bare) else { return nil }
        return bare + "_"
    }

    /// Names that cannot be used even back-quoted without changing meaning.
    static let unusable: Set<String> = ["self", "Self", "Type", "Protocol", "init", "_", "super"]

    /// The `ServerID` constant for a server id (`upload` → `upload`, `oauth-2` → `oauth2`).
    package static func serverConstantName(_ serverId: String) -> String {
        identifier(serverId, fallback: "server")
    }

    /// The protocol a manager's server-side handler conforms to (`FilesManager` →
    /// `FilesOperations`).
    package static func handlerProtocolName(managerTypeName: String) -> String {
        let base = managerTypeName.hasSuffix("Manager") ? String(managerTypeName.dropLast("Manager".count)) : managerTypeName
        return base + "Operations"
    }

    /// The name of a paginated operation's `…Sequence` method (`getFolderItems` →
    /// `getFolderItemsSequence`; a keyword escaped as a method name is not one with the suffix).
    package static func sequenceMethodName(_ methodName: String) -> String {
        unescaped(methodName) + "Sequence"
    }

    /// A valid Swift identifier for a member or parameter: camel case, a leading digit
    /// prefixed with `_`, keywords back-quoted, unusable names suffixed.
    package static func identifier(_ text: String, fallback: String = "value") -> String {
        var name = lowerCamelCase(text)
        if name.isEmpty { name = fallback }
        if let first = name.first, first.isNumber { name = "_" + name }
        if unusable.contains(name) { name += "Value" }
        return escaped(name)
    }

    /// Back-quotes a keyword.
    package static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The name without back-quotes, for building derived names.
    package static func unescaped(_ name: String) -> String {
        name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }

    /// The name of a type declared inline by a property, as Box's Swift SDK names it: the
    /// owner's name (without its own `Field`), the property's, and `Field`
    /// (`CreateFolderRequestBody` + `parent` → `CreateFolderRequestBodyParentField`;
    /// `CreateFolderRequestBodyParentField` + `id` → `CreateFolderRequestBodyParentIdField`).
    /// The property's name is used as it is (`type` → `...TypeField`): after the owner's name
    /// it cannot be a keyword.
    package static func fieldTypeName(owner: String, wireName: String) -> String {
        fieldTypeName(owner: owner, part: fieldPart(wireName))
    }

    /// ``fieldTypeName(owner:wireName:)`` with the property's part already worked out
    /// (``fieldPart(_:)``).
    package static func fieldTypeName(owner: String, part: String) -> String {
        let base = owner.hasSuffix(fieldSuffix) ? String(owner.dropLast(fieldSuffix.count)) : owner
        return base + part + fieldSuffix
    }

    /// A property's wire name as part of a type name (`created_at` → `CreatedAt`).
    package static func fieldPart(_ wireName: String) -> String {
        let part = upperCamelCase(wireName)
        return part.isEmpty ? "Value" : part
    }

    /// What ends the name of a type declared inline by a property.
    package static let fieldSuffix = "Field"

    /// A valid Swift type name: upper camel case, a leading digit prefixed with `_`.
    package static func typeName(_ text: String, fallback: String = "Value") -> String {
        var name = upperCamelCase(text)
        if name.isEmpty { name = fallback }
        if let first = name.first, first.isNumber { name = "_" + name }
        if keywords.contains(name) || unusable.contains(name) { name += "Value" }
        return name
    }

    /// Upper-cases the first letter of an identifier (`getFolderById` → `GetFolderById`).
    package static func capitalizingFirst(_ name: String) -> String {
        let plain = unescaped(name)
        guard let first = plain.first else { return plain }
        return first.uppercased() + plain.dropFirst()
    }
}
