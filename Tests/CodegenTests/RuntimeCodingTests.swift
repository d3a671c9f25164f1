import BoxLikeRuntime
import Foundation
import Testing

/// The runtime coding helpers that generated code relies on, exercised through types
/// shaped like generated ones.
@Suite("Runtime coding support")
struct RuntimeCodingTests {
    struct UpdateBody: Codable, Sendable {
        var name: String?
        var description: Nullable<String>?
        var sharedLink: Nullable<Link>?

        enum CodingKeys: String, CodingKey {
            case name
            case description
            case sharedLink = "shared_link"
        }
    }

    struct Link: Codable, Sendable, Equatable {
        var url: String
    }

    struct Category: Codable, Sendable {
        var name: String
        @Indirect var parent: Category?

        init(name: String, parent: Category? = nil) {
            self.name = name
            self.parent = parent
        }
    }

    struct Role: OpenEnum {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
        static let editor = Role(rawValue: "editor")
    }

    enum Item: Codable, Sendable {
        case link(Link)
        case category(Category)
        case unknown(JSONValue)

        init(from decoder: any Decoder) throws {
            switch try UnionCoding.discriminator("type", in: decoder) {
            case "link"?: self = .link(try UnionCoding.decode(Link.self, from: decoder))
            case "category"?: self = .category(try UnionCoding.decode(Category.self, from: decoder))
            default: self = .unknown(try UnionCoding.decode(JSONValue.self, from: decoder))
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .link(let value): try UnionCoding.encode(value, to: encoder)
            case .category(let value): try UnionCoding.encode(value, to: encoder)
            case .unknown(let value): try UnionCoding.encode(value, to: encoder)
            }
        }
    }

    enum Loose: Codable, Sendable {
        case date(Date)
        case string(String)

        init(from decoder: any Decoder) throws {
            self = try UnionCoding.decodeFirstMatch(Self.self, from: decoder, candidates: [
                { .date(try UnionCoding.decode(Date.self, from: $0)) },
                { .string(try UnionCoding.decode(String.self, from: $0)) },
            ])
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .date(let value): try UnionCoding.encode(value, to: encoder)
            case .string(let value): try UnionCoding.encode(value, to: encoder)
            }
        }
    }

    struct Instance: Codable, Sendable {
        var parent: String
        var extra: [String: JSONValue]

        enum CodingKeys: String, CodingKey {
            case parent = "$parent"
        }

        init(parent: String, extra: [String: JSONValue]) {
            self.parent = parent
            self.extra = extra
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            parent = try container.decode(String.self, forKey: .parent)
            extra = try AdditionalPropertiesCoding.decode(JSONValue.self, from: decoder, excluding: ["$parent"])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(parent, forKey: .parent)
            try AdditionalPropertiesCoding.encode(extra, to: encoder)
        }
    }

    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONCoding.makeDecoder().decode(T.self, from: Data(text.utf8))
    }

    @Test("Nullable fields: nil is left out, .null is sent as null, a value is sent as is")
    func nullableEncoding() throws {
        #expect(try json(UpdateBody(name: "x")) == #"{"name":"x"}"#)
        #expect(try json(UpdateBody(description: .null, sharedLink: .null)) == #"{"description":null,"shared_link":null}"#)
        #expect(try json(UpdateBody(sharedLink: .value(Link(url: "u")))) == #"{"shared_link":{"url":"u"}}"#)
    }

    @Test("Nullable fields decode absent as nil and null as .null")
    func nullableDecoding() throws {
        let body = try decode(UpdateBody.self, #"{"description":null}"#)
        #expect(body.description == .null)
        #expect(body.sharedLink == nil)
        #expect(try decode(UpdateBody.self, #"{"description":"d"}"#).description == .value("d"))
    }

    @Test("@Indirect properties code like plain optionals")
    func indirect() throws {
        let child = Category(name: "child", parent: Category(name: "root"))
        #expect(try json(child) == #"{"name":"child","parent":{"name":"root"}}"#)
        let decoded = try decode(Category.self, #"{"name":"a","parent":{"name":"b","parent":{"name":"c"}}}"#)
        #expect(decoded.parent?.parent?.name == "c")
        #expect(try decode(Category.self, #"{"name":"a"}"#).parent == nil)
        var copy = decoded
        copy.parent = nil
        #expect(decoded.parent?.name == "b", "copies do not share writes")
    }

    @Test("open enums keep unknown values and compare with known ones")
    func openEnum() throws {
        #expect(try decode([Role].self, #"["editor","co-owner"]"#) == [.editor, Role(rawValue: "co-owner")])
        #expect(try json([Role.editor, "viewer"]) == #"["editor","viewer"]"#)
        var query = QueryParameters()
        query.add("role", Role.editor)
        #expect(query.encoded == "role=editor")
        #expect(Role.editor.description == "editor")
    }

    @Test("discriminated unions pick the case by discriminator and keep unknown objects")
    func discriminatedUnion() throws {
        let items = try decode([Item].self, #"[{"type":"link","url":"u"},{"type":"category","name":"c"},{"type":"new","x":1}]"#)
        guard case .link(let link) = items[0], case .category(let category) = items[1],
              case .unknown(let unknown) = items[2] else {
            Issue.record("unexpected cases \(items)")
            return
        }
        #expect(link.url == "u")
        #expect(category.name == "c")
        #expect(unknown["x"] == .integer(1))
        #expect(try json(items[2]) == #"{"type":"new","x":1}"#)
    }

    @Test("plain unions try cases in order, with the decoder's date strategy")
    func plainUnion() throws {
        let values = try decode([Loose].self, #"["2024-05-01T10:00:00Z","hello"]"#)
        guard case .date(let date) = values[0], case .string(let text) = values[1] else {
            Issue.record("unexpected cases \(values)")
            return
        }
        #expect(date == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(text == "hello")
        #expect(throws: DecodingError.self) { try decode(Loose.self, "12") }
    }

    @Test("additional properties are kept next to named ones")
    func additionalProperties() throws {
        let instance = try decode(Instance.self, #"{"$parent":"file_1","reviewed":true,"score":4.5}"#)
        #expect(instance.parent == "file_1")
        #expect(instance.extra == ["reviewed": true, "score": .number(4.5)])
        #expect(try json(instance) == #"{"$parent":"file_1","reviewed":true,"score":4.5}"#)
    }

    @Test("JSONValue round-trips any JSON")
    func jsonValue() throws {
        let text = #"{"a":[1,2.5,"s",true,null],"b":{"c":-9007199254740993}}"#
        let value = try decode(JSONValue.self, text)
        #expect(value["b"]?["c"] == .integer(-9_007_199_254_740_993))
        #expect(try json(value) == text)
    }
}
