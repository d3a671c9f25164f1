import Foundation
import Testing
@testable import BoxLikeRuntime

/// `JSONCoding.decode(_:from:)` against `JSONDecoder` configured as `JSONCoding.decoder`:
/// same values, same errors (kind and coding path), for hand-picked documents and for
/// thousands of seeded mutations of them.
@Suite("Response decoding matches JSONDecoder")
struct ResponseDecodingTests {
    // Shaped like generated models: optionals, dates, open enums, nested and indirect
    // values, nullable fields, unions and additional properties.
    struct Kind: OpenEnum {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
    }

    struct Parent: Codable, Sendable {
        var id: String
        var name: String?
        @Indirect var parent: Parent?

        enum CodingKeys: String, CodingKey { case id, name, parent }
    }

    enum Entry: Codable, Sendable {
        case file(Item)
        case other(JSONValue)

        init(from decoder: any Decoder) throws {
            switch try UnionCoding.discriminator("type", in: decoder) {
            case "file"?: self = .file(try UnionCoding.decode(Item.self, from: decoder))
            default: self = .other(try UnionCoding.decode(JSONValue.self, from: decoder))
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .file(let item): try UnionCoding.encode(item, to: encoder)
            case .other(let value): try UnionCoding.encode(value, to: encoder)
            }
        }
    }

    struct Item: Codable, Sendable {
        var id: String
        var type: Kind
        var name: String?
        var size: Int64?
        var count: Int?
        var ratio: Double?
        var weight: Float?
        var small: UInt8?
        var isShared: Bool?
        var createdAt: Date?
        var tags: [String]?
        var optionals: [String?]?
        var matrix: [[Int]]?
        var counts: [String: Int64]?
        var parent: Parent?
        var description: Nullable<String>?
        var link: URL?

        enum CodingKeys: String, CodingKey {
            case id, type, name, size, count, ratio, weight, small, tags, optionals, matrix, counts, parent, description, link
            case isShared = "is_shared"
            case createdAt = "created_at"
        }
    }

    struct Listing: Codable, Sendable {
        var totalCount: Int64
        var entries: [Entry]
        var nextMarker: String?
        var extra: [String: JSONValue]

        enum CodingKeys: String, CodingKey {
            case totalCount = "total_count"
            case entries
            case nextMarker = "next_marker"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            totalCount = try container.decode(Int64.self, forKey: .totalCount)
            entries = try container.decode([Entry].self, forKey: .entries)
            nextMarker = try container.decodeIfPresent(String.self, forKey: .nextMarker)
            extra = try AdditionalPropertiesCoding.decode(JSONValue.self, from: decoder,
                                                          excluding: ["total_count", "entries", "next_marker"])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(totalCount, forKey: .totalCount)
            try container.encode(entries, forKey: .entries)
            try container.encodeIfPresent(nextMarker, forKey: .nextMarker)
            try AdditionalPropertiesCoding.encode(extra, to: encoder)
        }
    }

