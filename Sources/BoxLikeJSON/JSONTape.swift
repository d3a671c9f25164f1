import Foundation

/// Why a response body is not JSON: what was wrong and at which byte.
///
/// Thrown (as the underlying error of a `DecodingError.dataCorrupted`) by
/// `JSONCoding.decode(_:from:)`. It never quotes the body, so it is safe to log.
package struct JSONSyntaxError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What was wrong, in a few words.
    package let reason: String
    /// The offset of the offending byte in the body.
    package let offset: Int

    /// Creates an error.
    package init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The reason and the offset.
    package var description: String { "\(reason) at byte \(offset)" }
}

/// A parsed JSON document: the body's bytes and a flat list of nodes in document order,
/// which ``TapeDecoder`` reads without building strings, dictionaries or arrays for
/// values nobody asks for.
///
/// Every value is one node; an object's node is followed by its keys (string nodes),
/// each followed by its value's nodes, and an array's node by its elements' nodes. Every
/// node knows where the next sibling starts, so skipping a value is one step. Objects also
/// get a contiguous run of ``Member`` entries (key hash and key node), so a key is found by
/// comparing a few integers. The parser is strict RFC 8259 (no trailing commas, no control
/// characters in strings, no leading zeros, valid UTF-8, paired surrogates) and bounded in
/// depth, so no body can exhaust the stack.
package final class JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    struct Node {
        var kind: Kind
        /// Strings: ``escapedFlag``, ``uncheckedFlag``, ``invalidFlag``. Numbers: non-zero
        /// when the text is a plain integer. Objects: ``invalidFlag`` when a key is not valid.
        var flag: UInt8
        /// Strings and numbers: the first byte. Objects: the first entry in `members`.
        var first: Int32
        /// Strings and numbers: the byte after the last. Objects and arrays: the count.
        var second: Int32
        /// The index of the node after this value (its next sibling, or its parent's next).
        var next: Int32
    }

    /// One key of an object: the hash of its (unescaped) text and its node; the value's
    /// node follows the key's.
    struct Member {
        var hash: UInt32
        var key: Int32
    }

    /// The string has escapes.
    static let escapedFlag: UInt8 = 1
    /// The string has control characters or non-ASCII bytes, to check when read.
    static let uncheckedFlag: UInt8 = 2
    /// The string (a key) is not valid text; on an object: one of its keys is not.
    static let invalidFlag: UInt8 = 4

    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 512

    let bytes: [UInt8]
    private(set) var nodes: [Node] = []
    private(set) var members: [Member] = []
    /// The first member position of each key hash, for objects with more than
    /// ``indexedObjectSize`` members, built on their first lookup. Decoding every key of a
    /// large object (a dictionary, additional properties) would otherwise scan it once per
    /// key: N²/2.
    private var memberIndexes: [Int: [UInt32: Int32]] = [:]
    /// Objects up to this many members are scanned (cheaper than building an index for the
    /// few dozen keys of a model); larger ones are indexed.
    static let indexedObjectSize = 64

    /// Parses `bytes`.
    ///
    /// - Throws: ``JSONSyntaxError`` when the bytes are not one JSON value.
    package init(parsing bytes: [UInt8]) throws {
        self.bytes = bytes
        guard bytes.count < Int(Int32.max) else {
            throw JSONSyntaxError("the document is too large", at: 0)
        }
        var parser = Parser()
        parser.nodes.reserveCapacity(min(bytes.count / 16 + 4, 1 << 20))
        try bytes.withUnsafeBufferPointer { input in
            try parser.parseDocument(input)
        }
        nodes = parser.nodes
        members = parser.members
    }

    // MARK: - Parsing

    private struct Parser {
        var nodes: [Node] = []
        var members: [Member] = []
        /// Keys of the objects being parsed; an object's run moves to `members` when it closes.
        var pending: [Member] = []
        var offset = 0

        mutating func parseDocument(_ input: UnsafeBufferPointer<UInt8>) throws {
            // A UTF-8 byte order mark is not JSON, but is harmless; skip it.
            if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { offset = 3 }
            skipWhitespace(input)
            try parseValue(input, depth: 0)
            skipWhitespace(input)
            guard offset == input.count else {
                throw JSONSyntaxError("unexpected text after the value", at: offset)
            }
        }

        @inline(__always)
        mutating func skipWhitespace(_ input: UnsafeBufferPointer<UInt8>) {
            while offset < input.count {
                switch input[offset] {
                case 0x20, 0x0A, 0x0D, 0x09: offset += 1
                default: return
                }
            }
        }

        mutating func parseValue(_ input: UnsafeBufferPointer<UInt8>, depth: Int) throws {
            guard offset < input.count else { throw JSONSyntaxError("unexpected end of the document", at: offset) }
            switch input[offset] {
            case UInt8(ascii: "{"): try parseObject(input, depth: depth + 1)
            case UInt8(ascii: "["): try parseArray(input, depth: depth + 1)
            case UInt8(ascii: "\""): _ = try parseString(input, isKey: false)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber(input)
            case UInt8(ascii: "t"): try parseLiteral(input, "true", .true)
            case UInt8(ascii: "f"): try parseLiteral(input, "false", .false)
            case UInt8(ascii: "n"): try parseLiteral(input, "null", .null)
            default: throw JSONSyntaxError("unexpected character", at: offset)
            }
        }

        mutating func parseLiteral(_ input: UnsafeBufferPointer<UInt8>, _ word: StaticString, _ kind: Kind) throws {
            let length = word.utf8CodeUnitCount
            guard offset + length <= input.count else { throw JSONSyntaxError("unexpected end of the document", at: offset) }
            let start = word.utf8Start
            for index in 0..<length where input[offset + index] != start[index] {
                throw JSONSyntaxError("unexpected character", at: offset + index)
            }
            let index = Int32(nodes.count)
            nodes.append(Node(kind: kind, flag: 0, first: Int32(offset), second: Int32(offset + length), next: index + 1))
            offset += length
        }

        /// Consumes `byte` if it is next.
        @inline(__always)
        mutating func consume(_ input: UnsafeBufferPointer<UInt8>, _ byte: UInt8) -> Bool {
            guard offset < input.count, input[offset] == byte else { return false }
            offset += 1
            return true
        }

        /// After a member of an object or array: consumes `,` or `closer`, and tells whether
        /// the container is closed. A trailing comma before `closer` is not JSON, but
        /// JSONDecoder accepts it, and so does this parser.
        mutating func closesAfterMember(_ input: UnsafeBufferPointer<UInt8>, _ closer: UInt8) throws -> Bool {
            skipWhitespace(input)
            guard offset < input.count else { throw JSONSyntaxError("unexpected end of the document", at: offset) }
            if consume(input, UInt8(ascii: ",")) {
                skipWhitespace(input)
                return consume(input, closer)
            }
            guard consume(input, closer) else {
                throw JSONSyntaxError("expected ',' or '\(Character(Unicode.Scalar(closer)))'", at: offset)
            }
            return true
        }

        mutating func parseObject(_ input: UnsafeBufferPointer<UInt8>, depth: Int) throws {
            guard depth <= JSONTape.maxDepth else { throw JSONSyntaxError("nested too deeply", at: offset) }
            let index = nodes.count
            nodes.append(Node(kind: .object, flag: 0, first: 0, second: 0, next: 0))
            offset += 1
            let pendingStart = pending.count
            var count: Int32 = 0
            skipWhitespace(input)
            if !consume(input, UInt8(ascii: "}")) {
                repeat {
                    skipWhitespace(input)
                    guard offset < input.count, input[offset] == UInt8(ascii: "\"") else {
                        throw JSONSyntaxError("expected a key", at: offset)
                    }
                    let key = Int32(nodes.count)
                    let hash = try parseString(input, isKey: true)
                    if hash == nil { nodes[index].flag = JSONTape.invalidFlag }
                    pending.append(Member(hash: hash ?? 0, key: key))
                    skipWhitespace(input)
                    guard consume(input, UInt8(ascii: ":")) else {
                        throw JSONSyntaxError("expected ':' after a key", at: offset)
                    }
                    skipWhitespace(input)
                    try parseValue(input, depth: depth)
                    count += 1
                } while try !closesAfterMember(input, UInt8(ascii: "}"))
            }
            let firstMember = Int32(members.count)
            members.append(contentsOf: pending[pendingStart...])
            pending.removeSubrange(pendingStart...)
            nodes[index].first = firstMember
            nodes[index].second = count
            nodes[index].next = Int32(nodes.count)
        }

        mutating func parseArray(_ input: UnsafeBufferPointer<UInt8>, depth: Int) throws {
            guard depth <= JSONTape.maxDepth else { throw JSONSyntaxError("nested too deeply", at: offset) }
            let index = nodes.count
            nodes.append(Node(kind: .array, flag: 0, first: 0, second: 0, next: 0))
            offset += 1
            var count: Int32 = 0
            skipWhitespace(input)
            if !consume(input, UInt8(ascii: "]")) {
                repeat {
                    skipWhitespace(input)
                    try parseValue(input, depth: depth)
                    count += 1
                } while try !closesAfterMember(input, UInt8(ascii: "]"))
            }
            nodes[index].second = count
            nodes[index].next = Int32(nodes.count)
        }

        /// Scans a string; returns the hash of its content when it is a key, `nil` when the
        /// key's text is not valid.
        ///
        /// Only the closing quote is found here. Escapes, control characters and UTF-8 are
        /// checked when a value is read (as JSONDecoder does: a bad value nobody reads does
        /// not fail the body) and, for keys, when their object is opened.
        mutating func parseString(_ input: UnsafeBufferPointer<UInt8>, isKey: Bool) throws -> UInt32? {
            let start = offset + 1
            var position = start
            var escaped = false
            var plain = true
            while true {
                // Eight plain bytes (no quote, backslash, control or non-ASCII byte) at a time.
                while position + 8 <= input.count, let base = UnsafeRawPointer(input.baseAddress),
                      JSONTape.arePlain(base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) {
                    position += 8
                }
                guard position < input.count else { throw JSONSyntaxError("unterminated string", at: offset) }
                let byte = input[position]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    // `\u` needs four hex digits; JSONDecoder rejects the body otherwise.
                    if position + 1 < input.count, input[position + 1] == UInt8(ascii: "u") {
                        for digit in (position + 2)..<(position + 6) {
                            guard digit < input.count, JSONTape.isHexDigit(input[digit]) else {
                                throw JSONSyntaxError("invalid \\u escape", at: digit)
                            }
                        }
                        position += 6
                        continue
                    }
                    position += 2
                    continue
                }
                if byte < 0x20 || byte >= 0x80 { plain = false }
                position += 1
            }
            let end = position
            offset = end + 1
            var flags: UInt8 = (escaped ? JSONTape.escapedFlag : 0) | (plain ? 0 : JSONTape.uncheckedFlag)
            var hash: UInt32? = 0
            if isKey {
                let content = UnsafeBufferPointer(rebasing: input[start..<end])
                if flags == 0 {
                    hash = JSONTape.hash(content)
                } else if let text = try? JSONTape.checkedText(content, flags: flags, offset: start) {
                    hash = text.withUnsafeBufferPointer { JSONTape.hash($0) }
                } else {
                    hash = nil
                    flags |= JSONTape.invalidFlag
                }
            }
            let index = Int32(nodes.count)
            nodes.append(Node(kind: .string, flag: flags, first: Int32(start), second: Int32(end), next: index + 1))
            return hash
        }

        mutating func parseNumber(_ input: UnsafeBufferPointer<UInt8>) throws {
            let start = offset
            var position = offset
            func digits(_ position: inout Int) -> Int {
                let first = position
                while position < input.count, input[position] >= UInt8(ascii: "0"), input[position] <= UInt8(ascii: "9") {
                    position += 1
                }
                return position - first
            }
            if input[position] == UInt8(ascii: "-") { position += 1 }
            let integerStart = position
            let integerDigits = digits(&position)
            guard integerDigits > 0 else { throw JSONSyntaxError("a number needs digits", at: position) }
            if integerDigits > 1, input[integerStart] == UInt8(ascii: "0") {
                throw JSONSyntaxError("a number may not start with 0", at: integerStart)
            }
            var integer = true
            if position < input.count, input[position] == UInt8(ascii: ".") {
                integer = false
                position += 1
                guard digits(&position) > 0 else { throw JSONSyntaxError("a fraction needs digits", at: position) }
            }
            if position < input.count, input[position] == UInt8(ascii: "e") || input[position] == UInt8(ascii: "E") {
                integer = false
                position += 1
                if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                    position += 1
                }
                guard digits(&position) > 0 else { throw JSONSyntaxError("an exponent needs digits", at: position) }
            }
            offset = position
            let index = Int32(nodes.count)
            nodes.append(Node(kind: .number, flag: integer ? 1 : 0, first: Int32(start), second: Int32(position), next: index + 1))
        }
    }

    // MARK: - Text

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    /// Whether none of the eight bytes in `word` is a quote, a backslash, a control character
    /// or a non-ASCII byte (the bytes a string scan must stop at).
    @inline(__always)
    static func arePlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let quote = hasZeroByte(word ^ (ones &* 0x22))
        let backslash = hasZeroByte(word ^ (ones &* 0x5C))
        // A byte below 0x20 borrows into its high bit when 0x20 is subtracted (for ASCII bytes).
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return !quote && !backslash && !control && word & highs == 0
    }

    /// A hash of a key's bytes that costs the same for any length: the length and the first
    /// and last eight bytes, mixed. Keys that share all three are told apart by comparing
    /// their bytes, as every hash match is.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let count = bytes.count
        guard let base = UnsafeRawPointer(bytes.baseAddress), count > 0 else { return 0 }
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        if count >= 8 {
            hash ^= base.loadUnaligned(as: UInt64.self)
            hash = (hash ^ (hash >> 32)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for index in 0..<count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
            }
        }
        hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        return UInt32(truncatingIfNeeded: hash)
    }

    /// Checks that `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    static func validateUTF8(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) throws {
        var index = 0
        func fail() -> JSONSyntaxError { JSONSyntaxError("invalid UTF-8 in a string", at: offset + index) }
        func continuation(_ at: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) throws {
            guard at < bytes.count, range.contains(bytes[at]) else { throw fail() }
        }
        while index < bytes.count {
            let lead = bytes[index]
            switch lead {
            case 0x00...0x7F:
                index += 1
            case 0xC2...0xDF:
                try continuation(index + 1)
                index += 2
            case 0xE0...0xEF:
                let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : (lead == 0xED ? 0x80...0x9F : 0x80...0xBF)
                try continuation(index + 1, second)
                try continuation(index + 2)
                index += 3
            case 0xF0...0xF4:
                let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : (lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF)
                try continuation(index + 1, second)
                try continuation(index + 2)
                try continuation(index + 3)
                index += 4
            default:
                throw fail()
            }
        }
    }

    /// The UTF-8 of a string's content with its escapes resolved.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 4 <= bytes.count else { throw JSONSyntaxError("incomplete \\u escape", at: offset + at) }
            var value: UInt32 = 0
            for position in at..<(at + 4) {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw JSONSyntaxError("invalid \\u escape", at: offset + position)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { throw JSONSyntaxError("incomplete escape", at: offset + index) }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw JSONSyntaxError("unpaired surrogate in a \\u escape", at: offset + index) }
                    let low = try hex4(index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw JSONSyntaxError("unpaired surrogate in a \\u escape", at: offset + index)
                    }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw JSONSyntaxError("unpaired surrogate in a \\u escape", at: offset + index - 6)
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw JSONSyntaxError("invalid \\u escape", at: offset + index - 6)
                }
                if let encoded = UTF8.encode(unicode) { output.append(contentsOf: encoded) }
            default:
                throw JSONSyntaxError("invalid escape", at: offset + index - 1)
            }
        }
        return output
    }

    // MARK: - Reading

    /// The text of a string node; `nil` when it has a bad escape, a control character or
    /// bytes that are not UTF-8.
    func text(at index: Int) -> String? {
        let node = nodes[index]
        return bytes.withUnsafeBufferPointer { buffer in
            let content = UnsafeBufferPointer(rebasing: buffer[Int(node.first)..<Int(node.second)])
            if node.flag == 0 { return String(decoding: content, as: UTF8.self) }
            guard let text = try? JSONTape.checkedText(content, flags: node.flag, offset: Int(node.first)) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// The text of a key node (checked when its object is opened).
    func keyText(at index: Int) -> String {
        text(at: index) ?? ""
    }

    /// A string's content with escapes resolved, checked for control characters and UTF-8.
    static func checkedText(_ content: UnsafeBufferPointer<UInt8>, flags: UInt8, offset: Int) throws -> [UInt8] {
        if flags & uncheckedFlag != 0 {
            for (position, byte) in content.enumerated() where byte < 0x20 {
                throw JSONSyntaxError("control character in a string", at: offset + position)
            }
        }
        let text = flags & escapedFlag != 0 ? try unescape(content, offset: offset) : Array(content)
        if flags & uncheckedFlag != 0 || flags & escapedFlag != 0 {
            try text.withUnsafeBufferPointer { try validateUTF8($0, offset: offset) }
        }
        return text
    }

    /// The text of a number node.
    func numberText(at index: Int) -> String {
        let node = nodes[index]
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(node.first)..<Int(node.second)]), as: UTF8.self)
        }
    }

    /// The node of the value stored under `key` in the object at `object`; the first one
    /// when the key appears twice (as `JSONDecoder` does).
    func value(forKey key: String, inObject object: Int) -> Int? {
        let node = nodes[object]
        let count = Int(node.second)
        guard count > 0 else { return nil }
        var key = key
        return key.withUTF8 { wanted -> Int? in
            let hash = JSONTape.hash(wanted)
            var member = Int(node.first)
            let end = member + count
            if count > Self.indexedObjectSize {
                // Start at the first member with this hash; later ones are only reached when
                // two keys share a hash.
                guard let first = memberIndex(ofObject: object)[hash] else { return nil }
                member = Int(first)
            }
            while member < end {
                let entry = members[member]
                if entry.hash == hash, keyEquals(Int(entry.key), wanted) {
                    return Int(entry.key) + 1
                }
                member += 1
            }
            return nil
        }
    }

    /// The position of the first member with each key hash (so the first of duplicate keys
    /// is found first); built once per object.
    private func memberIndex(ofObject object: Int) -> [UInt32: Int32] {
        if let index = memberIndexes[object] { return index }
        let node = nodes[object]
        var index: [UInt32: Int32] = [:]
        index.reserveCapacity(Int(node.second))
        for member in Int(node.first)..<Int(node.first + node.second) where index[members[member].hash] == nil {
            index[members[member].hash] = Int32(member)
        }
        memberIndexes[object] = index
        return index
    }

    private func keyEquals(_ keyNode: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[keyNode]
        if node.flag != 0 {
            return Array(keyText(at: keyNode).utf8).elementsEqual(wanted)
        }
        let length = Int(node.second - node.first)
        guard length == wanted.count else { return false }
        guard length > 0, let wantedBase = wanted.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memcmp(base + Int(node.first), wantedBase, length) == 0
        }
    }

    /// The keys of the object at `object`, in document order, each once.
    func keys(ofObject object: Int) -> [String] {
        let node = nodes[object]
        var seen = Set<String>()
        var keys: [String] = []
        for member in Int(node.first)..<Int(node.first + node.second) {
            let key = keyText(at: Int(members[member].key))
            if seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    /// The coding path from the document's root to the value at `target`, rebuilt from the
    /// tape (decoders keep only node indices, so no path is built unless an error needs it).
    func codingPath(to target: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = 0
        while current != target, current < nodes.count {
            let node = nodes[current]
            var found = false
            switch node.kind {
            case .object:
                for member in Int(node.first)..<Int(node.first + node.second) {
                    let value = Int(members[member].key) + 1
                    if value <= target, target < Int(nodes[value].next) {
                        path.append(AnyCodingKey(keyText(at: value - 1)))
                        current = value
                        found = true
                        break
                    }
                }
            case .array:
                var child = current + 1
                var position = 0
                while child < Int(node.next) {
                    if child <= target, target < Int(nodes[child].next) {
                        path.append(AnyCodingKey(index: position))
                        current = child
                        found = true
                        break
                    }
                    child = Int(nodes[child].next)
                    position += 1
                }
            default:
                break
            }
            if !found { break }
        }
        return path
    }
}

extension AnyCodingKey {
    /// The key of an array element, as `JSONDecoder` names it (`Index 3`).
    init(index: Int) {
        self.init(stringValue: "Index \(index)", intValue: index)
    }
}