    static let item = #"""
        {"id":"12","type":"file","name":"h\u00e9llo \"quoted\" \\ \/ \b\f\n\r\t ☃ 😀 \ud83d\ude00","size":-9223372036854775808,
         "count":1.0,"ratio":1.5e3,"weight":0.1,"small":255,"is_shared":false,"created_at":"2012-12-12T10:53:43-08:00",
         "tags":["a","b",""],"optionals":["x",null],"matrix":[[1,2],[],[-0]],"counts":{"a":1,"b":12345678901},
         "parent":{"id":"0","name":"All Files","parent":{"id":"-1"}},"description":null,"link":"https://example.com/a?b=c",
         "unknown":{"deep":[1,{"x":[true,false,null]}]}}
        """#
    static let listing = #"""
        { "total_count" : 3 , "entries" : [
          {"type":"file","id":"1","name":"one","created_at":"2024-05-01T18:53:43.250Z"},
          {"type":"folder","id":"2","name":"two","sizes":[1,2.5,-3e-2,12345678901234567890]},
          {"type":"file","id":"3","na\u006de":"escaped key","description":"d","is_shared":true}
        ], "next_marker":"m", "limit": 100, "order": [{"by":"name","direction":"ASC"}], "empty": {} }
        """#

    /// What decoding produced: the value re-encoded, or the error's kind and coding path.
    static func outcome(_ decode: () throws -> some Encodable) -> String {
        do {
            let data = try JSONCoding.encoder.encode(decode())
            return "ok " + String(decoding: data, as: UTF8.self)
        } catch let error as DecodingError {
            func path(_ context: DecodingError.Context) -> String {
                context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            }
            switch error {
            case .typeMismatch(_, let context): return "typeMismatch at \(path(context))"
            case .valueNotFound(_, let context): return "valueNotFound at \(path(context))"
            case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
            case .dataCorrupted(let context): return "dataCorrupted at \(path(context))"
            @unknown default: return "unknown"
            }
        } catch {
            return "other error \(error)"
        }
    }

    static func compare<T: Codable>(_ type: T.Type, _ bytes: [UInt8]) -> (tape: String, foundation: String) {
        (outcome { try JSONCoding.decode(T.self, from: bytes) },
         outcome { try JSONCoding.makeDecoder().decode(T.self, from: Data(bytes)) })
    }

    @Test func valuesMatchJSONDecoder() throws {
        for (type, text) in [(0, Self.item), (1, Self.listing)] {
            let bytes = Array(text.utf8)
            let result = type == 0 ? Self.compare(Item.self, bytes) : Self.compare(Listing.self, bytes)
            #expect(result.tape.hasPrefix("ok "))
            #expect(result.tape == result.foundation)
            let untyped = Self.compare(JSONValue.self, bytes)
            #expect(untyped.tape.hasPrefix("ok "))
            #expect(untyped.tape == untyped.foundation)
        }
        // Free-form values are built straight from the tape; they must still be what
        // `JSONValue.init(from:)` makes of the same text under JSONDecoder.
        let numbers = Array(#"[1, 1.0, 1e3, -0, 0.5, 12345678901234567890, -9223372036854775809, {"a":1,"a":2}, []]"#.utf8)
        let free = Self.compare(JSONValue.self, numbers)
        #expect(free.tape.hasPrefix("ok "))
        #expect(free.tape == free.foundation)
        #expect(try JSONCoding.decode(JSONValue.self, from: numbers).arrayValue?.prefix(3) == [.integer(1), .integer(1), .integer(1000)])

        let item = try JSONCoding.decode(Item.self, from: Array(Self.item.utf8))
        #expect(item.name == "h\u{e9}llo \"quoted\" \\ / \u{8}\u{c}\n\r\t ☃ 😀 😀")
        #expect(item.size == Int64.min)
        #expect(item.count == 1)
        #expect(item.createdAt == Date(timeIntervalSince1970: 1_355_338_423))
        #expect(item.parent?.parent?.id == "-1")
        #expect(item.description == .null)
        let listing = try JSONCoding.decode(Listing.self, from: Array(Self.listing.utf8))
        guard case .file(let third) = listing.entries[2] else {
            Issue.record("the third entry should be a file")
            return
        }
        #expect(third.name == "escaped key")
        #expect(listing.extra["limit"] == .integer(100))
    }

    @Test(arguments: [
        // Wrong kinds, nulls, missing keys, numbers that do not fit, bad dates: kind and path.
        #"{"id":"1","type":"file","size":"12"}"#,
        #"{"id":null,"type":"file"}"#,
        #"{"type":"file"}"#,
        #"{"id":"1","type":"file","size":1e20}"#,
        #"{"id":"1","type":"file","size":1.5}"#,
        #"{"id":"1","type":"file","small":256}"#,
        #"{"id":"1","type":"file","small":-1}"#,
        #"{"id":"1","type":"file","created_at":"yesterday"}"#,
        #"{"id":"1","type":"file","tags":["a",2]}"#,
        #"{"id":"1","type":"file","matrix":[[1],[2,"x"]]}"#,
        #"{"id":"1","type":"file","parent":{"id":"2","parent":{"name":"no id"}}}"#,
        #"{"id":"1","type":"file","counts":{"a":true}}"#,
        #"{"id":"1","type":"file","is_shared":1}"#,
        #"{"id":"1","type":"file","ratio":1e999}"#,
        #"{"id":"1","type":"file","link":"http://exa mple.com"}"#,
        #"["not an object"]"#,
        #"null"#,
    ])
    func errorsMatchJSONDecoder(text: String) {
        let result = Self.compare(Item.self, Array(text.utf8))
        #expect(!result.tape.hasPrefix("ok "))
        #expect(Self.sameError(result.tape, result.foundation), "tape: \(result.tape); JSONDecoder: \(result.foundation)")
    }

    /// The same kind of error at the same path, or a path where JSONDecoder gives none (it
    /// leaves the path empty for numbers that do not fit and unrepresentable numbers).
    static func sameError(_ tape: String, _ foundation: String) -> Bool {
        if tape == foundation { return true }
        guard let tapeKind = tape.split(separator: " ").first, let foundationKind = foundation.split(separator: " ").first
        else { return false }
        return tapeKind == foundationKind && foundation.hasSuffix(" at ") && !tape.hasSuffix(" at ")
    }

    @Test(arguments: [
        "", " ", "{", "}", "[,]", "[1,,]", #"{,}"#, "01", "-", "1.", ".5", "1e", "+1", "tru", "nul", "[1 2]",
        #"{"a" 1}"#, "{1:2}", #""abc"#, #""\u12""#, #"{"\u00":1}"#,
        "[] []", "[1]x", "\u{FEFF}", "NaN", "Infinity", "[-]", "{\"a\":}",
    ])
    func malformedDocumentsAreSyntaxErrors(text: String) {
        let bytes = Array(text.utf8)
        #expect(throws: (any Error).self) { try JSONCoding.makeDecoder().decode(JSONValue.self, from: Data(bytes)) }
        do {
            _ = try JSONCoding.decode(JSONValue.self, from: bytes)
            Issue.record("'\(text)' should not parse")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError is JSONSyntaxError)
            #expect(context.codingPath.isEmpty)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Bad escapes and raw control characters fail the value when it is read, and only then
    /// (as with JSONDecoder): a bad value in a field nobody reads does not fail the body.
    @Test(arguments: ["\"a\u{01}b\"", #""\x""#, #""\ud800""#, #""\udc00x""#, #""\ud83dx""#])
    func badStringsFailWhenRead(text: String) {
        #expect(throws: DecodingError.self) { try JSONCoding.decode(String.self, from: Array(text.utf8)) }
        #expect(throws: DecodingError.self) { try JSONCoding.makeDecoder().decode(String.self, from: Data(text.utf8)) }
        let unread = Array(#"{"id":"1","ignored":\#(text)}"#.utf8)
        let result = Self.compare(Parent.self, unread)
        #expect(result.tape == #"ok {"id":"1"}"#)
        #expect(result.tape == result.foundation)
        let asKey = Array(#"{"id":"1",\#(text):1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONCoding.decode(Parent.self, from: asKey) }
        #expect(throws: DecodingError.self) { try JSONCoding.makeDecoder().decode(Parent.self, from: Data(asKey)) }
    }

    @Test func invalidUTF8IsRejected() throws {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF8, 0x22],
                               [0x22, 0xE2, 0x82, 0x22], [0x22, 0xC0, 0xAF, 0x22]] {
            #expect(throws: DecodingError.self) { try JSONCoding.decode(String.self, from: bytes) }
        }
        #expect(try JSONCoding.decode(String.self, from: [0x22, 0xE2, 0x82, 0xAC, 0x22]) == "€")
    }

    @Test func nestingIsBounded() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: DecodingError.self) { try JSONCoding.decode(JSONValue.self, from: deep) }
        let allowed = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSONCoding.decode(JSONValue.self, from: Array(allowed.utf8)) }
    }

    @Test func trailingCommasAreAcceptedAsJSONDecoderDoes() {
        for text in ["[1,]", #"{"a":1,}"#, #"{"a":[true ,] , }"#] {
            let result = Self.compare(JSONValue.self, Array(text.utf8))
            #expect(result.tape.hasPrefix("ok "))
            #expect(result.tape == result.foundation)
        }
    }

    struct Colliding: Decodable {
        var first: Int
        var second: Int
        var short: Int

        enum CodingKeys: String, CodingKey {
            // Same length, same first and last eight bytes: the same hash.
            case first = "abcdefgh-1-ijklmnop"
            case second = "abcdefgh-2-ijklmnop"
            case short = "ab"
        }
    }

    @Test func keysWithTheSameHashAreToldApart() throws {
        let bytes = Array(#"{"abcdefgh-2-ijklmnop":2,"ab":3,"abcdefgh-1-ijklmnop":1}"#.utf8)
        let value = try JSONCoding.decode(Colliding.self, from: bytes)
        #expect((value.first, value.second, value.short) == (1, 2, 3))
        let dictionary = try JSONCoding.decode([String: Int].self, from: bytes)
        #expect(dictionary == ["abcdefgh-1-ijklmnop": 1, "abcdefgh-2-ijklmnop": 2, "ab": 3])
    }

    @Test func duplicateKeysKeepTheFirstValueAsJSONDecoderDoes() throws {
        let bytes = Array(#"{"id":"a","name":"n","id":"b"}"#.utf8)
        #expect(try JSONCoding.decode(Parent.self, from: bytes).id == "a")
        let result = Self.compare(Parent.self, bytes)
        #expect(result.tape == result.foundation)
    }

    /// Seeded mutations of the sample documents (bytes replaced, inserted, deleted or
    /// repeated): whatever JSONDecoder makes of each, value or error, the tape decoder must
    /// make the same.
    @Test func mutatedDocumentsMatchJSONDecoder() {
        // xorshift64, seeded, so a failing mutation can be replayed.
        var state: UInt64 = 0x5EED_B0C5
        func random() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let alphabet = Array(#"{}[]",:0123456789eE.-+ntfrlsu\/ aZ"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]
        var mismatches: [String] = []
        var decoded = 0
        for round in 0..<3000 {
            var bytes = Array((round % 2 == 0 ? Self.item : Self.listing).utf8)
            for _ in 0..<(1 + Int(random() % 3)) {
                let position = Int(random() % UInt64(bytes.count))
                let byte = alphabet[Int(random() % UInt64(alphabet.count))]
                switch random() % 4 {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                case 2: bytes.remove(at: position)
                default:
                    let end = min(bytes.count, position + Int(random() % 12))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "0")] }
            }
            let typed = round % 2 == 0 ? Self.compare(Item.self, bytes) : Self.compare(Listing.self, bytes)
            let untyped = Self.compare(JSONValue.self, bytes)
            if typed.tape.hasPrefix("ok ") { decoded += 1 }
            // Both fail (the error kind may differ for bytes that are not JSON), or both
            // give the same value.
            for (tape, foundation) in [typed, untyped]
            where tape != foundation && (tape.hasPrefix("ok ") || foundation.hasPrefix("ok ")) {
                mismatches.append("\(String(decoding: bytes, as: UTF8.self))\n  tape: \(tape)\n  JSONDecoder: \(foundation)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ: \(mismatches.prefix(4).joined(separator: "\n"))")
        #expect(decoded > 100, "the mutations should leave many documents decodable")
    }

    /// An object of `count` members `"k0": 0, "k1": 1, ...`.
    static func wideObject(_ count: Int) -> [UInt8] {
        var text = "{"
        for index in 0..<count { text += (index == 0 ? "" : ",") + "\"k\(index)\":\(index)" }
        return Array((text + "}").utf8)
    }

    @Test func wideObjectsDecodeAsJSONDecoderDoes() throws {
        let bytes = Self.wideObject(5_000)
        let dictionary = try JSONCoding.decode([String: Int].self, from: bytes)
        #expect(dictionary == (try JSONCoding.makeDecoder().decode([String: Int].self, from: Data(bytes))))
        // Past the size where objects are indexed, the first of duplicate keys still wins.
        let duplicated = Array((String(decoding: Self.wideObject(100).dropLast(), as: UTF8.self) + #","k0":99,"k7":98}"#).utf8)
        #expect(try JSONCoding.decode([String: Int].self, from: duplicated)["k0"] == 0, "the first of duplicate keys wins")
        struct Two: Decodable { var k99: Int; var k7: Int }
        let two = try JSONCoding.decode(Two.self, from: duplicated)
        #expect(two.k99 == 99 && two.k7 == 7)
    }

    /// Decoding every key of an object costs time proportional to its size: doubling the
    /// keys twice takes about four times as long, not sixteen (the quadratic scan took
    /// minutes for 250,000 keys).
    @Test func decodingEveryKeyOfAWideObjectIsLinear() throws {
        func fastest(_ count: Int) throws -> Duration {
            let bytes = Self.wideObject(count)
            var best = Duration.seconds(1_000)
            for _ in 0..<3 {
                let start = ContinuousClock.now
                _ = try JSONCoding.decode([String: Int].self, from: bytes)
                best = min(best, ContinuousClock.now - start)
            }
            return best
        }
        let small = try fastest(1 << 13)
        let large = try fastest(1 << 15)
        #expect(large < small * 10, "4× the keys took \(large / small)× as long")
    }
}
